import Fluent
import SQLKit

struct CreateDateAnIntervention: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(InterventionRecord.schema)
            .field("id", .string, .identifier(auto: false))
            .field("category", .string, .required)
            .field("position", .int, .required)
            .field("profile", .string, .required)
            .field("retired", .bool, .required)
            .field("updated_at", .datetime)
            .create()
        try await database.schema(CatalogueVersion.schema)
            .field("id", .string, .identifier(auto: false))
            .field("version", .int, .required)
            .create()
        try await database.schema(Swipe.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("intervention_id", .string, .required, .references(InterventionRecord.schema, "id"))
            .field("direction", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "user_id", "intervention_id")
            .create()
        try await database.schema(Conversation.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("intervention_id", .string, .required, .references(InterventionRecord.schema, "id"))
            .field("created_at", .datetime)
            .unique(on: "user_id", "intervention_id")
            .create()
        try await database.schema(ChatMessageRecord.schema)
            .id()
            .field("conversation_id", .uuid, .required, .references(Conversation.schema, .id, onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("role", .string, .required)
            .field("text", .string, .required)
            .field("client_message_id", .string)
            .field("offline", .bool, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "conversation_id", "client_message_id")
            .create()
        if let sql = database as? any SQLDatabase {
            // Decks, undo and matches read one person's swipes newest first; chats read in order.
            try await sql.create(index: "dai_swipes_user_created").on(Swipe.schema).column("user_id").column("created_at").run()
            try await sql.create(index: "dai_messages_conversation_created").on(ChatMessageRecord.schema)
                .column("conversation_id").column("created_at").run()
            try await sql.create(index: "dai_messages_user").on(ChatMessageRecord.schema).column("user_id").run()
            try await sql.create(index: "dai_swipes_intervention").on(Swipe.schema).column("intervention_id").run()
            try await sql.create(index: "dai_conversations_intervention").on(Conversation.schema).column("intervention_id").run()
        }
    }

    func revert(on database: any Database) async throws {
        for schema in [ChatMessageRecord.schema, Conversation.schema, Swipe.schema, CatalogueVersion.schema, InterventionRecord.schema] {
            try await database.schema(schema).delete()
        }
    }
}
