import Fluent

struct CreateIdempotencyRecords: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(IdempotencyRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("key", .string, .required)
            .field("fingerprint", .string, .required)
            .field("status", .int)
            .field("content_type", .string)
            .field("body", .data)
            .field("created_at", .datetime, .required)
            .unique(on: "user_id", "key")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(IdempotencyRecord.schema).delete()
    }
}

struct CreateRealtimeTickets: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RealtimeTicket.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("session_id", .uuid, .required, .references(UserSession.schema, .id, onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("expires_at", .datetime, .required)
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RealtimeTicket.schema).delete()
    }
}
