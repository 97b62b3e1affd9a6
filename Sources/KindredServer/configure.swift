import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import AsyncHTTPClient
import Foundation
import NIOCore
import OpenAPIVapor
import SQLKit
import Vapor

/// Builds the whole server into `app` from one typed configuration, so tests build it in-process
/// exactly as `kindred serve` does.
public func configure(_ app: Application, _ configuration: KindredConfiguration, clock wallClock: @escaping @Sendable () -> Date = Date.init) async throws {
    // Kindred's one clock, in whole microseconds: what both databases keep. A time read back
    // then equals the one written, which a page's cursor (and any equality on a time) relies on.
    let clock: @Sendable () -> Date = { wallClock().roundedToMicroseconds }
    app.http.server.configuration.hostname = configuration.host
    app.http.server.configuration.port = configuration.port
    // A connection that sends and receives nothing for this long is closed: idle keep-alives and
    // sockets abandoned mid-request do not hold descriptors forever.
    app.http.server.configuration.idleTimeout = .seconds(Int64(configuration.connectionLimits.idleTimeout))
    // Clients reach Vapor only through Kindred's own listener, which keeps the deadlines and
    // per-address cap Vapor has no place for (unless a proxy in front keeps them instead).
    if configuration.connectionLimits.frontListener { app.useFrontServer(configuration) }

    // Fluent's SQLite pool has one connection per event loop, whatever is asked.
    let loops = Array(app.eventLoopGroup.makeIterator()).count
    var pool = DatabasePoolGauge(capacity: loops, applicationName: nil)
    switch configuration.database {
    case .sqlite(let path):
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        // Files made before the server set its umask (an older version) are closed up too.
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        }
        app.databases.use(.sqlite(.file(path)), as: .sqlite)
        // Write-ahead logging: one sync per commit instead of several, and readers never wait for
        // a writer. The mode is stored in the file, so setting it once at start-up is enough.
        try await (app.db as? any SQLDatabase)?.raw("PRAGMA journal_mode=WAL").run()
    case .sqliteInMemory:
        app.databases.use(.sqlite(.memory), as: .sqlite)
    case .postgres(let url):
        // Fluent's default is one connection per event loop: two in all on two cores, which a burst
        // of sign-ins (each a short locked transaction) queued past the pool's timeout.
        var postgres = try SQLPostgresConfiguration(url: url)
        postgres.coreConfiguration.options.connectTimeout = .seconds(Int64(configuration.databaseTimeout))
        // Named, so the metrics find this instance's connections in pg_stat_activity.
        let applicationName = DatabasePoolGauge.makeApplicationName()
        postgres.coreConfiguration.options.additionalStartupParameters.append(("application_name", applicationName))
        pool = DatabasePoolGauge(capacity: 4 * loops, applicationName: applicationName)
        app.databases.use(.postgres(configuration: postgres, maxConnectionsPerEventLoop: 4,
                                    connectionPoolTimeout: .seconds(Int64(configuration.databaseTimeout))), as: .psql)
    }
    app.storage[DatabasePoolGaugeKey.self] = pool
    app.databases.middleware.use(RandomIDMiddleware())
    app.databases.middleware.use(ClockStampMiddleware(clock: clock))
    app.migrations.addKindred()

    let mediaStore: any MediaStore
    if let s3 = configuration.s3 {
        // Signed with the real time, not the app's clock: the store compares it with its own.
        let store = S3MediaStore(settings: s3, eventLoopGroup: app.eventLoopGroup, clock: { Date() }, logger: app.logger)
        app.lifecycle.use(S3MediaStoreLifecycle(store: store))
        mediaStore = store
    } else {
        mediaStore = try FileMediaStore(directory: configuration.mediaDirectory)
    }
    let metrics = KindredMetrics()
    let sessions = SessionCache(lifetime: configuration.sessionCacheLifetime)
    let hub = RealtimeHub(socketsPerAccount: configuration.connectionLimits.socketsPerAccount, sessions: sessions, logger: app.logger)
    let events: any EventBus
    if case .postgres(let url) = configuration.database {
        events = try PostgresEventBus(url: url, database: { [unowned app] in app.db }, hub: hub, sessions: sessions, logger: app.logger,
                                  clock: clock)
    } else {
        events = LocalEventBus(hub: hub)
    }
    let client = app.client
    // Redirects are not followed: a push service has no reason to send one, and following it
    // could lead the server anywhere.
    let pushClient = HTTPClient(eventLoopGroupProvider: .shared(app.eventLoopGroup), configuration: .init(
        redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(15)),
        connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: PushDelivery.concurrency)))
    // APNs speaks HTTP/2 only (negotiated by ALPN), many notifications over one connection.
    let apnsClient = configuration.push.apns.map { apns in
        var tls = TLSConfiguration.makeClientConfiguration()
        if let roots = apns.trustRootsFile { tls.trustRoots = .file(roots) }
        return HTTPClient(eventLoopGroupProvider: .shared(app.eventLoopGroup), configuration: .init(
            tlsConfiguration: tls, redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(15)),
            connectionPool: .init(idleTimeout: .seconds(600))))
    }
    let passwords = PasswordHasher(cost: configuration.bcryptCost, limits: configuration.passwordHashing)
    app.lifecycle.use(PasswordHasherLifecycle(passwords: passwords))
    app.kindred = KindredServices(
        configuration: configuration,
        contract: try Contract.bundled(),
        accessTokens: await AccessTokens(secret: configuration.secret, lifetime: configuration.accessTokenLifetime),
        sessions: sessions,
        passwords: passwords,
        mediaStore: mediaStore,
        mediaURLs: MediaURLSigner(secret: configuration.secret, lifetime: configuration.mediaURLLifetime),
        exportURLs: .dataExports(secret: configuration.secret),
        apple: AppleIdentityVerifier(configuration: configuration.apple, fetch: { url in
            let response = try await client.get(URI(string: url))
            guard response.status == .ok, let body = response.body else { throw Abort(.badGateway) }
            return Array(buffer: body)
        }, clock: clock),
        events: events,
        hub: hub,
        mail: MailDelivery(
            mailer: configuration.mail.smtp.map { SMTPMailer(settings: $0, group: app.eventLoopGroup) }
                ?? FileMailer(directory: configuration.mail.directory),
            from: configuration.mail.from, logger: app.logger),
        push: PushDelivery(
            webPush: WebPushSender(client: pushClient, key: .derived(from: configuration.secret, subject: configuration.push.contact),
                                   logger: app.logger),
            apns: apnsClient.flatMap { client in configuration.push.apns.map { APNsSender(client: client, settings: $0, logger: app.logger) } }),
        metrics: metrics,
        qrImages: QRImages(),
        clock: clock
    )
    app.lifecycle.use(PushDeliveryLifecycle(clients: [pushClient] + (apnsClient.map { [$0] } ?? []), runsWorker: configuration.runsJobs))
    app.lifecycle.use(MailLifecycle())
    app.storage[DataExportRunnerKey.self] = DataExportRunner()
    app.lifecycle.use(DataExportLifecycle())
    app.lifecycle.use(RealtimeLifecycle())
    // Every instance sweeps its own staging folder, whether or not it runs the scheduled jobs.
    app.lifecycle.use(StagingSweeperLifecycle())
    for kindredApp in KindredApps.all { try kindredApp.configure(app, configuration) }
    if configuration.runsJobs {
        app.lifecycle.use(JobRunnerLifecycle(runner: JobRunner(jobs: Housekeeping.allJobs)))
    }

    // Outermost first: every request is counted until answered (shutdown waits for them), every
    // response gets an id and security headers, and every error, including a missing route or a
    // static file, comes back as problem+json.
    let inFlight = RequestsInFlight()
    app.storage[RequestsInFlightKey.self] = inFlight
    // Registered last, so it runs first at shutdown (handlers stop in reverse order).
    app.lifecycle.use(RequestsInFlightLifecycle(requests: inFlight))
    let webClient = try WebClientFiles.shared(directory: configuration.publicDirectory)
    app.storage[WebClientFilesKey.self] = webClient
    app.middleware = Middlewares()
    app.middleware.use(MiddlewareChain([
        RequestsInFlightMiddleware(requests: inFlight),
        MetricsMiddleware(metrics: metrics),
        RequestIDMiddleware(),
        SecurityHeadersMiddleware(),
        ProblemMiddleware(),
        WebClientMiddleware(files: webClient),
        RequestContextMiddleware(),
        IdempotencyMiddleware(),
    ]))

    try routes(app)
    MetricsRoute.register(app, token: configuration.metricsToken?.value)
}

