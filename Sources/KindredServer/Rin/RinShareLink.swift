import Fluent
import Foundation

/// A profile's share link (`<public base URL>/r/<token>`): 128 random bits that let whoever holds
/// them see the profile's card and add it to their book. It is the only way to reach an alternate,
/// which has no username, and it never carries an id. One live link per profile; revoking deletes
/// the row, so the old link stops working at once and the next ask makes a new one.
final class RinShareLink: Model, @unchecked Sendable {
    static let schema = "rin_share_links"

    @ID(key: .id) var id: UUID?
    @Parent(key: "profile_id") var profile: RinProfile
    /// Kept in clear: the owner is shown the same link and QR again, and it grants only a card.
    @Field(key: "token") var token: String
    @Field(key: "created_at") var createdAt: Date

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $profile, $token, $createdAt]
    }

    init() {}

    init(profileID: UUID, token: String, at date: Date) {
        $profile.id = profileID
        self.token = token
        createdAt = date
    }
}

struct CreateRinShareLinks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RinShareLink.schema)
            .id()
            .field("profile_id", .uuid, .required, .references(RinProfile.schema, .id, onDelete: .cascade))
            .field("token", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "profile_id")
            .unique(on: "token")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RinShareLink.schema).delete()
    }
}
