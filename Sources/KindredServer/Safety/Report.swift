import Fluent
import SQLKit
import Foundation

/// Someone's report of a profile or of an app's content, for the moderators (`kindred moderation`).
/// It cascades from both the reporter and the reported account: deleting either deletes it.
final class Report: Model, CreationStamped, @unchecked Sendable {
    static let schema = "reports"

    enum Status: String, Codable, Sendable, CaseIterable {
        case open, dismissed, hidden, suspended
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "reporter_id") var reporter: User
    /// Whose profile or content it is.
    @Parent(key: "subject_id") var subject: User
    /// `profile`, or an app's content kind (`<app id>.<noun>`).
    @Field(key: "target_kind") var targetKind: String
    /// As the reporter named it (a username for a profile).
    @Field(key: "target_id") var targetID: String
    /// What the content's kind finds it by later, however it was named (a profile's account id).
    @Field(key: "content_id") var contentID: String
    @Field(key: "reason") var reason: String
    @OptionalField(key: "note") var note: String?
    @Enum(key: "status") var status: Status
    @OptionalField(key: "created_at") var createdAt: Date?
    @OptionalField(key: "resolved_at") var resolvedAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $reporter, $subject, $targetKind, $targetID, $contentID, $reason, $note, $status, $createdAt, $resolvedAt]
    }

    init() {}
}

/// Blocks, reports, and suspending an account.
struct CreateSafety: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Block.schema)
            .id()
            .field("blocker_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("blocked_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("created_at", .datetime)
            .unique(on: "blocker_id", "blocked_id")
            .create()
        try await database.schema(Report.schema)
            .id()
            .field("reporter_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("subject_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("target_kind", .string, .required)
            .field("target_id", .string, .required)
            .field("content_id", .string, .required)
            .field("reason", .string, .required)
            .field("note", .string)
            .field("status", .string, .required)
            .field("created_at", .datetime)
            .field("resolved_at", .datetime)
            .create()
        try await database.schema(User.schema).field("suspended_at", .datetime).update()
        if let sql = database as? any SQLDatabase {
            // "Who blocked me" is asked on every search and profile; the unique index answers the other way.
            try await sql.create(index: "blocks_blocked_id").on(Block.schema).column("blocked_id").run()
            try await sql.create(index: "reports_status_created").on(Report.schema).column("status").column("created_at").run()
            try await sql.create(index: "reports_reporter_id").on(Report.schema).column("reporter_id").run()
            try await sql.create(index: "reports_subject_id").on(Report.schema).column("subject_id").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).deleteField("suspended_at").update()
        try await database.schema(Report.schema).delete()
        try await database.schema(Block.schema).delete()
    }
}
