import RinAppShell
import SwiftUI

/// A merge that stands: which two contacts became one, how (an import was sure, a suggestion I
/// accepted, or by hand) and when, with Undo, which puts both back exactly as they were. A
/// refusal (edited since, or a later merge first) is the model's to say and to confirm.
struct MergeRow: View {
    let merge: RinMergeRecord
    let undo: @MainActor () async -> Void
    @State private var isUndoing = false

    var body: some View {
        HStack(spacing: 12) {
            Image(systemName: "arrow.triangle.merge")
                .foregroundStyle(.secondary)
                .accessibilityHidden(true)
            VStack(alignment: .leading, spacing: 2) {
                Text(names)
                Text("\(ContactsWords.mergeHow(merge)) · \(merge.createdAt.formatted(date: .abbreviated, time: .shortened))")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            Spacer()
            Button {
                Task {
                    isUndoing = true
                    await undo()
                    isUndoing = false
                }
            } label: {
                if isUndoing { ProgressView() } else { Label("Undo", systemImage: "arrow.uturn.backward") }
            }
            .buttonStyle(.bordered)
            .disabled(isUndoing)
            .accessibilityLabel("Undo the merge of \(merge.absorbedName) into \(merge.survivorName)")
        }
    }

    /// "Ada Lovelace and A. Lovelace", or ", two cards made one" when both had one name.
    private var names: String {
        merge.survivorName == merge.absorbedName
            ? "\(merge.survivorName), two cards made one"
            : "\(merge.survivorName) and \(merge.absorbedName)"
    }
}
