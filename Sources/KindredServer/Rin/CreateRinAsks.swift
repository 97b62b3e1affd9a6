import Fluent
import Foundation
import SQLKit

/// Rin's asks: a viewer's request to see a field on Ask. One row per (profile, requester
/// profile, field), reopened rather than repeated. Every row reaches `users` by cascade.
struct CreateRinAsks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RinAsk.schema)
            .id()
            .field("profile_id", .uuid, .required, .references(RinProfile.schema, .id, onDelete: .cascade))
            .field("requester_profile_id", .uuid, .required, .references(RinProfile.schema, .id, onDelete: .cascade))
            .field("requester_user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("field_key", .string, .required)
            .field("status", .string, .required)
            .field("created_at", .datetime)
            .field("decided_at", .datetime)
            .unique(on: "profile_id", "requester_profile_id", "field_key")
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "rin_asks_profile_status").on(RinAsk.schema).column("profile_id").column("status").column("created_at").run()
        try await sql.create(index: "rin_asks_requester").on(RinAsk.schema).column("requester_profile_id").run()
        try await sql.create(index: "rin_asks_requester_user").on(RinAsk.schema).column("requester_user_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RinAsk.schema).delete()
    }
}

/// A request to see one field of a profile, from one of the requester's profiles.
final class RinAsk: Model, CreationStamped, @unchecked Sendable {
    static let schema = "rin_asks"

    enum Status: String, Codable, Sendable {
        case pending, approved, denied
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "profile_id") var profile: RinProfile
    @Parent(key: "requester_profile_id") var requesterProfile: RinProfile
    /// The requester's account, which the daily limit counts (alternates do not multiply it).
    @Parent(key: "requester_user_id") var requesterUser: User
    @Field(key: "field_key") var fieldKey: String
    @Field(key: "status") var status: Status
    @OptionalField(key: "created_at") var createdAt: Date?
    @OptionalField(key: "decided_at") var decidedAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $profile, $requesterProfile, $requesterUser, $fieldKey, $status, $createdAt, $decidedAt]
    }

    init() {}
}
