import SwiftUI

/// Below a list: why the next page (or the last action) failed, and a way to try again.
struct RetryFooter: View {
    let message: String
    let retry: @MainActor () async -> Void

    var body: some View {
        VStack(spacing: 8) {
            Text(message)
                .font(.footnote)
                .foregroundStyle(.red)
                .multilineTextAlignment(.center)
            Button("Try again") { Task { await retry() } }
                .buttonStyle(.bordered)
        }
        .padding()
    }
}
