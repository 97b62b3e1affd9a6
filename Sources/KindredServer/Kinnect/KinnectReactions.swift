import Fluent
import Foundation
import SQLKit

/// One person's like of one post: at most one, so liking twice changes nothing.
final class KinnectLike: Model, CreationStamped, @unchecked Sendable {
    static let schema = "kinnect_likes"

    @ID(key: .id) var id: UUID?
    @Parent(key: "post_id") var post: KinnectPost
    @Parent(key: "user_id") var user: User
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $post, $user, $createdAt]
    }

    init() {}

    init(postID: UUID, userID: UUID) {
        $post.id = postID
        $user.id = userID
    }
}

/// A post one person keeps in their private saved list.
final class KinnectSave: Model, CreationStamped, @unchecked Sendable {
    static let schema = "kinnect_saves"

    @ID(key: .id) var id: UUID?
    @Parent(key: "post_id") var post: KinnectPost
    @Parent(key: "user_id") var user: User
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $post, $user, $createdAt]
    }

    init() {}

    init(postID: UUID, userID: UUID) {
        $post.id = postID
        $user.id = userID
    }
}

/// A comment on a post, or (with `parent`) a reply to one: one level of replies.
final class KinnectComment: Model, CreationStamped, @unchecked Sendable {
    static let schema = "kinnect_comments"

    @ID(key: .id) var id: UUID?
    @Parent(key: "post_id") var post: KinnectPost
    @Parent(key: "author_id") var author: User
    @OptionalParent(key: "parent_id") var parent: KinnectComment?
    @Field(key: "text") var text: String
    @OptionalField(key: "created_at") var createdAt: Date?
    /// Set by a moderator: only the author still sees the comment.
    @OptionalField(key: "hidden_at") var hiddenAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $post, $author, $parent, $text, $createdAt, $hiddenAt]
    }

    init() {}

    init(postID: UUID, authorID: UUID, parentID: UUID?, text: String) {
        $post.id = postID
        $author.id = authorID
        $parent.id = parentID
        self.text = text
    }
}

struct CreateKinnectReactions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(KinnectLike.schema)
            .id()
            .field("post_id", .uuid, .required, .references(KinnectPost.schema, .id, onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("created_at", .datetime)
            .unique(on: "post_id", "user_id")
            .create()
        try await database.schema(KinnectComment.schema)
            .id()
            .field("post_id", .uuid, .required, .references(KinnectPost.schema, .id, onDelete: .cascade))
            .field("author_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("parent_id", .uuid, .references(KinnectComment.schema, .id, onDelete: .cascade))
            .field("text", .string, .required)
            .field("created_at", .datetime)
            .create()
        if let sql = database as? any SQLDatabase {
            try await sql.create(index: "kinnect_likes_user").on(KinnectLike.schema).column("user_id").run()
            try await sql.create(index: "kinnect_comments_post_created").on(KinnectComment.schema).column("post_id").column("created_at").run()
            try await sql.create(index: "kinnect_comments_parent").on(KinnectComment.schema).column("parent_id").run()
            try await sql.create(index: "kinnect_comments_author").on(KinnectComment.schema).column("author_id").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(KinnectComment.schema).delete()
        try await database.schema(KinnectLike.schema).delete()
    }
}

struct CreateKinnectSaves: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(KinnectSave.schema)
            .id()
            .field("post_id", .uuid, .required, .references(KinnectPost.schema, .id, onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("created_at", .datetime)
            .unique(on: "user_id", "post_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(KinnectSave.schema).delete()
    }
}
