import Fluent
import Logging
import PostgresKit
import PostgresNIO
import Vapor

extension Application {
    /// Runs pending migrations. On PostgreSQL an advisory lock, held on a connection of its own,
    /// makes instances that start together take turns, so each migration runs exactly once.
    func migrateSafely(configuration: KindredConfiguration) async throws {
        guard case .postgres(let url) = configuration.database else {
            try await migrateKindred()
            return
        }
        let connection = try await PostgresConnection.connect(
            configuration: try SQLPostgresConfiguration(url: url).coreConfiguration, id: 2, logger: logger)
        do {
            try await connection.query("SELECT pg_advisory_lock(\(Self.migrationLockKey))", logger: logger)
            try await migrateKindred()
            try await connection.query("SELECT pg_advisory_unlock(\(Self.migrationLockKey))", logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    /// The schema, then the data each app ships with its code.
    public func migrateKindred() async throws {
        try await autoMigrate()
        for app in KindredApps.all { try await app.afterMigrate(self, on: db) }
    }

    /// Any constant works; this one spells "KNDR".
    private static let migrationLockKey: Int64 = 0x4B4E_4452
}
