import Foundation
import KindredSDK
import Observation

/// The feed: my posts and those of the people I follow, 20 at a time, newest first. Pages that
/// are already shown stay put while people post; new posts raise `newPosts` (the "New posts"
/// banner) until the person refreshes.
@MainActor @Observable
public final class FeedModel {
    public static let pageSize = 20

    public private(set) var posts: [KinnectPost] = []
    public private(set) var nextCursor: String?
    public private(set) var isLoading = false
    /// How many posts arrived since the feed was read: the banner's count.
    public private(set) var newPosts = 0
    public private(set) var error: String?

    private let session: KindredSession

    public init(session: KindredSession) {
        self.session = session
    }

    /// Reads the first page again (pull to refresh, or a tap on the banner).
    public func refresh() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let page = try await session.feed(limit: Self.pageSize)
            (posts, nextCursor, newPosts, error) = (page.items, page.nextCursor, 0, nil)
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// The next page, when the last post shown scrolls into view.
    public func loadMore() async {
        guard let cursor = nextCursor, !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        do {
            let page = try await session.feed(limit: Self.pageSize, cursor: cursor)
            let shown = Set(posts.map(\.id))
            posts += page.items.filter { !shown.contains($0.id) }
            nextCursor = page.nextCursor
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Counts new posts from the people I follow as they are made, until the caller stops.
    public func followChanges() async {
        for await event in session.events() {
            guard case .kinnect_post_created(let created) = event, !posts.contains(where: { $0.id == created.postId }) else { continue }
            newPosts += 1
        }
    }

    /// Likes or unlikes a post (a tap on the heart, or a double tap on the photo to like): the heart
    /// and the count change at once, and go back if the server refuses.
    public func toggleLike(_ postID: UUID, likeOnly: Bool = false) async {
        guard let index = posts.firstIndex(where: { $0.id == postID }) else { return }
        let before = posts[index]
        if likeOnly && before.liked { return }
        posts[index].liked.toggle()
        posts[index].likeCount = max(0, before.likeCount + (before.liked ? -1 : 1))
        do {
            let likes = before.liked ? try await session.unlike(postID) : try await session.like(postID)
            if let now = posts.firstIndex(where: { $0.id == postID }) {
                (posts[now].liked, posts[now].likeCount) = (likes.liked, likes.likeCount)
            }
            error = nil
        } catch {
            if let now = posts.firstIndex(where: { $0.id == postID }) { posts[now] = before }
            self.error = error.localizedDescription
        }
    }

    /// Saves or unsaves a post: the bookmark changes at once and goes back if the server refuses.
    public func toggleSave(_ postID: UUID) async {
        guard let index = posts.firstIndex(where: { $0.id == postID }) else { return }
        let wasSaved = posts[index].saved
        posts[index].saved.toggle()
        do {
            if wasSaved { try await session.unsave(postID) } else { try await session.save(postID) }
            error = nil
        } catch {
            if let now = posts.firstIndex(where: { $0.id == postID }) { posts[now].saved = wasSaved }
            self.error = error.localizedDescription
        }
    }

    /// Takes a post out of the feed at once (I deleted it), and puts it back if the server refuses.
    public func delete(_ post: KinnectPost) async {
        guard let index = posts.firstIndex(where: { $0.id == post.id }) else { return }
        posts.remove(at: index)
        do {
            try await session.deletePost(post.id)
        } catch {
            posts.insert(post, at: min(index, posts.count))
            self.error = error.localizedDescription
        }
    }
}
