import MemoriesCore
import SwiftUI

/// Under the book: Previous and Next (for those who would rather tap than curl, and for
/// VoiceOver), and where the reader is.
struct BookTurnBar: View {
    let model: BookModel

    var body: some View {
        HStack {
            Button { Task { await model.turnBack() } } label: {
                Label("Previous page", systemImage: "chevron.backward")
            }
            .disabled(!model.canTurnBack)
            Spacer()
            Text(whereAmI)
                .font(.footnote.monospacedDigit())
                .foregroundStyle(.secondary)
            Spacer()
            Button { Task { await model.turnForward() } } label: {
                Label("Next page", systemImage: "chevron.forward")
            }
            .disabled(!model.canTurnForward)
        }
        .labelStyle(.iconOnly)
        .font(.title3)
        .padding(.horizontal, 24)
        .padding(.vertical, 8)
    }

    /// "Page 3 of 12", "Pages 3–4 of 12". The total is the book's, which may be more than has loaded.
    private var whereAmI: String {
        let first = model.position + 1
        let last = model.position + max(model.visible.count, 1)
        let total = max(model.book?.pageCount ?? 0, model.contents.count)
        return first == last ? "Page \(first) of \(total)" : "Pages \(first)–\(last) of \(total)"
    }
}
