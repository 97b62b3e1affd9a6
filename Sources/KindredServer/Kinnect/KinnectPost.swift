import Fluent
import Foundation
import SQLKit

/// A post: a caption and 1–10 photos or videos, shown to its author and the author's approved followers.
final class KinnectPost: Model, CreationStamped, @unchecked Sendable {
    static let schema = "kinnect_posts"

    @ID(key: .id) var id: UUID?
    @Parent(key: "author_id") var author: User
    @Field(key: "caption") var caption: String
    @OptionalField(key: "created_at") var createdAt: Date?
    /// When the caption was last edited; nil if never.
    @OptionalField(key: "edited_at") var editedAt: Date?
    /// Set by a moderator: only the author still sees the post.
    @OptionalField(key: "hidden_at") var hiddenAt: Date?
    @Children(for: \.$post) var media: [KinnectPostMedia]

    /// Listed rather than found by reflection for every row (see `User.properties`).
    var properties: [any AnyProperty] { [$id, $author, $caption, $createdAt, $editedAt, $hiddenAt, $media] }

    init() {}

    init(authorID: UUID, caption: String) {
        $author.id = authorID
        self.caption = caption
    }
}

/// One item of a post's carousel, in its place: a photo's display rendition and thumbnail, or a
/// video and its poster; uploads of the author's. A media item belongs to one post at most.
final class KinnectPostMedia: Model, @unchecked Sendable {
    /// Named when posts held photos only; a shipped table keeps its name.
    static let schema = "kinnect_post_photos"

    @ID(key: .id) var id: UUID?
    @Parent(key: "post_id") var post: KinnectPost
    @Field(key: "position") var position: Int
    @Parent(key: "display_id") var display: MediaItem
    @Parent(key: "thumbnail_id") var thumbnail: MediaItem

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $post, $position, $display, $thumbnail]
    }

    init() {}

    init(postID: UUID, position: Int, displayID: UUID, thumbnailID: UUID) {
        $post.id = postID
        self.position = position
        $display.id = displayID
        $thumbnail.id = thumbnailID
    }
}

struct CreateKinnectPosts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(KinnectPost.schema)
            .id()
            .field("author_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("caption", .string, .required)
            .field("created_at", .datetime)
            .field("edited_at", .datetime)
            .create()
        try await database.schema(KinnectPostMedia.schema)
            .id()
            .field("post_id", .uuid, .required, .references(KinnectPost.schema, .id, onDelete: .cascade))
            .field("position", .int, .required)
            .field("display_id", .uuid, .required, .references(MediaItem.schema, .id, onDelete: .cascade))
            .field("thumbnail_id", .uuid, .required, .references(MediaItem.schema, .id, onDelete: .cascade))
            .unique(on: "display_id")
            .unique(on: "thumbnail_id")
            .create()
        if let sql = database as? any SQLDatabase {
            // The feed and a profile's grid read one author's posts newest first.
            try await sql.create(index: "kinnect_posts_author_created").on(KinnectPost.schema)
                .column("author_id").column("created_at").run()
            try await sql.create(index: "kinnect_post_photos_post").on(KinnectPostMedia.schema).column("post_id").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(KinnectPostMedia.schema).delete()
        try await database.schema(KinnectPost.schema).delete()
    }
}

/// A moderator can hide a post or a comment from everyone but its author.
struct AddKinnectHiding: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(KinnectPost.schema).field("hidden_at", .datetime).update()
        try await database.schema(KinnectComment.schema).field("hidden_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(KinnectComment.schema).deleteField("hidden_at").update()
        try await database.schema(KinnectPost.schema).deleteField("hidden_at").update()
    }
}

/// The feed reads the newest posts of a few hundred authors. Through the per-author index the
/// database reads every post of every one of them and sorts; walking all posts newest first and
/// keeping those by someone followed stops after a page. The planner picks whichever is cheaper
/// for the people someone follows. Deleting a post finds its saves by post.
struct AddKinnectFeedIndexes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "kinnect_posts_created").on(KinnectPost.schema).column("created_at").column("id").run()
        try await sql.create(index: "kinnect_saves_post").on(KinnectSave.schema).column("post_id").run()
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.drop(index: "kinnect_saves_post").run()
        try await sql.drop(index: "kinnect_posts_created").run()
    }
}
