import Fluent
import Foundation
import KindredAPI
import Vapor

/// What Kinnect asks of the foundation.
enum KinnectApp: KindredApp {
    static let id = "kinnect"
    static let name = "Kinnect"
    static let contractPrefix = "Kinnect"

    /// My posts and what people said on them (not what a moderator hid), my likes, comments and
    /// saves, who I follow and who follows or asked to, and my activity tab. Others' saves of my
    /// posts are theirs: saving is private.
    static let exportedTables: [ExportedTable] = [
        ExportedTable("kinnect_posts", .account("author_id")),
        ExportedTable("kinnect_post_photos", .parent("post_id", in: "kinnect_posts")),
        ExportedTable("kinnect_comments", .account("author_id"), .parent("post_id", in: "kinnect_posts").when("hidden_at IS NULL")),
        ExportedTable("kinnect_likes", .account("user_id"), .parent("post_id", in: "kinnect_posts")),
        ExportedTable("kinnect_saves", .account("user_id")),
        ExportedTable("kinnect_follows", .account("follower_id"), .account("followee_id")),
        ExportedTable("kinnect_activity", .account("recipient_id")),
        ExportedTable("kinnect_activity_reads", .account("user_id")),
    ]

    /// A post's photos and videos are seen by whoever may see the post: its author's approved followers,
    /// unless a moderator hid it.
    static func mayView(_ item: MediaItem, viewerID: UUID, on database: any Database) async throws -> Bool {
        let itemID = try item.requireID()
        guard let placed = try await KinnectPostMedia.query(on: database)
            .group(.or, { $0.filter(\.$display.$id == itemID).filter(\.$thumbnail.$id == itemID) })
            .with(\.$post).first(),
            placed.post.hiddenAt == nil
        else { return false }
        let follow = try await FollowService.follow(from: viewerID, to: placed.post.$author.id, on: database)
        return follow?.isApproved == true
    }

    /// Photos, thumbnails, videos and posters in a post.
    static func mediaInUse(_ ids: [UUID], on database: any Database) async throws -> Set<UUID> {
        let placed = try await KinnectPostMedia.query(on: database)
            .group(.or) { $0.filter(\.$display.$id ~~ ids).filter(\.$thumbnail.$id ~~ ids) }.all()
        return Set(placed.flatMap { [$0.$display.id, $0.$thumbnail.id] })
    }

    static let notificationKinds = KinnectNotifications.all

    static func seedDemo(_ app: Application, people: [User]) async throws {
        try await KinnectDemo.seed(app, people: people)
    }

    /// Posts and comments can be reported, and a moderator can hide them.
    static let reportableContent: [any ReportableContent.Type] = [KinnectPostContent.self, KinnectCommentContent.self]

    /// A block ends every follow and request between the two, both ways.
    static func endRelationships(between blockerID: UUID, and blockedID: UUID, in context: ServiceContext) async throws {
        try await FollowService.endFollows(between: blockerID, and: blockedID, on: context.database)
    }
}

extension Components.Schemas.RealtimeEvent {
    /// To the person asked: someone wants to follow them.
    static func kinnectFollowRequested(_ requester: Components.Schemas.KinnectPerson) -> Self {
        .kinnect_follow_requested(.init(_type: "kinnect.follow.requested", person: requester))
    }

    /// To the person who asked: they may follow now.
    static func kinnectFollowAccepted(_ followed: Components.Schemas.KinnectPerson) -> Self {
        .kinnect_follow_accepted(.init(_type: "kinnect.follow.accepted", person: followed))
    }

    /// To the author's followers: a new post, for the feed's "New posts" banner.
    static func kinnectPostCreated(_ postID: UUID, by author: Components.Schemas.Profile) -> Self {
        .kinnect_post_created(.init(_type: "kinnect.post.created", postId: postID, author: author))
    }
}
