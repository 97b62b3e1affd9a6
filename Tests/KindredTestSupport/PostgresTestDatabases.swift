import Foundation
import Logging
import NIOCore
import PostgresKit
import PostgresNIO
import Vapor
import KindredServer

/// Gives each test a fresh PostgreSQL database, cloned (`CREATE DATABASE … TEMPLATE`) from one
/// migrated once per test run: far faster than migrating per test.
public actor PostgresTestDatabases {
    public struct Database: Sendable {
        public let name: String
        public let url: String
        let adminURL: String
    }

    public static let shared = PostgresTestDatabases()

    /// Set for the suite's PostgreSQL pass: every test then gets a PostgreSQL database.
    public static var suiteURL: String? { environment("KINDRED_TEST_DATABASE_URL") }

    /// A server for the tests that need PostgreSQL in every pass (several instances sharing one
    /// database); the test command sets it for the SQLite pass too.
    public static var anyURL: String? { environment("KINDRED_TEST_POSTGRES_URL") ?? suiteURL }

    private static func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    private var templates: [String: Task<String, any Error>] = [:]
    private let logger = Logger(label: "kindred.tests.postgres")

    func make(adminURL: String) async throws -> Database {
        let templateName = try await templateDatabase(adminURL: adminURL)
        let name = "kindred_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        try await admin(adminURL) { try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name) TEMPLATE \(templateName)"), logger: logger) }
        return Database(name: String(name), url: Self.url(adminURL, database: String(name)), adminURL: adminURL)
    }

    /// A database with no tables at all, for testing migrations themselves.
    public func makeEmpty(adminURL: String) async throws -> Database {
        let name = "kindred_empty_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        try await admin(adminURL) { try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger) }
        return Database(name: String(name), url: Self.url(adminURL, database: String(name)), adminURL: adminURL)
    }

    public func drop(_ database: Database) async throws {
        try await admin(database.adminURL) { try await $0.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(database.name) WITH (FORCE)"), logger: logger) }
    }

    private func templateDatabase(adminURL: String) async throws -> String {
        if let template = templates[adminURL] { return try await template.value }
        let task = Task<String, any Error> {
            let name = "kindred_template_\(ProcessInfo.processInfo.processIdentifier)"
            try await admin(adminURL) { connection in
                // Templates of earlier test runs whose process has ended are left-overs: drop them.
                let rows = try await connection.query("SELECT datname FROM pg_database WHERE datname LIKE 'kindred_template_%'", logger: logger)
                for try await (existing) in rows.decode(String.self) {
                    guard let pid = Int32(existing.dropFirst("kindred_template_".count)), kill(pid, 0) != 0 || pid == getpid() else { continue }
                    try await connection.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(existing) WITH (FORCE)"), logger: logger)
                }
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
            }
            let app = try await Application.make(.testing)
            do {
                let configuration = TestKindred.configuration(database: .postgres(url: Self.url(adminURL, database: name)),
                                                              mediaDirectory: FileManager.default.temporaryDirectory.path + "/kindred-template-media")
                try await configure(app, configuration)
                try await app.migrateKindred()
            } catch {
                try? await app.asyncShutdown()
                throw error
            }
            try await app.asyncShutdown()
            return name
        }
        templates[adminURL] = task
        return try await task.value
    }

    /// Runs `work` on its own administrative connection. With hundreds of tests cloning and dropping
    /// databases at once, PostgreSQL can briefly refuse (a template still in use by a closing
    /// backend, no connection slot free): those refusals are retried; anything else, or the last
    /// refusal, is thrown with the server's own words, which `PSQLError` hides from its description.
    private func admin(_ url: String, _ work: (PostgresConnection) async throws -> Void) async throws {
        let configuration = try SQLPostgresConfiguration(url: url).coreConfiguration
        var attempt = 0
        while true {
            attempt += 1
            do {
                let connection = try await PostgresConnection.connect(configuration: configuration, id: attempt, logger: logger)
                do {
                    try await work(connection)
                } catch {
                    try? await connection.close()
                    throw error
                }
                try await connection.close()
                return
            } catch let error as PSQLError {
                let state = error.serverInfo?[.sqlState]
                guard attempt < 6, let state, Self.transientStates.contains(state) else { throw PostgresTestFailure(error) }
                logger.warning("PostgreSQL refused an administrative statement (\(state)); retrying", metadata: ["attempt": "\(attempt)"])
                try await Task.sleep(for: .milliseconds(200 << attempt))
            }
        }
    }

    /// object_in_use, too_many_connections, cannot_connect_now.
    private static let transientStates: Set<String> = ["55006", "53300", "57P03"]

    /// The admin URL with its database name replaced.
    static func url(_ adminURL: String, database: String) -> String {
        guard var components = URLComponents(string: adminURL) else { return adminURL }
        components.path = "/" + database
        return components.string ?? adminURL
    }
}

/// A PostgreSQL error with the server's message, code and detail spelled out, so a failed test
/// says what PostgreSQL said rather than `PSQLError`'s deliberately generic description.
public struct PostgresTestFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ error: PSQLError) {
        let info = error.serverInfo
        let parts = [info?[.sqlState], info?[.message], info?[.detail], info?[.hint]].compactMap { $0 }
        description = parts.isEmpty ? String(reflecting: error) : "PostgreSQL: " + parts.joined(separator: " — ")
    }
}
