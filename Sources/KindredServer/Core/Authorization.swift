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
        let caller = Caller(userID: claims.userID, sessionID: claims.sessionID)
        if let entry = services.sessions.entry(for: claims.sessionID, userID: claims.userID, now: now) {
            // Writing on every request would make each read a write; a minute's precision is plenty.
            if now.timeIntervalSince(entry.lastUsedAt) > 60 {
                try await recordUse(of: claims.sessionID, at: now, on: request.db.sql())
                services.sessions.recordUse(of: claims.sessionID, at: now)
            }
            request.storage[CallerKey.self] = caller
            return caller
        }
        // One statement in SQL rather than a Fluent model: every signed-in request runs it, and
        // filling a model (its properties found by reflection) cost more than the query itself.
        let sql = try request.db.sql()
        let generation = services.sessions.generation
        guard let row = try await sql.raw("""
            SELECT user_id, expires_at, revoked_at, last_used_at FROM \(ident: UserSession.schema) WHERE id = \(bind: claims.sessionID)
            """).first(),
              try row.decode(column: "user_id", as: UUID.self) == claims.userID,
              try row.decodeNil(column: "revoked_at")
        else { throw AppError.invalidToken("This session has ended. Sign in again.") }
        let expiresAt = try row.decode(column: "expires_at", as: Date.self)
        guard expiresAt > now else { throw AppError.invalidToken("This session has ended. Sign in again.") }
        var lastUsedAt = try row.decode(column: "last_used_at", as: Date.self)
        if now.timeIntervalSince(lastUsedAt) > 60 {
            try await recordUse(of: claims.sessionID, at: now, on: sql)
            lastUsedAt = now
        }
        services.sessions.store(.init(userID: claims.userID, expiresAt: expiresAt, lastUsedAt: lastUsedAt, readAt: now),
                                for: claims.sessionID, readSince: generation)
        request.storage[CallerKey.self] = caller
        return caller
    }

    private static func recordUse(of sessionID: UUID, at now: Date, on sql: any SQLDatabase) async throws {
        try await sql.raw("UPDATE \(ident: UserSession.schema) SET last_used_at = \(bind: now) WHERE id = \(bind: sessionID)").run()
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
