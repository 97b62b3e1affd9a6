import Fluent
import Foundation

/// A post, as people report it and a moderator hides it (from everyone but its author).
enum KinnectPostContent: ReportableContent {
    static let kind = "kinnect.post"

    static func find(_ id: String, seenBy viewerID: UUID, in context: ServiceContext) async throws -> (owner: UUID, contentID: String)? {
        guard let postID = UUID(uuidString: id),
              let post = try await KinnectPost.find(postID, on: context.database),
              try await PostService(context: context).mayView(post, viewerID)
        else { return nil }
        return (post.$author.id, postID.uuidString)
    }

    static func hide(_ contentID: String, in context: ServiceContext) async throws {
        guard let postID = UUID(uuidString: contentID) else { return }
        try await KinnectPost.query(on: context.database).filter(\.$id == postID).set(\.$hiddenAt, to: context.now).update()
    }
}

/// A comment or reply, as people report it and a moderator hides it.
enum KinnectCommentContent: ReportableContent {
    static let kind = "kinnect.comment"

    static func find(_ id: String, seenBy viewerID: UUID, in context: ServiceContext) async throws -> (owner: UUID, contentID: String)? {
        guard let commentID = UUID(uuidString: id),
              let comment = try await KinnectComment.query(on: context.database).filter(\.$id == commentID).with(\.$post).first(),
              comment.hiddenAt == nil || comment.$author.id == viewerID,
              try await PostService(context: context).mayView(comment.post, viewerID)
        else { return nil }
        return (comment.$author.id, commentID.uuidString)
    }

    static func hide(_ contentID: String, in context: ServiceContext) async throws {
        guard let commentID = UUID(uuidString: contentID) else { return }
        try await KinnectComment.query(on: context.database).filter(\.$id == commentID).set(\.$hiddenAt, to: context.now).update()
    }
}
