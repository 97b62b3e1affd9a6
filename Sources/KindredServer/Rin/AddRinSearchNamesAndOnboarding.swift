import Fluent
import Foundation
import SQLKit

/// People search reads a folded copy of each profile's display name; profiles made before it get
/// theirs here. Settings learn when onboarding was finished.
struct AddRinSearchNamesAndOnboarding: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RinSettings.schema).field("onboarded_at", .datetime).update()
        try await database.schema(RinProfile.schema).field("search_name", .string).update()
        for profile in try await RinProfile.query(on: database).all() {
            profile.rename(profile.displayName)
            try await profile.save(on: database)
        }
        guard let sql = database as? any SQLDatabase else { return }
        try await sql.create(index: "rin_profiles_search").on(RinProfile.schema).column("discoverable").column("search_name").run()
    }

    func revert(on database: any Database) async throws {
        if let sql = database as? any SQLDatabase { try await sql.drop(index: "rin_profiles_search").run() }
        try await database.schema(RinProfile.schema).deleteField("search_name").update()
        try await database.schema(RinSettings.schema).deleteField("onboarded_at").update()
    }
}
