import Fluent
import Foundation

/// One signed-in device. Its refresh tokens rotate; the session is what a user sees and revokes.
final class UserSession: Model, CreationStamped, @unchecked Sendable {
    static let schema = "sessions"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "device") var device: String
    @OptionalField(key: "created_at") var createdAt: Date?
    @Field(key: "last_used_at") var lastUsedAt: Date
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "revoked_at") var revokedAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $device, $createdAt, $lastUsedAt, $expiresAt, $revokedAt]
    }

    init() {}

    init(id: UUID? = nil, userID: UUID, device: String, now: Date, expiresAt: Date) {
        self.id = id
        self.$user.id = userID
        self.device = device
        self.lastUsedAt = now
        self.expiresAt = expiresAt
    }

    func isActive(at now: Date) -> Bool { revokedAt == nil && expiresAt > now }
}

/// A refresh token, stored only as its SHA-256. A used token is kept so that presenting it again
/// is recognised as theft and revokes the session.
final class RefreshToken: Model, CreationStamped, @unchecked Sendable {
    static let schema = "refresh_tokens"

    @ID(key: .id) var id: UUID?
    @Parent(key: "session_id") var session: UserSession
    @Field(key: "token_hash") var tokenHash: String
    @OptionalField(key: "used_at") var usedAt: Date?
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $session, $tokenHash, $usedAt, $createdAt]
    }

    init() {}

    init(sessionID: UUID, tokenHash: String) {
        self.$session.id = sessionID
        self.tokenHash = tokenHash
    }
}

extension UserSession {
    /// A person's sessions that can still be used.
    static func active(of userID: UUID, at now: Date, on database: any Database) -> QueryBuilder<UserSession> {
        UserSession.query(on: database)
            .filter(\.$user.$id == userID)
            .filter(\.$revokedAt == nil)
            .filter(\.$expiresAt > now)
    }
}