/// Says at start-up where e-mail goes (in development, the folder to find sign-up links in), and
/// at shutdown lets messages being sent finish, for up to ten seconds.
private struct MailLifecycle: LifecycleHandler {
    func didBootAsync(_ application: Application) async throws {
        let mail = application.kindred.configuration.mail
        if let smtp = mail.smtp {
            application.logger.notice("E-mail goes through \(smtp.host):\(smtp.port) (\(smtp.security.rawValue)) from \(mail.from.address)")
        } else {
            application.logger.notice("E-mail is written to \(mail.directory) as .eml files (set KINDRED_SMTP_URL to send it)")
        }
    }

    func shutdownAsync(_ application: Application) async {
        let mail = application.kindred.mail
        let drained = Task { await mail.drain() }
        let timer = Task {
            try await Task.sleep(for: .seconds(10))
            mail.cancelAll()
        }
        await drained.value
        timer.cancel()
    }
}

/// Stops the password-hashing threads on shutdown.
private struct PasswordHasherLifecycle: LifecycleHandler {
    let passwords: PasswordHasher

    func shutdownAsync(_ application: Application) async {
        do { try await passwords.shutdown() } catch {
            application.logger.warning("The password-hashing threads did not stop cleanly: \(error)")
        }
    }
}

/// Starts the event bus's listener when the app boots and stops it and the sockets on shutdown.
private struct RealtimeLifecycle: LifecycleHandler {
    func didBootAsync(_ application: Application) async throws {
        try await application.kindred.events.start()
    }

    func shutdownAsync(_ application: Application) async {
        await application.kindred.events.shutdown()
        await application.kindred.hub.closeAll()
    }
}
