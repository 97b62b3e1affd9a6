import Foundation
import KindredSDK
import Observation

/// A post's comments sheet: comments oldest first, each thread's replies on demand, and sending a
/// comment or reply that shows at once and is taken back if the server refuses it.
@MainActor @Observable
public final class CommentsModel {
    public let postID: UUID
    public private(set) var comments: [KinnectComment] = []
    public private(set) var replies: [UUID: [KinnectComment]] = [:]
    public private(set) var nextCursor: String?
    public private(set) var error: String?

    private let session: KindredSession

    public init(session: KindredSession, postID: UUID) {
        self.session = session
        self.postID = postID
    }

    public func load() async {
        do {
            let page = try await session.comments(on: postID)
            (comments, nextCursor, error) = (page.items, page.nextCursor, nil)
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func loadMore() async {
        guard let cursor = nextCursor else { return }
        do {
            let page = try await session.comments(on: postID, cursor: cursor)
            comments += page.items.filter { item in !comments.contains { $0.id == item.id } }
            nextCursor = page.nextCursor
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Shows a thread's replies ("View 3 replies").
    public func loadReplies(to commentID: UUID) async {
        do {
            replies[commentID] = try await session.all { cursor in try await self.session.replies(to: commentID, cursor: cursor) }
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Sends a comment, or a reply to `replyTo`'s thread. It appears at once, as a pending
    /// stand-in, and is replaced by what the server saved, or removed again if it is refused.
    public func send(_ text: String, me: Profile, replyTo: KinnectComment? = nil) async {
        let threadID = replyTo.map { $0.replyTo ?? $0.id }
        // A reply joins its thread: show the thread's earlier replies with it, not instead of them.
        if let threadID, replies[threadID] == nil,
           comments.first(where: { $0.id == threadID }).map({ $0.replyCount > 0 }) ?? false {
            await loadReplies(to: threadID)
        }
        let pending = KinnectComment(id: UUID(), postId: postID, author: me, text: text, createdAt: Date(), replyTo: threadID, replyCount: 0)
        insert(pending, in: threadID)
        do {
            let saved = try await session.comment(on: postID, text, replyTo: threadID)
            replace(pending.id, with: saved, in: threadID)
            error = nil
        } catch {
            replace(pending.id, with: nil, in: threadID)
            self.error = error.localizedDescription
        }
    }

    public func delete(_ comment: KinnectComment) async {
        let before = (comments, replies)
        comments.removeAll { $0.id == comment.id }
        if let thread = comment.replyTo { replies[thread]?.removeAll { $0.id == comment.id } } else { replies[comment.id] = nil }
        do {
            try await session.deleteComment(comment.id)
        } catch {
            (comments, replies) = before
            self.error = error.localizedDescription
        }
    }

    private func insert(_ comment: KinnectComment, in threadID: UUID?) {
        if let threadID {
            replies[threadID, default: []].append(comment)
            if let index = comments.firstIndex(where: { $0.id == threadID }) { comments[index].replyCount += 1 }
        } else {
            comments.append(comment)
        }
    }

    private func replace(_ id: UUID, with saved: KinnectComment?, in threadID: UUID?) {
        if let threadID {
            guard let index = replies[threadID]?.firstIndex(where: { $0.id == id }) else { return }
            if let saved { replies[threadID]?[index] = saved } else {
                replies[threadID]?.remove(at: index)
                if let parent = comments.firstIndex(where: { $0.id == threadID }) { comments[parent].replyCount -= 1 }
            }
        } else if let index = comments.firstIndex(where: { $0.id == id }) {
            if let saved { comments[index] = saved } else { comments.remove(at: index) }
        }
    }
}
