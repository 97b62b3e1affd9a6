import Fluent
import SQLKit

/// Rin's profiles and the rules of who sees what: settings, profiles and their fields, circles,
/// policy cells and personal overrides (memberships come with the contacts they may name). Every row reaches `users` by cascade
/// (through the profile), so an account's Rin goes with it.
struct CreateRin: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RinSettings.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("default_region", .string, .required)
            .field("created_at", .datetime)
            .unique(on: "user_id")
            .create()
        try await database.schema(RinProfile.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            // The account's id on its primary profile only: the unique key makes a second primary
            // (two first requests at once) fail instead of splitting the person in two.
            .field("primary_user_id", .uuid)
            .field("kind", .string, .required)
            .field("display_name", .string, .required)
            .field("bio", .string, .required)
            .field("photo_id", .uuid, .references(MediaItem.schema, .id, onDelete: .setNull))
            .field("discoverable", .bool, .required)
            .field("created_at", .datetime)
            .unique(on: "primary_user_id")
            .create()
        try await database.schema(RinProfileField.schema)
            .id()
            .field("profile_id", .uuid, .required, .references(RinProfile.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            // None for a birthday.
            .field("label", .string)
            .field("value", .string, .required)
            .field("is_primary", .bool, .required)
            .field("position", .int, .required)
            .field("created_at", .datetime)
            .create()
        try await database.schema(RinCircle.schema)
            .id()
            .field("profile_id", .uuid, .required, .references(RinProfile.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            // The kind again for Contacts and Public only, so each profile has one of each.
            .field("system_kind", .string)
            .field("template", .string, .required)
            .field("name", .string, .required)
            .field("emoji", .string)
            .field("color", .string, .required)
            .field("position", .int, .required)
            .field("created_at", .datetime)
            .unique(on: "profile_id", "system_kind")
            .create()
        try await database.schema(RinPolicySetting.schema)
            .id()
            .field("circle_id", .uuid, .required, .references(RinCircle.schema, .id, onDelete: .cascade))
            .field("field_key", .string, .required)
            .field("access", .string, .required)
            .unique(on: "circle_id", "field_key")
            .create()
        try await database.schema(RinPersonalOverride.schema)
            .id()
            .field("profile_id", .uuid, .required, .references(RinProfile.schema, .id, onDelete: .cascade))
            .field("viewer_profile_id", .uuid, .required, .references(RinProfile.schema, .id, onDelete: .cascade))
            .field("field_key", .string, .required)
            .field("access", .string, .required)
            .field("source", .string, .required)
            .field("created_at", .datetime)
            .unique(on: "profile_id", "viewer_profile_id", "field_key")
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        // A person's profiles; a profile's fields and circles; where a viewer profile is a member or
        // has an override (a view is computed from these on every read).
        try await sql.create(index: "rin_profiles_user").on(RinProfile.schema).column("user_id").run()
        try await sql.create(index: "rin_profile_fields_profile").on(RinProfileField.schema).column("profile_id").column("position").run()
        try await sql.create(index: "rin_circles_profile").on(RinCircle.schema).column("profile_id").column("position").run()
        try await sql.create(index: "rin_overrides_viewer").on(RinPersonalOverride.schema).column("viewer_profile_id").run()
        try await sql.create(index: "rin_profiles_photo").on(RinProfile.schema).column("photo_id").run()
    }

    func revert(on database: any Database) async throws {
        for schema in [RinPersonalOverride.schema, RinPolicySetting.schema, RinCircle.schema, RinProfileField.schema,
                       RinProfile.schema, RinSettings.schema] {
            try await database.schema(schema).delete()
        }
    }
}
