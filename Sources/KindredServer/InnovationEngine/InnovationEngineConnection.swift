import Fluent
import Foundation
import SQLKit

/// One undirected Innovation Engine connection between two people. The pair is stored in a fixed
/// order (`low` < `high` by id) under a unique index, so "A–B" and "B–A" are the same row and
/// two simultaneous scans cannot make two.
final class InnovationEngineConnection: Model, CreationStamped, @unchecked Sendable {
    static let schema = "innovation_engine_connections"

    @ID(key: .id) var id: UUID?
    @Parent(key: "low_user_id") var low: User
    @Parent(key: "high_user_id") var high: User
    /// Each person's private "where we met" note.
    @OptionalField(key: "low_note") var lowNote: String?
    @OptionalField(key: "high_note") var highNote: String?
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed rather than found by reflection for every row (see `User.properties`).
    var properties: [any AnyProperty] { [$id, $low, $high, $lowNote, $highNote, $createdAt] }

    init() {}

    init(between first: UUID, and second: UUID) {
        let (low, high) = Self.ordered(first, second)
        self.$low.id = low
        self.$high.id = high
    }

    static func ordered(_ first: UUID, _ second: UUID) -> (UUID, UUID) {
        first.uuidString < second.uuidString ? (first, second) : (second, first)
    }

    func other(than userID: UUID) -> UUID { $low.id == userID ? $high.id : $low.id }

    func note(of userID: UUID) -> String? { $low.id == userID ? lowNote : highNote }

    func setNote(_ note: String?, of userID: UUID) {
        if $low.id == userID { lowNote = note } else { highNote = note }
    }

    func involves(_ userID: UUID) -> Bool { $low.id == userID || $high.id == userID }
}

struct CreateInnovationEngineConnections: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(InnovationEngineConnection.schema)
            .id()
            .field("low_user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("high_user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("low_note", .string)
            .field("high_note", .string)
            .field("created_at", .datetime)
            .unique(on: "low_user_id", "high_user_id")
            .create()
        if let sql = database as? any SQLDatabase {
            // The unique index already serves lookups by `low`; `high` needs its own.
            try await sql.create(index: "innovation_engine_connections_high").on(InnovationEngineConnection.schema).column("high_user_id").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(InnovationEngineConnection.schema).delete()
    }
}
