import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import SQLKit
import Testing
import Vapor
@testable import KindredServer

@Suite("Migrations")
struct MigrationTests {
    /// Instances that start together on one PostgreSQL database take turns: every migration
    /// runs once, and neither instance fails.
    @Test(.enabled(if: PostgresTestDatabases.anyURL != nil, "needs PostgreSQL; scripts/test provides it"))
    func instancesStartingTogetherMigrateOnce() async throws {
        let adminURL = try #require(PostgresTestDatabases.anyURL)
        let database = try await PostgresTestDatabases.shared.makeEmpty(adminURL: adminURL)
        let media = FileManager.default.temporaryDirectory.appendingPathComponent("kindred-migrate-\(UUID())").path
        let configuration = TestKindred.configuration(database: .postgres(url: database.url), mediaDirectory: media)
        var apps: [Application] = []
        do {
            for _ in 0..<3 {
                let app = try await Application.make(.testing)
                app.logger.logLevel = .error
                try await configure(app, configuration)
                apps.append(app)
            }
            // act
            try await withThrowingTaskGroup(of: Void.self) { group in
                for app in apps { group.addTask { try await app.migrateSafely(configuration: configuration) } }
                try await group.waitForAll()
            }
            // validate
            let sql = try #require(apps[0].db as? any SQLDatabase)
            let rows = try await sql.raw("SELECT name FROM _fluent_migrations").all()
            let names = try rows.map { try $0.decode(column: "name", as: String.self) }
            #expect(names.count == Set(names).count)
            #expect(names.count == KindredMigrations.all.count)
        } catch {
            for app in apps { try? await app.asyncShutdown() }
            try? await PostgresTestDatabases.shared.drop(database)
            throw error
        }
        for app in apps { try await app.asyncShutdown() }
        try await PostgresTestDatabases.shared.drop(database)
    }

    /// Date An Intervention's tables took the app's full id with a migration that keeps every row.
    @Test func renamingTheAppsTablesKeepsTheirRows() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let card = try await kindred.send(.GET, "/date-an-intervention/deck?limit=1", token: ada.accessToken)
                .decode(Components.Schemas.InterventionDeck.self).cards[0]
            #expect(try await kindred.send(.POST, "/date-an-intervention/swipes", token: ada.accessToken,
                                           json: ["interventionId": card.id, "direction": "like"]).status == .created)
            let database = kindred.app.db
            // act: back to the shipped names, then forward again, as an upgraded server would.
            try await RenameDateAnInterventionTables().revert(on: database)
            let sql = try #require(database as? any SQLDatabase)
            let shipped = try await sql.raw("SELECT COUNT(*) AS n FROM dai_swipes").first()?.decode(column: "n", as: Int.self)
            #expect(shipped == 1)
            try await RenameDateAnInterventionTables().prepare(on: database)
            // validate
            #expect(try await InterventionSwipe.query(on: database).count() == 1)
            #expect(try await InterventionRecord.query(on: database).count() > 50)
            let matches = try await kindred.send(.GET, "/date-an-intervention/matches", token: ada.accessToken)
                .decode(Components.Schemas.InterventionMatchPage.self)
            #expect(matches.items.map(\.intervention.id) == [card.id])
            // The renamed tables' foreign keys still cascade.
            #expect(try await kindred.send(.DELETE, "/me", token: ada.accessToken).status == .noContent)
            #expect(try await InterventionSwipe.query(on: database).count() == 0)
        }
    }
}
