import Fluent
import Foundation

/// One person blocking another. Each then disappears from the other's search and profiles, and no
/// app lets either start a relationship with the other (`Blocks.between`).
final class Block: Model, CreationStamped, @unchecked Sendable {
    static let schema = "blocks"

    @ID(key: .id) var id: UUID?
    @Parent(key: "blocker_id") var blocker: User
    @Parent(key: "blocked_id") var blocked: User
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $blocker, $blocked, $createdAt]
    }

    init() {}

    init(blocker: UUID, blocked: UUID) {
        $blocker.id = blocker
        $blocked.id = blocked
    }
}

/// The block checks every service asks: the one answer to "may these two see each other?".
enum Blocks {
    /// Whether either of the two blocked the other.
    static func between(_ one: UUID, _ other: UUID, on database: any Database) async throws -> Bool {
        try await Block.query(on: database)
            .group(.or) { either in
                either.group(.and) { $0.filter(\.$blocker.$id == one).filter(\.$blocked.$id == other) }
                either.group(.and) { $0.filter(\.$blocker.$id == other).filter(\.$blocked.$id == one) }
            }
            .first() != nil
    }

    /// Everyone `userID` blocked or was blocked by: the people hidden from them.
    static func hidden(from userID: UUID, on database: any Database) async throws -> Set<UUID> {
        let blocks = try await Block.query(on: database)
            .group(.or) { $0.filter(\.$blocker.$id == userID).filter(\.$blocked.$id == userID) }
            .all()
        return Set(blocks.map { $0.$blocker.id == userID ? $0.$blocked.id : $0.$blocker.id })
    }
}
