import Fluent
import Foundation
import SQLKit

/// Something that happened to an account that its owner should know of: a sign-in from a device
/// the account has not used in 90 days, or sessions ended from another device. Any app may show
/// them (an app's security inbox); the owner answers a new-device alert with "this was me" or
/// "this wasn't me", which ends every other session.
final class AccountAlert: Model, @unchecked Sendable {
    static let schema = "account_alerts"

    enum Kind: String, Codable, Sendable {
        case newDevice = "new_device"
        case sessionsRevoked = "sessions_revoked"
    }

    enum Answer: String, Codable, Sendable {
        case wasMe = "was_me"
        case notMe = "not_me"
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "kind") var kind: Kind
    /// The device's label as the sessions list shows it: the new one, or the one that ended others.
    @Field(key: "device") var device: String
    /// The session the alert is about (the new device's); gone once that session is.
    @OptionalParent(key: "session_id") var session: UserSession?
    /// How many sessions were ended (sessions_revoked).
    @Field(key: "count") var count: Int
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "answered_at") var answeredAt: Date?
    @OptionalField(key: "answer") var answer: Answer?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $kind, $device, $session, $count, $createdAt, $answeredAt, $answer]
    }

    init() {}

    init(userID: UUID, kind: Kind, device: String, sessionID: UUID?, count: Int = 0, at date: Date) {
        $user.id = userID
        self.kind = kind
        self.device = device
        $session.id = sessionID
        self.count = count
        createdAt = date
    }
}

/// The devices an account has signed in from, by a hash of the installation id the client keeps
/// (or of the device label when it sent none), with when each was last used.
final class KnownDevice: Model, @unchecked Sendable {
    static let schema = "known_devices"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "key_hash") var keyHash: String
    @Field(key: "last_seen_at") var lastSeenAt: Date

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $keyHash, $lastSeenAt]
    }

    init() {}

    init(userID: UUID, keyHash: String, at date: Date) {
        $user.id = userID
        self.keyHash = keyHash
        lastSeenAt = date
    }
}

struct CreateAccountAlerts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AccountAlert.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("device", .string, .required)
            .field("session_id", .uuid, .references(UserSession.schema, .id, onDelete: .setNull))
            .field("count", .int, .required)
            .field("created_at", .datetime, .required)
            .field("answered_at", .datetime)
            .field("answer", .string)
            .create()
        try await database.schema(KnownDevice.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("key_hash", .string, .required)
            .field("last_seen_at", .datetime, .required)
            .unique(on: "user_id", "key_hash")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "account_alerts_user").on(AccountAlert.schema).column("user_id").column("created_at").run()
        try await sql.create(index: "account_alerts_session").on(AccountAlert.schema).column("session_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(KnownDevice.schema).delete()
        try await database.schema(AccountAlert.schema).delete()
    }
}
