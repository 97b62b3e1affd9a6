import Fluent
import Vapor

/// Who is calling. The only way a handler learns the user: `try await Caller.require(request)`.
struct Caller: Sendable {
    let userID: UUID
    let sessionID: UUID

    /// Verifies the bearer token and that its session is still active (so revocation is
    /// immediate, not up to 15 minutes late), and records the session's last use.
    static func require(_ request: Request) async throws -> Caller {
        if let cached = request.storage[CallerKey.self] { return cached }
        guard let token = request.headers.bearerAuthorization?.token else { throw AppError.unauthenticated }
        let now = request.kindred.now
        let claims = try await request.kindred.accessTokens.verify(token, now: now)
        guard let session = try await UserSession.find(claims.sessionID, on: request.db),
              session.$user.id == claims.userID, session.isActive(at: now)
        else { throw AppError.invalidToken("This session has ended. Sign in again.") }
        // Writing on every request would make each read a write; a minute's precision is plenty.
        if now.timeIntervalSince(session.lastUsedAt) > 60 {
            session.lastUsedAt = now
            try await session.save(on: request.db)
        }
        let caller = Caller(userID: claims.userID, sessionID: claims.sessionID)
        request.storage[CallerKey.self] = caller
        return caller
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
