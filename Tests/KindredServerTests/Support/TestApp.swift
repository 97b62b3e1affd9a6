import Foundation
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

/// A clock the tests can move forward, to expire tokens and URLs without waiting.
final class TestClock: Sendable {
    private let offset = NIOLockedValueBox<TimeInterval>(0)
    var now: Date { Date().addingTimeInterval(offset.withLockedValue { $0 }) }
    func advance(by seconds: TimeInterval) { offset.withLockedValue { $0 += seconds } }
}

/// One Kindred app per test, on a database of its own: in-memory SQLite by default, or a fresh
/// PostgreSQL database cloned from a migrated template when `KINDRED_TEST_DATABASE_URL` is set.
struct TestKindred {
    let app: Application
    let clock: TestClock
    let configuration: KindredConfiguration

    static var usesPostgres: Bool { PostgresTestDatabases.adminURL != nil }

    static func configuration(database: KindredConfiguration.Database, mediaDirectory: String,
                              adjust: (inout KindredConfiguration) -> Void = { _ in }) -> KindredConfiguration {
        var configuration = try! KindredConfiguration.fromEnvironment([:], isProduction: false)
        configuration.database = database
        configuration.mediaDirectory = mediaDirectory
        configuration.secret = (0..<32).map { _ in UInt8.random(in: .min ... .max) }
        configuration.bcryptCost = 4
        configuration.publicDirectory = Self.repositoryRoot + "/Public"
        configuration.apple.bundleIDs = ["app.kindred.tests"]
        configuration.apple.minimumRefetchInterval = 0
        adjust(&configuration)
        return configuration
    }

    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()
}

func withKindred<T>(
    adjust: (inout KindredConfiguration) -> Void = { _ in },
    _ test: (TestKindred) async throws -> T
) async throws -> T {
    let mediaDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("kindred-media-" + UUID().uuidString).path
    let database = try await PostgresTestDatabases.shared.make()
    let databaseConfiguration: KindredConfiguration.Database = database.map { .postgres(url: $0.url) } ?? .sqliteInMemory
    let configuration = TestKindred.configuration(database: databaseConfiguration, mediaDirectory: mediaDirectory, adjust: adjust)
    let clock = TestClock()
    let app = try await Application.make(.testing)
    app.logger.logLevel = .warning
    let result: T
    do {
        try await configure(app, configuration, clock: { clock.now })
        try await app.autoMigrate()
        try await app.asyncBoot()
        result = try await test(TestKindred(app: app, clock: clock, configuration: configuration))
    } catch {
        try? await app.asyncShutdown()
        if let database { try? await PostgresTestDatabases.shared.drop(database) }
        throw error
    }
    try await app.asyncShutdown()
    if let database { try await PostgresTestDatabases.shared.drop(database) }
    try? FileManager.default.removeItem(atPath: mediaDirectory)
    return result
}
