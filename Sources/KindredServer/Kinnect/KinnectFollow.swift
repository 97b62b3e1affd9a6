import Fluent
import Foundation
import KindredAPI
import SQLKit

/// One person following another on Kinnect, where every account is private: a follow starts as a
/// request (`approvedAt` nil) and counts only once the followed person confirms it.
final class KinnectFollow: Model, CreationStamped, @unchecked Sendable {
    static let schema = "kinnect_follows"

    @ID(key: .id) var id: UUID?
    @Parent(key: "follower_id") var follower: User
    @Parent(key: "followee_id") var followee: User
    @OptionalField(key: "created_at") var createdAt: Date?
    /// When the followed person confirmed; nil while it is a request.
    @OptionalField(key: "approved_at") var approvedAt: Date?

    /// Listed rather than found by reflection for every row (see `User.properties`).
    var properties: [any AnyProperty] { [$id, $follower, $followee, $createdAt, $approvedAt] }

    init() {}

    init(follower: UUID, followee: UUID) {
        $follower.id = follower
        $followee.id = followee
    }

    var isApproved: Bool { approvedAt != nil }

    /// One side of this follow (`person`) as the contract shows them: since the follow was
    /// confirmed, or, for a request, since it was asked.
    func person(_ person: User, context: ServiceContext) throws -> Components.Schemas.KinnectPerson {
        .init(profile: try context.profile(of: person), since: approvedAt ?? createdAt ?? context.now)
    }
}

struct CreateKinnect: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(KinnectFollow.schema)
            .id()
            .field("follower_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("followee_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("created_at", .datetime)
            .field("approved_at", .datetime)
            .unique(on: "follower_id", "followee_id")
            .create()
        if let sql = database as? any SQLDatabase {
            // Followers and requests are read by the followed person; the unique index serves
            // "whom do I follow".
            try await sql.create(index: "kinnect_follows_followee_approved").on(KinnectFollow.schema)
                .column("followee_id").column("approved_at").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(KinnectFollow.schema).delete()
    }
}
