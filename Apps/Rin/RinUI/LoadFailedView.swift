import SwiftUI

/// A whole screen that could not be read and has nothing kept to show instead, with Try again.
struct LoadFailedView: View {
    var title = "This did not load"
    let message: String
    let retry: @MainActor () async -> Void

    var body: some View {
        ContentUnavailableView {
            Label(title, systemImage: "exclamationmark.triangle")
        } description: {
            Text(message)
        } actions: {
            Button("Try again") { Task { await retry() } }
                .buttonStyle(.bordered)
        }
    }
}
