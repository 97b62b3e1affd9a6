import Fluent
import SQLKit

/// Indexes for the columns Kindred looks rows up by and cascades through. PostgreSQL does not
/// index foreign keys by itself, and deleting an account walks every one of them.
struct AddLookupIndexes: AsyncMigration {
    static let indexes: [(name: String, table: String, columns: [String])] = [
        ("sessions_user_id", UserSession.schema, ["user_id"]),
        ("refresh_tokens_session_id", RefreshToken.schema, ["session_id"]),
        ("sign_in_failures_scope_created_at", "sign_in_failures", ["scope", "created_at"]),
        ("media_owner_id", MediaItem.schema, ["owner_id"]),
        ("users_avatar_id", User.schema, ["avatar_id"]),
        ("idempotency_records_created_at", IdempotencyRecord.schema, ["created_at"]),
        ("realtime_tickets_user_id", RealtimeTicket.schema, ["user_id"]),
        ("realtime_tickets_session_id", RealtimeTicket.schema, ["session_id"]),
    ]

    func prepare(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        for index in Self.indexes {
            var builder = sql.create(index: index.name).on(index.table)
            for column in index.columns { builder = builder.column(column) }
            try await builder.run()
        }
    }

    func revert(on database: any Database) async throws {
        guard let sql = database as? any SQLDatabase else { return }
        for index in Self.indexes {
            try await sql.drop(index: index.name).run()
        }
    }
}
