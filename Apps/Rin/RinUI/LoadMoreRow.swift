import SwiftUI

/// The last row of a list read a page at a time: it asks for the next page when it scrolls into
/// view, and a button does the same should that page have failed (the model says why above).
struct LoadMoreRow: View {
    let load: @MainActor () async -> Void
    @State private var isLoading = false

    var body: some View {
        HStack {
            Spacer()
            if isLoading {
                ProgressView()
            } else {
                Button("Show more") { Task { await run() } }
                    .buttonStyle(.borderless)
            }
            Spacer()
        }
        .task { await run() }
    }

    private func run() async {
        guard !isLoading else { return }
        isLoading = true
        await load()
        isLoading = false
    }
}
