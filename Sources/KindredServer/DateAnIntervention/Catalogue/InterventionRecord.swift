import Fluent
import Foundation

/// A catalogue row. The profile is kept whole as JSON: it is only ever read whole, and keeping it
/// in one column lets a new catalogue version add fields without a migration.
final class InterventionRecord: Model, UpdateStamped, @unchecked Sendable {
    static let schema = "date_an_intervention_interventions"

    @ID(custom: "id", generatedBy: .user) var id: String?
    @Field(key: "category") var category: String
    @Field(key: "position") var position: Int
    @Field(key: "profile") var profile: String
    /// Dropped from a newer catalogue: gone from decks, kept for the matches and chats that name it.
    @Field(key: "retired") var retired: Bool
    @OptionalField(key: "updated_at") var updatedAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $category, $position, $profile, $retired, $updatedAt]
    }

    init() {}

    init(_ item: InterventionProfile, position: Int) throws {
        id = item.id
        try update(from: item, position: position)
    }

    func update(from item: InterventionProfile, position: Int) throws {
        category = item.category.rawValue
        self.position = position
        profile = String(decoding: try Self.encoder.encode(item), as: UTF8.self)
        retired = false
    }

    func decoded() throws -> InterventionProfile {
        try JSONDecoder().decode(InterventionProfile.self, from: Data(profile.utf8))
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}

/// Which version of the catalogue file the database holds.
final class InterventionCatalogueVersion: Model, @unchecked Sendable {
    static let schema = "date_an_intervention_catalogue_versions"
    static let interventions = "interventions"

    @ID(custom: "id", generatedBy: .user) var id: String?
    @Field(key: "version") var version: Int

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $version]
    }

    init() {}

    init(id: String, version: Int) {
        self.id = id
        self.version = version
    }
}
