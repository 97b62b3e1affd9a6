import Fluent
import Foundation
import SQLKit

/// Likes and comments on posts, for those who may see the post (a 404 for anyone else).
struct ReactionService {
    let context: ServiceContext
    private var posts: PostService { PostService(context: context) }

    /// Likes the post (again: nothing changes) and answers whether I like it and how many do.
    func like(_ postID: UUID, by userID: UUID) async throws -> (liked: Bool, count: Int) {
        let post = try await posts.visiblePost(postID, to: userID)
        if try await Self.like(of: postID, by: userID, on: context.database) == nil {
            let like = KinnectLike(postID: try post.requireID(), userID: userID)
            do {
                try await like.create(on: context.database)
                try await ActivityService(context: context).record(
                    .liked, for: post.$author.id, by: userID, group: KinnectActivity.groupID(.liked, postID.uuidString),
                    like: try like.requireID(), post: postID)
            } catch {
                // A double tap sent twice at once: the first like stands.
                guard (error as? any DatabaseError)?.isConstraintFailure == true else { throw error }
            }
        }
        return (true, try await KinnectLike.query(on: context.database).filter(\.$post.$id == postID).count())
    }

    func unlike(_ postID: UUID, by userID: UUID) async throws -> (liked: Bool, count: Int) {
        _ = try await posts.visiblePost(postID, to: userID)
        try await KinnectLike.query(on: context.database).filter(\.$post.$id == postID).filter(\.$user.$id == userID).delete()
        return (false, try await KinnectLike.query(on: context.database).filter(\.$post.$id == postID).count())
    }

    /// Who liked the post, most recent first, without anyone the viewer may not see.
    func likes(of postID: UUID, seenBy viewerID: UUID, page: PageRequest) async throws -> Page<KinnectLike> {
        _ = try await posts.visiblePost(postID, to: viewerID)
        let hidden = try await Blocks.hidden(from: viewerID, on: context.database)
        let likes = try await KinnectLike.query(on: context.database).filter(\.$post.$id == postID)
            .with(\.$user) { $0.with(\.$avatar) }
            .page(newestFirst: \.$createdAt, date: \.createdAt, page)
        return Page(items: likes.items.filter { !hidden.contains($0.$user.id) && $0.user.suspendedAt == nil }, nextCursor: likes.nextCursor)
    }

    /// Comments on the post (`replyTo` nil) or replies to one of them. Replying to a reply joins
    /// its thread: there is one level of replies.
    func comment(on postID: UUID, text rawText: String, replyTo: UUID?, by authorID: UUID) async throws -> KinnectComment {
        let post = try await posts.visiblePost(postID, to: authorID)
        let text = try TextRules.check(rawText.trimmingCharacters(in: .whitespacesAndNewlines), field: "text",
                                       limit: PostService.captionLimit, lines: .multiple,
                                       tooLong: "A comment is at most \(PostService.captionLimit) characters.").get()
        guard !text.isEmpty else { throw AppError.validation(field: "text", "Write something first.") }
        var parentID: UUID?
        var repliedTo: KinnectComment?
        if let replyTo {
            guard let parent = try await KinnectComment.query(on: context.database).filter(\.$id == replyTo)
                .filter(\.$post.$id == postID).first()
            else { throw AppError.validation(field: "replyTo", "That comment is not on this post (any more).") }
            let threadID = try parent.requireID()
            parentID = parent.$parent.id ?? threadID
            repliedTo = parent
        }
        let comment = KinnectComment(postID: try post.requireID(), authorID: authorID, parentID: parentID, text: text)
        try await comment.create(on: context.database)
        let commentID = try comment.requireID()
        // The person replied to hears of the reply; the post's author of any other comment.
        let activity = ActivityService(context: context)
        if let repliedTo, let threadID = parentID {
            try await activity.record(.replied, for: repliedTo.$author.id, by: authorID,
                                      group: KinnectActivity.groupID(.replied, threadID.uuidString), comment: commentID, post: postID)
        }
        if repliedTo?.$author.id != post.$author.id {
            try await activity.record(.commented, for: post.$author.id, by: authorID,
                                      group: KinnectActivity.groupID(.commented, postID.uuidString), comment: commentID, post: postID)
        }
        return try await loaded(commentID)
    }

