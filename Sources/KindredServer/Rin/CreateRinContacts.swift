import Fluent
import SQLKit

/// Rin's books: contacts, their phones, e-mails, addresses and links, and circles' members (Rin
/// profiles and contacts). Every row reaches `users` by cascade through the profile whose book holds it.
struct CreateRinContacts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RinContact.schema)
            .id()
            .field("profile_id", .uuid, .required, .references(RinProfile.schema, .id, onDelete: .cascade))
            .field("given_name", .string)
            .field("family_name", .string)
            .field("middle_name", .string)
            .field("name_prefix", .string)
            .field("name_suffix", .string)
            .field("display_name", .string)
            .field("nickname", .string)
            .field("organization", .string)
            .field("title", .string)
            .field("birthday", .string)
            .field("note", .sql(.text))
            .field("photo_id", .uuid, .references(MediaItem.schema, .id, onDelete: .setNull))
            .field("favourite", .bool, .required)
            // A Rin profile this card is of, linked only by an act of the book's owner. My card
            // of someone stays when they leave Rin.
            .field("linked_profile_id", .uuid, .references(RinProfile.schema, .id, onDelete: .setNull))
            // The absorbed side of a merge stays (for undo) and points at the survivor; deleting
            // the survivor deletes it too.
            .field("merged_into", .uuid, .references(RinContact.schema, .id, onDelete: .cascade))
            .field("sort_key", .string, .required)
            .field("search_text", .sql(.text), .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .field("edited_at", .datetime)
            .create()
        try await database.schema(RinContactValue.schema)
            .id()
            .field("contact_id", .uuid, .required, .references(RinContact.schema, .id, onDelete: .cascade))
            .field("profile_id", .uuid, .required, .references(RinProfile.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("label", .string)
            .field("value", .sql(.text), .required)
            .field("normalized", .string)
            .field("is_primary", .bool, .required)
            .field("position", .int, .required)
            .create()
        // A member is a Rin profile or a contact of the book (exactly one of the two).
        try await database.schema(RinCircleMember.schema)
            .id()
            .field("circle_id", .uuid, .required, .references(RinCircle.schema, .id, onDelete: .cascade))
            .field("member_profile_id", .uuid, .references(RinProfile.schema, .id, onDelete: .cascade))
            .field("contact_id", .uuid, .references(RinContact.schema, .id, onDelete: .cascade))
            .field("created_at", .datetime)
            .unique(on: "circle_id", "member_profile_id")
            .unique(on: "circle_id", "contact_id")
            .create()
        guard let sql = database as? any SQLDatabase else { return }
        // A book A to Z, its recent and favourite contacts, search; matching by normalised value;
        // what links to a profile (every view of it asks); a contact's circles.
        try await sql.create(index: "rin_contacts_book_sort").on(RinContact.schema).column("profile_id").column("sort_key").column("id").run()
        try await sql.create(index: "rin_contacts_book_created").on(RinContact.schema).column("profile_id").column("created_at").run()
        try await sql.create(index: "rin_contacts_linked").on(RinContact.schema).column("linked_profile_id").run()
        try await sql.create(index: "rin_contacts_merged_into").on(RinContact.schema).column("merged_into").run()
        try await sql.create(index: "rin_contacts_photo").on(RinContact.schema).column("photo_id").run()
        try await sql.create(index: "rin_contact_values_contact").on(RinContactValue.schema).column("contact_id").run()
        try await sql.create(index: "rin_contact_values_match").on(RinContactValue.schema)
            .column("profile_id").column("kind").column("normalized").run()
        try await sql.create(index: "rin_circle_members_member").on(RinCircleMember.schema).column("member_profile_id").run()
        try await sql.create(index: "rin_circle_members_contact").on(RinCircleMember.schema).column("contact_id").run()
    }

    func revert(on database: any Database) async throws {
        for schema in [RinCircleMember.schema, RinContactValue.schema, RinContact.schema] {
            try await database.schema(schema).delete()
        }
    }
}
