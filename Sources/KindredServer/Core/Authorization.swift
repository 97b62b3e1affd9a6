import Fluent
import SQLKit
import Vapor

/// Who is calling. The only way a handler learns the user: `try await Caller.require(request)`.
struct Caller: Sendable {
    let userID: UUID
    let sessionID: UUID

    /// Verifies the bearer token and that its session is still active (so revocation is
    /// immediate, not up to 15 minutes late), and records the session's last use.
    ///
    /// A session read in the last few seconds is taken from `SessionCache`, which every
    /// revocation clears on every instance; only a miss reads `sessions`.
    static func require(_ request: Request) async throws -> Caller {
        if let cached = request.storage[CallerKey.self] { return cached }
        guard let token = request.headers.bearerAuthorization?.token else { throw AppError.unauthenticated }
        let services = request.kindred
        let now = services.now
        let claims = try await services.accessTokens.verify(token, now: now)
        let session = if let cached = services.sessions.entry(for: claims.sessionID, userID: claims.userID, now: now) {
            cached
        } else {
            try await activeSession(claims.sessionID, of: claims.userID, at: now, on: request.db.sql(), cache: services.sessions)
        }
        // Writing on every request would make each read a write; a minute's precision is plenty.
        if now.timeIntervalSince(session.lastUsedAt) > 60 {
            try await request.db.sql().raw("""
                UPDATE \(ident: UserSession.schema) SET last_used_at = \(bind: now) WHERE id = \(bind: claims.sessionID)
                """).run()
            services.sessions.recordUse(of: claims.sessionID, at: now)
        }
        let caller = Caller(userID: claims.userID, sessionID: claims.sessionID)
        request.storage[CallerKey.self] = caller
        return caller
    }

    /// The session's row, if it is the user's and still active, kept in `cache` for the next
    /// requests. One statement in SQL rather than a Fluent model: filling a model (its properties
    /// found by reflection) cost more than the query itself.
    private static func activeSession(_ sessionID: UUID, of userID: UUID, at now: Date, on sql: any SQLDatabase,
                                      cache: SessionCache) async throws -> SessionCache.Entry {
        let generation = cache.generation
        guard let row = try await sql.raw("""
            SELECT user_id, expires_at, revoked_at, last_used_at FROM \(ident: UserSession.schema) WHERE id = \(bind: sessionID)
            """).first(),
              try row.decode(column: "user_id", as: UUID.self) == userID,
              try row.decodeNil(column: "revoked_at"),
              case let expiresAt = try row.decode(column: "expires_at", as: Date.self), expiresAt > now
        else { throw AppError.invalidToken("This session has ended. Sign in again.") }
        let entry = SessionCache.Entry(userID: userID, expiresAt: expiresAt,
                                       lastUsedAt: try row.decode(column: "last_used_at", as: Date.self), readAt: now)
        cache.store(entry, for: sessionID, readSince: generation)
        return entry
    }

    /// The caller if the request carries a valid token; nil for no token or a refused one. Any
    /// other failure (the database is down) is thrown: it must not pass for "not signed in".
    static func optional(_ request: Request) async throws -> Caller? {
        guard request.headers.bearerAuthorization != nil else { return nil }
        do {
            return try await require(request)
        } catch let error as AppError where error.status == .unauthorized {
            return nil
        }
    }
}

private struct CallerKey: StorageKey { typealias Value = Caller }
