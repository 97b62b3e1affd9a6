import Fluent
import Foundation

/// Someone blocking one Rin profile: a card they were given or a person who reached them. Only
/// that profile, never its owner's account: an alternate exists so that its owner's other
/// profiles and their account are not tied to it, and a block of the whole account would let the
/// blocker see who disappeared with it. So the blocker's account and that profile stop seeing each
/// other in Rin, both ways (`RinVisibility`), and nothing else changes. The blocker knew it by a
/// name, kept as the label their blocked list shows.
final class RinProfileBlock: Model, @unchecked Sendable {
    static let schema = "rin_profile_blocks"

    @ID(key: .id) var id: UUID?
    @Parent(key: "blocker_id") var blocker: User
    @Parent(key: "blocked_profile_id") var blockedProfile: RinProfile
    /// The name the blocker saw when they blocked it (or a placeholder when it showed none).
    @Field(key: "label") var label: String
    @Field(key: "created_at") var createdAt: Date

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $blocker, $blockedProfile, $label, $createdAt]
    }

    init() {}

    init(blocker: UUID, profile: UUID, label: String, at date: Date) {
        $blocker.id = blocker
        $blockedProfile.id = profile
        self.label = label
        createdAt = date
    }
}

/// The check every Rin view asks (`RinVisibility`, cards).
enum RinProfileBlocks {
    /// Whether the account of either profile blocked the other profile.
    static func between(_ one: RinProfile, _ other: RinProfile, on database: any Database) async throws -> Bool {
        let (oneID, otherID) = (try one.requireID(), try other.requireID())
        return try await RinProfileBlock.query(on: database)
            .group(.or) { either in
                either.group(.and) { $0.filter(\.$blocker.$id == one.$user.id).filter(\.$blockedProfile.$id == otherID) }
                either.group(.and) { $0.filter(\.$blocker.$id == other.$user.id).filter(\.$blockedProfile.$id == oneID) }
            }
            .first() != nil
    }
}

struct CreateRinProfileBlocks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RinProfileBlock.schema)
            .id()
            .field("blocker_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("blocked_profile_id", .uuid, .required, .references(RinProfile.schema, .id, onDelete: .cascade))
            .field("label", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "blocker_id", "blocked_profile_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RinProfileBlock.schema).delete()
    }
}
