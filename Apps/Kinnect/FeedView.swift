import KinnectCore
import SwiftUI

/// The feed: my posts and those of the people I follow, newest first. Pull to refresh; the next
/// page loads as the last posts scroll into view; "New posts" appears when people I follow post
/// and takes me to the top with them.
struct FeedView: View {
    let session: KindredSession
    @Environment(FeedModel.self) private var model
    @State private var loaded = false
    /// Captions I edited here, shown until the next refresh brings them from the server
    /// (`FeedModel` has no way to change a post in place).
    @State private var editedCaptions: [UUID: String] = [:]

    private static let top = "top"

    var body: some View {
        NavigationStack {
            ScrollViewReader { proxy in
                ScrollView {
                    LazyVStack(spacing: 28) {
                        Color.clear.frame(height: 0).id(Self.top)
                        ForEach(model.posts, id: \.id) { post in
                            PostCell(session: session, post: shown(post), actions: actions(for: post))
                                .onAppear { loadMoreIfNear(post) }
                        }
                        footer
                    }
                    .padding(.bottom)
                }
                .refreshable { await refresh() }
                .overlay(alignment: .top) { newPostsBanner(proxy) }
                .animation(.default, value: model.newPosts > 0)
            }
            .overlay { emptyState }
            .navigationTitle("Kinnect")
            .navigationBarTitleDisplayMode(.inline)
            .kinnectRoutes(session: session)
        }
        .task {
            guard !loaded else { return }
            loaded = true
            await model.refresh()
        }
    }

    private func refresh() async {
        await model.refresh()
        if model.error == nil { editedCaptions = [:] }
    }

    private func loadMoreIfNear(_ post: KinnectPost) {
        guard model.nextCursor != nil, model.posts.suffix(3).contains(where: { $0.id == post.id }) else { return }
        Task { await model.loadMore() }
    }

    private func shown(_ post: KinnectPost) -> KinnectPost {
        guard let caption = editedCaptions[post.id] else { return post }
        var edited = post
        edited.caption = caption
        return edited
    }

    private func actions(for post: KinnectPost) -> PostActions {
        PostActions(
            toggleLike: { likeOnly in await model.toggleLike(post.id, likeOnly: likeOnly) },
            toggleSave: { await model.toggleSave(post.id) },
            delete: { await model.delete(post) },
            captionEdited: { edited in editedCaptions[edited.id] = edited.caption },
            authorBlocked: { await refresh() }
        )
    }

    @ViewBuilder private func newPostsBanner(_ proxy: ScrollViewProxy) -> some View {
        if model.newPosts > 0 {
            Button {
                withAnimation { proxy.scrollTo(Self.top, anchor: .top) }
                Task { await refresh() }
            } label: {
                Label("^[\(model.newPosts) new post](inflect: true)", systemImage: "arrow.up")
                    .font(.subheadline.weight(.semibold))
            }
            .buttonStyle(.borderedProminent)
            .buttonBorderShape(.capsule)
            .shadow(radius: 4, y: 2)
            .padding(.top, 8)
            .transition(.move(edge: .top).combined(with: .opacity))
            .accessibilityHint("Shows the newest posts")
        }
    }

    /// Below the last post: the next page coming, or why it did not (a failed like or save
    /// also lands here, after its heart or bookmark has gone back).
    @ViewBuilder private var footer: some View {
        if !model.posts.isEmpty {
            if let error = model.error {
                RetryFooter(message: error) {
                    if model.nextCursor == nil { await refresh() } else { await model.loadMore() }
                }
            } else if model.nextCursor != nil {
                ProgressView().padding()
            }
        }
    }

    @ViewBuilder private var emptyState: some View {
        if model.posts.isEmpty {
            if let error = model.error {
                ContentUnavailableView {
                    Label("Your feed did not load", systemImage: "exclamationmark.triangle")
                } description: {
                    Text(error)
                } actions: {
                    Button("Try again") { Task { await refresh() } }
                }
            } else if model.isLoading {
                ProgressView()
            } else if loaded {
                ContentUnavailableView("No posts yet", systemImage: "photo.on.rectangle.angled",
                                       description: Text("Find family and friends in Search, or share your first photo."))
            }
        }
    }
}
