import Crypto
import Fluent
import Foundation
import SQLKit

/// One thing that happened to someone: a like, a comment, a request. Each row points at what
/// caused it (the follow, the like, the comment) and goes with it, so an unlike, a deleted
/// comment or a cancelled request leaves nothing behind, and the activity list needs no sweeping.
final class KinnectActivity: Model, CreationStamped, @unchecked Sendable {
    static let schema = "kinnect_activity"

    enum Kind: String, Codable, Sendable {
        case followRequested, followed, followAccepted, liked, commented, replied
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "recipient_id") var recipient: User
    @Parent(key: "actor_id") var actor: User
    @Field(key: "kind") var kind: Kind
    /// Rows with one group id show as one item: likes and comments on a post, replies in a
    /// thread, new followers on a day. Derived from what is grouped (`groupID(_:_:)`).
    @Field(key: "group_id") var groupID: UUID
    @OptionalParent(key: "follow_id") var follow: KinnectFollow?
    @OptionalParent(key: "like_id") var like: KinnectLike?
    @OptionalParent(key: "comment_id") var comment: KinnectComment?
    @OptionalParent(key: "post_id") var post: KinnectPost?
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $recipient, $actor, $kind, $groupID, $follow, $like, $comment, $post, $createdAt]
    }

    init() {}

    init(recipient: UUID, actor: UUID, kind: Kind, group: UUID, follow: UUID? = nil, like: UUID? = nil,
         comment: UUID? = nil, post: UUID? = nil) {
        $recipient.id = recipient
        $actor.id = actor
        self.kind = kind
        groupID = group
        $follow.id = follow
        $like.id = like
        $comment.id = comment
        $post.id = post
    }

    /// A stable id for a group, from its kind and what it gathers: the same inputs always give
    /// the same id, and the id names nothing a client could not already see.
    static func groupID(_ kind: Kind, _ parts: String...) -> UUID {
        var bytes = Array(SHA256.hash(data: Array(([kind.rawValue] + parts).joined(separator: "|").utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50 // a name-based UUID (version 5 layout)
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}

/// When each person last read their activity: what is newer is unread.
final class KinnectActivityRead: Model, @unchecked Sendable {
    static let schema = "kinnect_activity_reads"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "read_through") var readThrough: Date

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $readThrough]
    }

    init() {}

    init(userID: UUID, readThrough: Date) {
        $user.id = userID
        self.readThrough = readThrough
    }
}

struct CreateKinnectActivity: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(KinnectActivity.schema)
            .id()
            .field("recipient_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("actor_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("group_id", .uuid, .required)
            .field("follow_id", .uuid, .references(KinnectFollow.schema, .id, onDelete: .cascade))
            .field("like_id", .uuid, .references(KinnectLike.schema, .id, onDelete: .cascade))
            .field("comment_id", .uuid, .references(KinnectComment.schema, .id, onDelete: .cascade))
            .field("post_id", .uuid, .references(KinnectPost.schema, .id, onDelete: .cascade))
            .field("created_at", .datetime)
            .create()
        try await database.schema(KinnectActivityRead.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("read_through", .datetime, .required)
            .unique(on: "user_id")
            .create()
        if let sql = database as? any SQLDatabase {
            // The list groups one person's rows; the cascades find rows by what caused them.
            try await sql.create(index: "kinnect_activity_recipient_group").on(KinnectActivity.schema)
                .column("recipient_id").column("group_id").column("created_at").run()
            for column in ["actor_id", "follow_id", "like_id", "comment_id", "post_id"] {
                try await sql.create(index: "kinnect_activity_\(column)").on(KinnectActivity.schema).column(column).run()
            }
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(KinnectActivityRead.schema).delete()
        try await database.schema(KinnectActivity.schema).delete()
    }
}
