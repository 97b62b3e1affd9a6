import Foundation
import KindredSDK

public typealias KinnectProfile = Components.Schemas.KinnectProfile
public typealias KinnectPerson = Components.Schemas.KinnectPerson
public typealias KinnectFollowState = Components.Schemas.KinnectFollowState

/// The Kinnect operations, over the SDK's session (auth, retries, problems).
extension KindredSession {
    public func kinnectProfile(_ username: String) async throws -> KinnectProfile {
        try await perform { try await client.getKinnectProfile(path: .init(username: username)).ok.body.json }
    }

    /// Asks to follow someone; resolves to where I stand with them afterwards (`requested`, or
    /// `following` if they had already confirmed).
    @discardableResult
    public func follow(_ username: String) async throws -> KinnectFollowState {
        try await perform {
            switch try await client.followKinnectProfile(body: .json(.init(username: username))) {
            case .created(let created): return try created.body.json.state
            case .ok(let existing): return try existing.body.json.state
            case .default(let status, _): throw KindredError.unexpectedResponse(status: status)
            }
        }
    }

    /// Cancels my request to follow someone, or stops following them.
    public func unfollow(_ username: String) async throws {
        _ = try await perform { try await client.unfollowKinnectProfile(path: .init(username: username)).noContent }
    }

    /// Who asked to follow me, most recent first, a page at a time.
    public func followRequests(limit: Int? = nil, cursor: String? = nil) async throws -> Page<KinnectPerson> {
        try await perform {
            let page = try await client.listKinnectFollowRequests(query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    @discardableResult
    public func confirmFollowRequest(from username: String) async throws -> KinnectPerson {
        try await perform { try await client.confirmKinnectFollowRequest(path: .init(username: username)).ok.body.json }
    }

    public func deleteFollowRequest(from username: String) async throws {
        _ = try await perform { try await client.deleteKinnectFollowRequest(path: .init(username: username)).noContent }
    }

    public func removeFollower(_ username: String) async throws {
        _ = try await perform { try await client.removeKinnectFollower(path: .init(username: username)).noContent }
    }

    /// Someone's followers, most recent first; only for the owner and approved followers.
    public func followers(of username: String, limit: Int? = nil, cursor: String? = nil) async throws -> Page<KinnectPerson> {
        try await perform {
            let page = try await client.listKinnectFollowers(path: .init(username: username), query: .init(limit: limit, cursor: cursor))
                .ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    /// Whom someone follows, most recent first; only for the owner and approved followers.
    public func following(of username: String, limit: Int? = nil, cursor: String? = nil) async throws -> Page<KinnectPerson> {
        try await perform {
            let page = try await client.listKinnectFollowing(path: .init(username: username), query: .init(limit: limit, cursor: cursor))
                .ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }
}

public typealias KinnectPost = Components.Schemas.KinnectPost

/// Posts and the feed.
extension KindredSession {
    /// Posts photos already uploaded as their two renditions, or videos with their posters
    /// (`uploadMedia`), in carousel order.
    public func post(caption: String, media: [(display: UUID, thumbnail: UUID)]) async throws -> KinnectPost {
        try await perform {
            try await client.createKinnectPost(body: .json(.init(
                caption: caption, media: media.map { .init(display: $0.display, thumbnail: $0.thumbnail) }))).created.body.json
        }
    }

    public func kinnectPost(_ id: UUID) async throws -> KinnectPost {
        try await perform { try await client.getKinnectPost(path: .init(postId: id)).ok.body.json }
    }

    public func editCaption(of postID: UUID, to caption: String) async throws -> KinnectPost {
        try await perform { try await client.updateKinnectPost(path: .init(postId: postID), body: .json(.init(caption: caption))).ok.body.json }
    }

    public func deletePost(_ postID: UUID) async throws {
        _ = try await perform { try await client.deleteKinnectPost(path: .init(postId: postID)).noContent }
    }

    /// My posts and those of the people I follow, newest first, `limit` at a time (Kinnect asks 20).
    public func feed(limit: Int = 20, cursor: String? = nil) async throws -> Page<KinnectPost> {
        try await perform {
            let page = try await client.getKinnectFeed(query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    /// Someone's posts, newest first; for the owner and approved followers.
    public func posts(of username: String, limit: Int = 20, cursor: String? = nil) async throws -> Page<KinnectPost> {
        try await perform {
            let page = try await client.listKinnectProfilePosts(path: .init(username: username), query: .init(limit: limit, cursor: cursor))
                .ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }
}

public typealias KinnectComment = Components.Schemas.KinnectComment
public typealias KinnectLikes = Components.Schemas.KinnectLikes

/// Likes and comments.
extension KindredSession {
    /// Likes a post (again: nothing changes); answers the post's likes now.
    @discardableResult
    public func like(_ postID: UUID) async throws -> KinnectLikes {
        try await perform { try await client.likeKinnectPost(path: .init(postId: postID)).ok.body.json }
    }

    @discardableResult
    public func unlike(_ postID: UUID) async throws -> KinnectLikes {
        try await perform { try await client.unlikeKinnectPost(path: .init(postId: postID)).ok.body.json }
    }

    /// A post's comments, oldest first, a page at a time.
    public func comments(on postID: UUID, limit: Int? = nil, cursor: String? = nil) async throws -> Page<KinnectComment> {
        try await perform {
            let page = try await client.listKinnectComments(path: .init(postId: postID), query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    /// A comment's replies, oldest first, a page at a time.
    public func replies(to commentID: UUID, limit: Int? = nil, cursor: String? = nil) async throws -> Page<KinnectComment> {
        try await perform {
            let page = try await client.listKinnectCommentReplies(path: .init(commentId: commentID), query: .init(limit: limit, cursor: cursor))
                .ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    /// Comments on a post, or replies to one of its comments.
    public func comment(on postID: UUID, _ text: String, replyTo: UUID? = nil) async throws -> KinnectComment {
        try await perform {
            try await client.createKinnectComment(path: .init(postId: postID), body: .json(.init(text: text, replyTo: replyTo))).created.body.json
        }
    }

    public func deleteComment(_ commentID: UUID) async throws {
        _ = try await perform { try await client.deleteKinnectComment(path: .init(commentId: commentID)).noContent }
    }
}

/// My private saved list.
extension KindredSession {
    public func save(_ postID: UUID) async throws {
        _ = try await perform { try await client.saveKinnectPost(path: .init(postId: postID)).noContent }
    }

    public func unsave(_ postID: UUID) async throws {
        _ = try await perform { try await client.unsaveKinnectPost(path: .init(postId: postID)).noContent }
    }

    /// The posts I saved, most recently saved first.
    public func savedPosts(limit: Int = 20, cursor: String? = nil) async throws -> Page<KinnectPost> {
        try await perform {
            let page = try await client.listSavedKinnectPosts(query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }
}
