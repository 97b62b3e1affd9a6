import Fluent
import Foundation

/// A single-use, short-lived pass for opening the WebSocket. It lives in the database so that a
/// ticket issued by one server instance can be redeemed at another.
final class RealtimeTicket: Model, @unchecked Sendable {
    static let schema = "realtime_tickets"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Parent(key: "session_id") var session: UserSession
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "expires_at") var expiresAt: Date

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $session, $tokenHash, $expiresAt]
    }

    init() {}

    init(userID: UUID, sessionID: UUID, tokenHash: String, expiresAt: Date) {
        self.$user.id = userID
        self.$session.id = sessionID
        self.tokenHash = tokenHash
        self.expiresAt = expiresAt
    }
}
