import KinnectCore
import SwiftUI

/// A post's comments, oldest first, each thread's replies on demand, and a field to comment or
/// reply. What I send shows at once and is taken back (with my words back in the field) if the
/// server refuses it. I can delete my comments, and any comment on my post; others' I can report.
struct CommentsSheet: View {
    let session: KindredSession
    let post: KinnectPost
    let viewer: Viewer?

    @State private var model: CommentsModel
    @State private var draft = ""
    @State private var replyingTo: KinnectComment?
    @State private var reporting: ReportSubject?
    @FocusState private var composing: Bool
    @Environment(\.dismiss) private var dismiss

    /// The server's limit on a comment (the contract's `maxLength`).
    private let maxLength = 2200

    init(session: KindredSession, post: KinnectPost, viewer: Viewer?) {
        self.session = session
        self.post = post
        self.viewer = viewer
        _model = State(initialValue: CommentsModel(session: session, postID: post.id))
    }

    var body: some View {
        NavigationStack {
            List {
                ForEach(model.comments, id: \.id) { comment in
                    row(comment)
                    if let replies = model.replies[comment.id] {
                        ForEach(replies, id: \.id) { reply in
                            row(reply)
                                .padding(.leading, 40)
                        }
                    } else if comment.replyCount > 0 {
                        Button("View ^[\(comment.replyCount) reply](inflect: true)") {
                            Task { await model.loadReplies(to: comment.id) }
                        }
                        .font(.footnote.weight(.semibold))
                        .foregroundStyle(.secondary)
                        .padding(.leading, 40)
                    }
                }
                more
            }
            .listStyle(.plain)
            .overlay { emptyState }
            .navigationTitle("Comments")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done") { dismiss() }
                }
            }
            .safeAreaInset(edge: .bottom) { composer }
        }
        .presentationDetents([.medium, .large])
        .task { await model.load() }
        .sheet(item: $reporting) { subject in
            ReportSheet(session: session, subject: subject)
        }
    }

    private func row(_ comment: KinnectComment) -> some View {
        CommentRow(comment: comment,
                   canDelete: viewer?.id == comment.author.id || viewer?.id == post.author.id,
                   reply: {
                       replyingTo = comment
                       composing = true
                   },
                   delete: { Task { await model.delete(comment) } },
                   report: { reporting = .kinnectComment(comment) })
    }

    @ViewBuilder private var more: some View {
        if let error = model.error {
            VStack(alignment: .leading, spacing: 6) {
                Text(error)
                    .font(.footnote)
                    .foregroundStyle(.red)
                if model.nextCursor != nil || model.comments.isEmpty {
                    Button("Try again") {
                        Task {
                            if model.comments.isEmpty { await model.load() } else { await model.loadMore() }
                        }
                    }
                    .buttonStyle(.bordered)
                }
            }
        } else if model.nextCursor != nil {
            ProgressView()
                .frame(maxWidth: .infinity)
                .task { await model.loadMore() }
        }
    }

    @ViewBuilder private var emptyState: some View {
        if model.comments.isEmpty && model.error == nil {
            ContentUnavailableView("No comments yet", systemImage: "bubble.left.and.bubble.right",
                                   description: Text("Start the conversation."))
        }
    }

    private var composer: some View {
        VStack(alignment: .leading, spacing: 6) {
            if let replyingTo {
                HStack {
                    Text("Replying to \(replyingTo.author.username)")
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                    Spacer()
                    Button {
                        self.replyingTo = nil
                    } label: {
                        Image(systemName: "xmark.circle.fill")
                            .foregroundStyle(.secondary)
                    }
                    .accessibilityLabel("Cancel the reply")
                }
            }
            HStack(alignment: .bottom, spacing: 8) {
                TextField(viewer?.profile == nil ? "Loading your profile…" : "Add a comment…", text: $draft, axis: .vertical)
                    .lineLimit(1...5)
                    .focused($composing)
                    .textFieldStyle(.roundedBorder)
                Button("Post") { Task { await send() } }
                    .buttonStyle(.borderedProminent)
                    .disabled(!canSend)
            }
            if trimmedDraft.count > maxLength {
                Text("\(trimmedDraft.count - maxLength) characters too long.")
                    .font(.footnote)
                    .foregroundStyle(.red)
            }
        }
        .padding()
        .background(.bar)
    }

    private var trimmedDraft: String { draft.trimmingCharacters(in: .whitespacesAndNewlines) }

    private var canSend: Bool {
        viewer?.profile != nil && !trimmedDraft.isEmpty && trimmedDraft.count <= maxLength
    }

    private func send() async {
        guard canSend, let me = viewer?.profile else { return }
        let text = trimmedDraft
        let target = replyingTo
        // The thread's replies first: the model adds mine to what is shown, and a thread shown
        // with only my reply would hide the others behind it.
        if let target {
            let thread = target.replyTo ?? target.id
            if model.replies[thread] == nil { await model.loadReplies(to: thread) }
        }
        draft = ""
        replyingTo = nil
        await model.send(text, me: me, replyTo: target)
        // A refused comment leaves the list again; give the words back rather than lose them.
        if model.error != nil && draft.isEmpty {
            draft = text
            replyingTo = target
        }
    }
}
