import Fluent
import SQLKit

/// The app's first tables, under the short prefix they shipped with; `RenameDateAnInterventionTables`
/// gives them the app's full id. A shipped migration keeps creating exactly what it created.
struct CreateDateAnIntervention: AsyncMigration {
    enum Shipped {
        static let interventions = "dai_interventions"
        static let catalogueVersions = "dai_catalogue_versions"
        static let swipes = "dai_swipes"
        static let conversations = "dai_conversations"
        static let messages = "dai_messages"
    }

    func prepare(on database: any Database) async throws {
        try await database.schema(Shipped.interventions)
            .field("id", .string, .identifier(auto: false))
            .field("category", .string, .required)
            .field("position", .int, .required)
            .field("profile", .string, .required)
            .field("retired", .bool, .required)
            .field("updated_at", .datetime)
            .create()
        try await database.schema(Shipped.catalogueVersions)
            .field("id", .string, .identifier(auto: false))
            .field("version", .int, .required)
            .create()
        try await database.schema(Shipped.swipes)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("intervention_id", .string, .required, .references(Shipped.interventions, "id"))
            .field("direction", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "user_id", "intervention_id")
            .create()
        try await database.schema(Shipped.conversations)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("intervention_id", .string, .required, .references(Shipped.interventions, "id"))
            .field("created_at", .datetime)
            .unique(on: "user_id", "intervention_id")
            .create()
        try await database.schema(Shipped.messages)
            .id()
            .field("conversation_id", .uuid, .required, .references(Shipped.conversations, .id, onDelete: .cascade))
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
            try await sql.create(index: "dai_swipes_user_created").on(Shipped.swipes).column("user_id").column("created_at").run()
            try await sql.create(index: "dai_messages_conversation_created").on(Shipped.messages)
                .column("conversation_id").column("created_at").run()
            try await sql.create(index: "dai_messages_user").on(Shipped.messages).column("user_id").run()
            try await sql.create(index: "dai_swipes_intervention").on(Shipped.swipes).column("intervention_id").run()
            try await sql.create(index: "dai_conversations_intervention").on(Shipped.conversations).column("intervention_id").run()
        }
    }

    func revert(on database: any Database) async throws {
        for schema in [Shipped.messages, Shipped.conversations, Shipped.swipes, Shipped.catalogueVersions, Shipped.interventions] {
            try await database.schema(schema).delete()
        }
    }
}

/// Gives the app's tables and indexes its full id (`date_an_intervention_…`), keeping every row.
/// Both databases rename a table in place, and SQLite rewrites the foreign keys that name it.
struct RenameDateAnInterventionTables: AsyncMigration {
    typealias Shipped = CreateDateAnIntervention.Shipped

    static let tables: [(from: String, to: String)] = [
        (Shipped.interventions, InterventionRecord.schema),
        (Shipped.catalogueVersions, InterventionCatalogueVersion.schema),
        (Shipped.swipes, InterventionSwipe.schema),
        (Shipped.conversations, InterventionConversation.schema),
        (Shipped.messages, InterventionChatMessageRecord.schema),
    ]

    /// Index name, table and columns. SQLite cannot rename an index, so each is made again.
    static let indexes: [(from: String, to: String, table: String, columns: [String])] = [
        ("dai_swipes_user_created", "date_an_intervention_swipes_user_created", InterventionSwipe.schema, ["user_id", "created_at"]),
        ("dai_messages_conversation_created", "date_an_intervention_messages_conversation_created",
         InterventionChatMessageRecord.schema, ["conversation_id", "created_at"]),
        ("dai_messages_user", "date_an_intervention_messages_user", InterventionChatMessageRecord.schema, ["user_id"]),
        ("dai_swipes_intervention", "date_an_intervention_swipes_intervention", InterventionSwipe.schema, ["intervention_id"]),
        ("dai_conversations_intervention", "date_an_intervention_conversations_intervention",
         InterventionConversation.schema, ["intervention_id"]),
    ]

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        for table in Self.tables {
            try await sql.raw("ALTER TABLE \(ident: table.from) RENAME TO \(ident: table.to)").run()
        }
        for index in Self.indexes {
            try await sql.drop(index: index.from).run()
            try await index.columns.reduce(sql.create(index: index.to).on(index.table)) { $0.column($1) }.run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        for index in Self.indexes {
            try await sql.drop(index: index.to).run()
        }
        for table in Self.tables.reversed() {
            try await sql.raw("ALTER TABLE \(ident: table.to) RENAME TO \(ident: table.from)").run()
        }
        for index in Self.indexes {
            let table = Self.tables.first { $0.to == index.table }?.from ?? index.table
            try await index.columns.reduce(sql.create(index: index.from).on(table)) { $0.column($1) }.run()
        }
    }
}
