import Fluent
import Foundation

/// The apps Kindred serves: the one place the foundation learns of them. A new app adds its line
/// here, its migrations to `Migrations.swift`, and everything else in its own folder.
enum KindredApps {
    static let all: [any KindredApp.Type] = [
        InnovationEngineApp.self,
        DateAnInterventionApp.self,
        KinnectApp.self,
        MemoriesApp.self,
        RinApp.self,
    ]

    /// Which of `ids` some app shows (a post's photo, a page's, a card's): what the unused-upload
    /// sweep keeps, and what a profile photo must not share.
    static func mediaInUse(_ ids: [UUID], on database: any Database) async throws -> Set<UUID> {
        var used = Set<UUID>()
        for app in all { used.formUnion(try await app.mediaInUse(ids, on: database)) }
        return used
    }

    /// Usernames that would read as one of the apps (or an app on its way), with the separators
    /// a username can't hold removed.
    static let reservedUsernames: Set<String> =
        Set(all.map { $0.id }.map { $0.replacingOccurrences(of: "-", with: "") })
}
