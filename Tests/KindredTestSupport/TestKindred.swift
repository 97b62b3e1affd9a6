import Foundation
import NIOConcurrencyHelpers
import PostgresNIO
import Testing
import Vapor
import VaporTesting
import KindredServer

/// A clock the tests can move forward, to expire tokens and URLs without waiting.
public final class TestClock: Sendable {
    private let state = NIOLockedValueBox<(offset: TimeInterval, frozenAt: Date?)>((0, nil))
    public init() {}
    public var now: Date {
        state.withLockedValue { ($0.frozenAt ?? Date()).addingTimeInterval($0.offset) }
    }
    public func advance(by seconds: TimeInterval) { state.withLockedValue { $0.offset += seconds } }
    /// Stops time (until `advance`), for rules about how close two moments are, which a loaded
    /// machine could otherwise stretch.
    public func freeze() { state.withLockedValue { $0.frozenAt = $0.frozenAt ?? Date() } }
}

/// One Kindred app per test, on a database of its own: in-memory SQLite by default, or a fresh
/// PostgreSQL database cloned from a migrated template when `KINDRED_TEST_DATABASE_URL` is set.
public struct TestKindred: Sendable {
    public let app: Application
    public let clock: TestClock
    public let configuration: KindredConfiguration

    public static var usesPostgres: Bool { PostgresTestDatabases.suiteURL != nil }

    /// Where the server listens, when started with `withKindred(running: true)`.
    public var baseURL: URL? {
        app.listeningAddress?.port.flatMap { URL(string: "http://127.0.0.1:\($0)") }
    }

    public static func configuration(database: KindredConfiguration.Database, mediaDirectory: String,
                              adjust: (inout KindredConfiguration) -> Void = { _ in }) -> KindredConfiguration {
        var configuration = try! KindredConfiguration.fromEnvironment([:], isProduction: false)
        configuration.database = database
        configuration.mediaDirectory = mediaDirectory
        // E-mail (sign-up's verification link, among others) goes beside the media, never ./data.
        configuration.mailDirectory = mediaDirectory + "-mail"
        configuration.secret = (0..<32).map { _ in UInt8.random(in: .min ... .max) }
        configuration.bcryptCost = 4
        configuration.publicDirectory = Self.repositoryRoot + "/Public"
        configuration.apple.bundleIDs = ["app.kindred.tests"]
        configuration.apple.minimumRefetchInterval = 0
        // Tests sign many people up from one address; the limit has tests of its own.
        configuration.signUpsPerAddressPerHour = 100_000
        // Hundreds of tests start at once, each cloning a database: PostgreSQL can then take longer
        // than a live server's ten seconds to accept a connection.
        configuration.databaseTimeout = 120
        // A daily job starting mid-test would change what the test reads; the job tests run them.
        configuration.runsJobs = false
        adjust(&configuration)
        return configuration
    }

    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()
}

/// - Parameter running: also listen on a free loopback port, for clients that need a real socket
///   (the SDK, WebSockets); `TestKindred.baseURL` is then set.
/// - Parameter postgres: use PostgreSQL even in the SQLite pass (needs `KINDRED_TEST_POSTGRES_URL`).
public func withKindred<T>(
    running: Bool = false,
    postgres: Bool = false,
    adjust: (inout KindredConfiguration) -> Void = { _ in },
    isolation: isolated (any Actor)? = #isolation,
    _ test: (TestKindred) async throws -> T
) async throws -> T {
    let mediaDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("kindred-media-" + UUID().uuidString).path
    let adminURL = postgres ? PostgresTestDatabases.anyURL : PostgresTestDatabases.suiteURL
    if postgres && adminURL == nil { throw PostgresRequired() }
    let database = try await adminURL.asyncMap { try await PostgresTestDatabases.shared.make(adminURL: $0) }
    let databaseConfiguration: KindredConfiguration.Database = database.map { .postgres(url: $0.url) } ?? .sqliteInMemory
    let configuration = TestKindred.configuration(database: databaseConfiguration, mediaDirectory: mediaDirectory, adjust: adjust)
    let clock = TestClock()
    let app = try await Application.make(.testing)
    app.logger.logLevel = .warning
    let result: T
    do {
        try await configure(app, configuration, clock: { clock.now })
        try await app.migrateKindred()
        try await app.asyncBoot()
        // On PostgreSQL, a listener that connects after the test began would empty the session
        // cache under it; on a machine busy enough, it can take longer than start-up waits.
        try await app.untilRealtimeListening()
        if running {
            app.http.server.configuration.port = 0
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        }
        result = try await test(TestKindred(app: app, clock: clock, configuration: configuration))
    } catch {
        try? await app.shutDownServing(running)
        if let database { try? await PostgresTestDatabases.shared.drop(database) }
        if let error = error as? PSQLError { throw PostgresTestFailure(error) }
        throw error
    }
    do {
        try await app.shutDownServing(running)
        if let database { try await PostgresTestDatabases.shared.drop(database) }
    } catch let error as PSQLError {
        throw PostgresTestFailure(error)
    }
    try? FileManager.default.removeItem(atPath: mediaDirectory)
    try? FileManager.default.removeItem(atPath: configuration.mailDirectory)
    return result
}

public struct PostgresRequired: Error, CustomStringConvertible {
    public var description: String { "This test needs PostgreSQL: set KINDRED_TEST_POSTGRES_URL (scripts/test does)." }
}

extension TestKindred {
    /// A second server instance on the same database and secret, listening on its own port,
    /// as when several instances run behind a load balancer. The caller shuts it down.
    public func startSibling() async throws -> Application {
        let sibling = try await Application.make(.testing)
        sibling.logger.logLevel = .warning
        do {
            try await configure(sibling, configuration, clock: { [clock] in clock.now })
            try await sibling.asyncBoot()
            try await sibling.untilRealtimeListening()
            sibling.http.server.configuration.port = 0
            try await sibling.server.start(address: .hostname("127.0.0.1", port: 0))
        } catch {
            try? await sibling.shutDownServing()
            throw error
        }
        return sibling
    }
}

extension TestKindred {
    /// Runs `body` with a sibling instance (see `startSibling`) and its base URL, and shuts the
    /// sibling down afterwards, whether `body` succeeded or not.
    public func withSibling<T>(isolation: isolated (any Actor)? = #isolation,
                               _ body: (Application, URL) async throws -> T) async throws -> T {
        let sibling = try await startSibling()
        do {
            guard let url = sibling.listeningAddress?.port.flatMap({ URL(string: "http://127.0.0.1:\($0)") }) else {
                throw SiblingNotListening()
            }
            let result = try await body(sibling, url)
            try await sibling.shutDownServing()
            return result
        } catch {
            try? await sibling.shutDownServing()
            throw error
        }
    }
}

public struct SiblingNotListening: Error {}

extension Application {
    /// Stops a server started with `server.start` (which `asyncShutdown` does not), then the app.
    public func shutDownServing(_ serving: Bool = true) async throws {
        if serving { await server.shutdown() }
        try await asyncShutdown()
    }
}

extension Optional {
    func asyncMap<U>(_ transform: (Wrapped) async throws -> U) async rethrows -> U? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
