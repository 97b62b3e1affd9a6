import KinnectCore
import SwiftUI

/// Edits my post's caption: the field, how many characters are left, Save.
struct EditCaptionSheet: View {
    let session: KindredSession
    let post: KinnectPost
    let onSaved: @MainActor (KinnectPost) -> Void

    @Environment(\.dismiss) private var dismiss
    @State private var caption: String
    @State private var saving = false
    @State private var error: String?

    init(session: KindredSession, post: KinnectPost, onSaved: @escaping @MainActor (KinnectPost) -> Void) {
        self.session = session
        self.post = post
        self.onSaved = onSaved
        _caption = State(initialValue: post.caption)
    }

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    TextField("Write a caption…", text: $caption, axis: .vertical)
                        .lineLimit(3...12)
                } footer: {
                    Text("\(caption.count)/\(ComposerModel.captionLimit)")
                        .foregroundStyle(caption.count > ComposerModel.captionLimit ? Color.red : Color.secondary)
                }
                if let error {
                    Section {
                        Text(error).foregroundStyle(.red)
                    }
                }
            }
            .navigationTitle("Edit caption")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                        .disabled(saving)
                }
                ToolbarItem(placement: .confirmationAction) {
                    if saving {
                        ProgressView()
                    } else {
                        Button("Save") { Task { await save() } }
                            .disabled(caption == post.caption || caption.count > ComposerModel.captionLimit)
                    }
                }
            }
        }
        .interactiveDismissDisabled(saving)
    }

    private func save() async {
        saving = true
        defer { saving = false }
        do {
            let saved = try await session.editCaption(of: post.id, to: caption)
            onSaved(saved)
            dismiss()
        } catch {
            self.error = error.localizedDescription
        }
    }
}
