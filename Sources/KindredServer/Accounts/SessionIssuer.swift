import Crypto
import Fluent
import Foundation
import SQLKit

/// Starts sessions and rotates their refresh tokens.
struct SessionIssuer {
    let database: any Database
    let services: KindredServices

    struct Issued: Sendable {
        let userID: UUID
        let sessionID: UUID
        let accessToken: String
        let accessTokenExpiresAt: Date
        let refreshToken: String
    }

    /// How long after a refresh token's first use a second use still counts as the same client
    /// racing itself (two tabs waking at once), rather than theft.
    static let reuseGrace: TimeInterval = 5

    /// Used refresh tokens kept per session for theft detection; older ones are forgotten (a thief
    /// presenting one then gets a plain 401 instead of ending the session).
    static let usedTokensKept = 10

    func start(userID: UUID, device: String) async throws -> Issued {
        let now = services.now
        // Ended sessions are of no more use to anyone; clearing them here bounds their number.
        try await UserSession.query(on: database).filter(\.$user.$id == userID)
            .group(.or) { $0.filter(\.$expiresAt < now).filter(\.$revokedAt != nil) }
            .delete()
        let session = UserSession(userID: userID, device: device, now: now,
                                  expiresAt: now.addingTimeInterval(services.configuration.refreshTokenLifetime))
        try await session.create(on: database)
        return try await issue(for: session)
    }

    /// Exchanges a refresh token. A token used before revokes its whole session.
    func refresh(token: String) async throws -> (issued: Issued, revokedSession: UUID?) {
        let now = services.now
        guard let stored = try await RefreshToken.query(on: database)
            .filter(\.$tokenHash == Secrets.sha256Hex(token)).with(\.$session).first()
        else { throw AppError.invalidToken("This refresh token is not valid. Sign in again.") }
        let session = stored.session
        guard session.isActive(at: now) else { throw AppError.invalidToken("This session has ended. Sign in again.") }

        let successor = Self.successor(of: token, secret: services.configuration.secret)
        guard try await markUsed(stored, at: now) else {
            let firstUse = try await RefreshToken.find(stored.id, on: database)?.usedAt ?? .distantPast
            guard now.timeIntervalSince(firstUse) <= Self.reuseGrace else {
                session.revokedAt = now
                try await session.save(on: database)
                throw RefreshReuse(sessionID: try session.requireID())
            }
            // The same client racing itself (two tabs): it gets the successor the first use made,
            // so a replay can never start a chain of its own.
            return (try await issue(for: session, refreshToken: successor, storing: false), nil)
        }
        session.lastUsedAt = now
        session.expiresAt = now.addingTimeInterval(services.configuration.refreshTokenLifetime)
        try await session.save(on: database)
        try await forgetOldUsedTokens(of: session.requireID())
        return (try await issue(for: session, refreshToken: successor, storing: true), nil)
    }

    /// A used token's successor is derived from it with a server key, so every exchange of one
    /// token yields the same next token without keeping that token anywhere in clear.
    static func successor(of token: String, secret: [UInt8]) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Array(token.utf8), using: DerivedKey.refreshSuccessor.key(from: secret))
        return Secrets.base64URL(mac)
    }

    /// Marks the token used only if nobody else did first, so two instances racing on one token
    /// cannot both win.
    private func markUsed(_ token: RefreshToken, at now: Date) async throws -> Bool {
        guard let sql = database as? any SQLDatabase else {
            token.usedAt = now
            try await token.save(on: database)
            return true
        }
        let rows = try await sql.update(RefreshToken.schema)
            .set("used_at", to: now)
            .where("id", .equal, token.requireID())
            .where("used_at", .is, SQLLiteral.null)
            .returning("id")
            .all()
        return !rows.isEmpty
    }

    private func forgetOldUsedTokens(of sessionID: UUID) async throws {
        // Pruned on every refresh, so this list stays about `usedTokensKept` long.
        let old = try await RefreshToken.query(on: database)
            .filter(\.$session.$id == sessionID).filter(\.$usedAt != nil)
            .sort(\.$usedAt, .descending).all(\.$id).dropFirst(Self.usedTokensKept).map { $0 }
        guard !old.isEmpty else { return }
        try await RefreshToken.query(on: database).filter(\.$id ~~ old).delete()
    }

    private func issue(for session: UserSession, refreshToken: String = Secrets.randomToken(), storing: Bool = true) async throws -> Issued {
        let sessionID = try session.requireID()
        if storing {
            try await RefreshToken(sessionID: sessionID, tokenHash: Secrets.sha256Hex(refreshToken)).create(on: database)
        }
        let access = try await services.accessTokens.issue(userID: session.$user.id, sessionID: sessionID, now: services.now)
        return Issued(userID: session.$user.id, sessionID: sessionID, accessToken: access.token,
                      accessTokenExpiresAt: access.expiresAt, refreshToken: refreshToken)
    }
}

/// A used refresh token came back: the session was revoked and its devices must be told.
struct RefreshReuse: Error {
    let sessionID: UUID
}
