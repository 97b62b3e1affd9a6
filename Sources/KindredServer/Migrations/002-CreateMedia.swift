import Fluent

struct CreateMedia: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MediaItem.schema)
            .id()
            .field("owner_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("storage_key", .string, .required)
            .field("byte_count", .int64, .required)
            .field("width", .int)
            .field("height", .int)
            .field("created_at", .datetime)
            .unique(on: "storage_key")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MediaItem.schema).delete()
    }
}

/// Added after `media` exists, since media rows in turn belong to a user.
struct UpdateUsersAddAvatar: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema)
            .field("avatar_id", .uuid, .references(MediaItem.schema, .id, onDelete: .setNull))
            .update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).deleteField("avatar_id").update()
    }
}