    /// Deletes a comment (and its replies): its author may, and so may the post's author.
    func deleteComment(_ commentID: UUID, by userID: UUID) async throws {
        guard let comment = try await KinnectComment.query(on: context.database).filter(\.$id == commentID).with(\.$post).first(),
              comment.$author.id == userID || comment.post.$author.id == userID,
              try await posts.mayView(comment.post, userID)
        else { throw AppError.notFound("comment") }
        try await comment.delete(on: context.database)
    }

    /// A post's comments, oldest first, with how many replies each has.
    func comments(on postID: UUID, seenBy viewerID: UUID, page: PageRequest) async throws -> Page<(KinnectComment, replies: Int)> {
        _ = try await posts.visiblePost(postID, to: viewerID)
        let query = KinnectComment.query(on: context.database).filter(\.$post.$id == postID).filter(\.$parent.$id == nil)
        return try await shown(query, to: viewerID, page: page)
    }

    /// A comment's replies, oldest first.
    func replies(to commentID: UUID, seenBy viewerID: UUID, page: PageRequest) async throws -> Page<(KinnectComment, replies: Int)> {
        guard let parent = try await KinnectComment.query(on: context.database).filter(\.$id == commentID).with(\.$post).first(),
              try await posts.mayView(parent.post, viewerID)
        else { throw AppError.notFound("comment") }
        return try await shown(KinnectComment.query(on: context.database).filter(\.$parent.$id == commentID), to: viewerID, page: page)
    }

    private func shown(_ query: QueryBuilder<KinnectComment>, to viewerID: UUID, page: PageRequest) async throws
        -> Page<(KinnectComment, replies: Int)> {
        let hidden = try await Blocks.hidden(from: viewerID, on: context.database)
        let comments = try await query.with(\.$author) { $0.with(\.$avatar) }
            .page(oldestFirst: \.$createdAt, date: \.createdAt, page)
        let shown = comments.items.filter {
            !hidden.contains($0.$author.id) && $0.author.suspendedAt == nil && ($0.hiddenAt == nil || $0.$author.id == viewerID)
        }
        let replies = try await Self.counts(of: "parent_id", in: KinnectComment.schema, for: shown.compactMap(\.id), shownOnly: true,
                                            on: context.database)
        return Page(items: shown.map { ($0, replies: replies[$0.id ?? UUID()] ?? 0) }, nextCursor: comments.nextCursor)
    }

    private func loaded(_ id: UUID) async throws -> KinnectComment {
        guard let comment = try await KinnectComment.query(on: context.database).filter(\.$id == id)
            .with(\.$author, { $0.with(\.$avatar) }).first()
        else { throw AppError.notFound("comment") }
        return comment
    }

    static func like(of postID: UUID, by userID: UUID, on database: any Database) async throws -> KinnectLike? {
        try await KinnectLike.query(on: database).filter(\.$post.$id == postID).filter(\.$user.$id == userID).first()
    }

    /// How many rows of `table` name each of `ids` in `column`, in one grouped query; with
    /// `shownOnly`, leaving out the rows a moderator hid.
    static func counts(of column: String, in table: String, for ids: [UUID], shownOnly: Bool = false,
                       on database: any Database) async throws -> [UUID: Int] {
        guard !ids.isEmpty else { return [:] }
        let query = try database.sql().select()
            .column(SQLIdentifier(column), as: "owner")
            .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from(table).where(SQLIdentifier(column), .in, ids)
        if shownOnly { query.where(SQLIdentifier("hidden_at"), .is, SQLLiteral.null) }
        let rows = try await query.groupBy(SQLIdentifier(column)).all()
        return try rows.reduce(into: [:]) { counts, row in
            counts[try row.decode(column: "owner", as: UUID.self)] = try row.decode(column: "n", as: Int.self)
        }
    }
}
