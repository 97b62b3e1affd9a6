import Fluent

struct CreateUsers: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema)
            .id()
            .field("email", .string)
            .field("password_hash", .string)
            .field("apple_subject", .string)
            .field("username", .string, .required)
            .field("display_name", .string, .required)
            .field("bio", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "email")
            .unique(on: "apple_subject")
            .unique(on: "username")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).delete()
    }
}

struct CreateSessions: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(UserSession.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("device", .string, .required)
            .field("created_at", .datetime)
            .field("last_used_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .field("revoked_at", .datetime)
            .create()
        try await database.schema(RefreshToken.schema)
            .id()
            .field("session_id", .uuid, .required, .references(UserSession.schema, .id, onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("used_at", .datetime)
            .field("created_at", .datetime)
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RefreshToken.schema).delete()
        try await database.schema(UserSession.schema).delete()
    }
}

struct CreateSignInFailures: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("sign_in_failures")
            .id()
            .field("scope", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("sign_in_failures").delete()
    }
}
