import KinnectCore
import SwiftUI

/// One post on its own screen, from a profile's grid or an activity item. KinnectCore's post
/// operations live in `FeedModel`, which only knows the feed's posts, so this screen calls the
/// session itself and shows what the server answers (no optimistic change; see the README).
struct PostDetailView: View {
    let session: KindredSession
    let postID: UUID
    var opensComments = false

    @Environment(\.dismiss) private var dismiss
    @State private var post: KinnectPost?
    @State private var loadError: String?
    @State private var actionError: String?

    var body: some View {
        ScrollView {
            if let post {
                VStack(spacing: 12) {
                    PostCell(session: session, post: post, actions: actions, opensComments: opensComments)
                    if let actionError {
                        Text(actionError)
                            .font(.footnote)
                            .foregroundStyle(.red)
                            .padding(.horizontal)
                    }
                }
                .padding(.vertical)
            }
        }
        .overlay { status }
        .refreshable { await load() }
        .navigationTitle("Post")
        .navigationBarTitleDisplayMode(.inline)
        .task {
            if post == nil { await load() }
        }
    }

    @ViewBuilder private var status: some View {
        if post == nil {
            if let loadError {
                ContentUnavailableView {
                    Label("The post did not load", systemImage: "exclamationmark.triangle")
                } description: {
                    Text(loadError)
                } actions: {
                    Button("Try again") { Task { await load() } }
                }
            } else {
                ProgressView()
            }
        }
    }

    private var actions: PostActions {
        PostActions(
            toggleLike: { likeOnly in await toggleLike(likeOnly: likeOnly) },
            toggleSave: { await toggleSave() },
            delete: { await delete() },
            captionEdited: { edited in post = edited },
            authorBlocked: { dismiss() }
        )
    }

    private func load() async {
        do {
            post = try await session.kinnectPost(postID)
            loadError = nil
        } catch {
            loadError = error.localizedDescription
        }
    }

    private func toggleLike(likeOnly: Bool) async {
        guard let current = post, !(likeOnly && current.liked) else { return }
        do {
            let likes = current.liked ? try await session.unlike(current.id) : try await session.like(current.id)
            post?.liked = likes.liked
            post?.likeCount = likes.likeCount
            actionError = nil
        } catch {
            actionError = error.localizedDescription
        }
    }

    private func toggleSave() async {
        guard let current = post else { return }
        do {
            if current.saved { try await session.unsave(current.id) } else { try await session.save(current.id) }
            post?.saved = !current.saved
            actionError = nil
        } catch {
            actionError = error.localizedDescription
        }
    }

    private func delete() async {
        do {
            try await session.deletePost(postID)
            dismiss()
        } catch {
            actionError = error.localizedDescription
        }
    }
}
