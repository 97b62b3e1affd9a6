import Fluent
import Foundation
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
}
