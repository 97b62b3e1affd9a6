import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
#if canImport(OpenAPIAsyncHTTPClient)
import OpenAPIAsyncHTTPClient
#endif

/// A device's connection to Kindred: signs in, keeps the tokens in a `TokenStore`, refreshes them
/// transparently (once, however many calls race), retries safe requests, and exposes the
/// generated client for every operation.
public actor KindredSession {
    public nonisolated let serverURL: URL
    /// The generated client, already wired with authentication, retries, request ids,
    /// idempotency keys and problem decoding. App cores call it directly for their own APIs.
    public nonisolated let client: Client

    private let store: any TokenStore
    private let clock: @Sendable () -> Date
    private var stored: StoredSession?
    /// A random id this installation of the app made once and keeps (the Keychain on iOS), sent
    /// with every sign-in: a sign-in from an installation the account has not used in 90 days
    /// raises a new-device alert on its other devices. The server keeps only its hash.
    public nonisolated let installation: String?
    private var loaded = false
    private var refreshing: Task<StoredSession, any Error>?
    private var changeHandlers: [UUID: @Sendable (StoredSession?) -> Void] = [:]

    /// Refresh this long before the access token expires, so a request never races the expiry.
    static let refreshMargin: TimeInterval = 30

    public init(
        serverURL: URL,
        tokenStore: any TokenStore = MemoryTokenStore(),
        transport: any ClientTransport = KindredSession.defaultTransport,
        retryPolicy: RetryPolicy = .default,
        installation: String? = nil,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.serverURL = serverURL
        self.installation = installation
        self.store = tokenStore
        self.clock = clock
        let apiURL = serverURL.appendingPathComponent("api/v1")
        // Box breaks the cycle: the middleware needs the session, the session owns the client.
        let box = SessionBox()
        client = Client(
            serverURL: apiURL,
            configuration: .init(dateTranscoder: .iso8601, jsonEncodingOptions: .kindred),
            transport: transport,
            middlewares: [
                ProblemMiddleware(),
                RequestMetadataMiddleware(),
                AuthenticationMiddleware(tokens: { rejected in
                    guard let session = box.session else { throw KindredError.signedOut }
                    return try await session.accessToken(replacing: rejected)
                }),
                RetryMiddleware(policy: retryPolicy),
            ]
        )
        box.session = self
    }

    /// URLSession on Apple platforms; AsyncHTTPClient on Linux, where URLSession buffers whole
    /// responses and a streamed chat reply would arrive all at once.
    public static var defaultTransport: any ClientTransport {
        #if canImport(OpenAPIAsyncHTTPClient)
        AsyncHTTPClientTransport()
        #else
        URLSessionTransport()
        #endif
    }

    // MARK: - State

    public var isSignedIn: Bool {
        get async { (try? await current()) != nil }
    }

    public var userID: UUID? {
        get async { try? await current()?.userID }
    }

    public var sessionID: UUID? {
        get async { try? await current()?.sessionID }
    }

    /// Called whenever the session starts, refreshes or ends (nil), e.g. to show the sign-in screen.
    @discardableResult
    public func onChange(_ handler: @escaping @Sendable (StoredSession?) -> Void) -> UUID {
        let id = UUID()
        changeHandlers[id] = handler
        return id
    }

    public func removeChangeHandler(_ id: UUID) {
        changeHandlers[id] = nil
    }

    /// Who is signed in: the account's id now, then again each time it changes (nil once signed
    /// out), so an app's root follows one stream instead of reading the state and also listening.
    /// A refresh of the same account is not a change.
    public nonisolated func signedInChanges() -> AsyncStream<UUID?> {
        AsyncStream { continuation in
            let last = LastValue()
            let yield: @Sendable (StoredSession?) -> Void = { stored in
                if last.replace(with: stored?.userID) { continuation.yield(stored?.userID) }
            }
            let subscription = Task { await self.subscribe(yield) }
            continuation.onTermination = { _ in
                Task {
                    let id = await subscription.value
                    await self.removeChangeHandler(id)
                }
            }
        }
    }

    /// Registers `handler` and gives it the current state, with nothing in between: the stored
    /// session is loaded first, so no change can land between the first value and the next.
    private func subscribe(_ handler: @escaping @Sendable (StoredSession?) -> Void) async -> UUID {
        _ = try? await current()
        let id = onChange(handler)
        handler(stored)
        return id
    }

    // MARK: - Tokens

    /// A valid access token: the stored one, or a fresh one. `rejected` is a token the server
    /// just refused; it is replaced even if it looks unexpired.
    func accessToken(replacing rejected: String? = nil) async throws -> String {
        guard let session = try await current() else { throw KindredError.signedOut }
        if let token = session.accessToken {
            if let rejected {
                if token != rejected { return token }  // another call already refreshed
            } else if let expiry = session.accessTokenExpiresAt, expiry.timeIntervalSince(clock()) > Self.refreshMargin {
                return token
            }
        }
        guard let token = try await refresh().accessToken else { throw KindredError.signedOut }
        return token
    }

    /// Exchanges the refresh token. Concurrent callers share one exchange, since the server
    /// treats a second use of the same refresh token as theft.
    @discardableResult
    public func refresh() async throws -> StoredSession {
        if let refreshing { return try await refreshing.value }
        let task = Task<StoredSession, any Error> { try await performRefresh() }
        refreshing = task
        defer { refreshing = nil }
        return try await task.value
    }

    private func performRefresh() async throws -> StoredSession {
        guard let session = try await current() else { throw KindredError.signedOut }
        do {
            let output = try await client.refreshSession(body: .json(.init(refreshToken: session.refreshToken, refreshTokenDelivery: .body)))
            return try await adopt(try output.ok.body.json)
        } catch {
            let error = KindredError.from(error)
            if case KindredError.problem(let problem) = error, problem.status == 401 {
                try await end()
                throw KindredError.signedOut
            }
            throw error
        }
    }

    /// Stores the tokens of a new or refreshed session.
    @discardableResult
    func adopt(_ auth: Components.Schemas.AuthSession) async throws -> StoredSession {
        guard let refreshToken = auth.refreshToken ?? stored?.refreshToken else { throw KindredError.signedOut }
        let session = StoredSession(sessionID: auth.sessionId, userID: auth.me.id, refreshToken: refreshToken,
                                    accessToken: auth.accessToken, accessTokenExpiresAt: auth.accessTokenExpiresAt)
        try await store.save(session)
        stored = session
        loaded = true
        notify()
        return session
    }

    /// Forgets the session locally (the server side is ended by `signOut`).
    func end() async throws {
        try await store.save(nil)
        stored = nil
        loaded = true
        notify()
    }

    private func current() async throws -> StoredSession? {
        if !loaded {
            stored = try await store.load()
            loaded = true
        }
        return stored
    }

    private func notify() {
        for handler in changeHandlers.values { handler(stored) }
    }
}

/// The last account id a `signedInChanges` stream gave, so it gives each change once.
private final class LastValue: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UUID??

    /// Keeps `new` and says whether it differs from the last one (the first always does).
    func replace(with new: UUID?) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if case .some(let old) = value, old == new { return false }
        value = .some(new)
        return true
    }
}

/// Lets the client's middleware reach the session that owns the client, without a retain cycle.
private final class SessionBox: @unchecked Sendable {
    // Written once in `KindredSession.init`, before any request can run; read-only afterwards.
    weak var session: KindredSession?
}
