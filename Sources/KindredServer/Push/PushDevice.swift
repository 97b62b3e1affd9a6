import Fluent
import Foundation

/// Where one session's notifications go: a browser's push subscription or an iOS device token.
/// A session has at most one, and it goes with the session: whoever signs out (or is signed out
/// remotely) stops hearing on that device.
final class PushDevice: Model, CreationStamped, @unchecked Sendable {
    static let schema = "push_devices"

    enum Kind: String, Codable, Sendable {
        case webPush = "web_push"
        case apns
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Parent(key: "session_id") var session: UserSession
    @Field(key: "kind") var kind: Kind
    /// The Web Push endpoint URL, or the APNs device token in lower-case hex. Either is a secret
    /// that lets anyone holding it write to the device: never logged, never exported.
    @Field(key: "address") var address: String
    /// Web Push: the browser's P-256 key and authentication secret (RFC 8291), base64url.
    @OptionalField(key: "p256dh") var p256dh: String?
    @OptionalField(key: "auth") var auth: String?
    /// APNs: `production` or `sandbox`, which decides the host a notification goes to.
    @OptionalField(key: "apns_environment") var apnsEnvironment: String?
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $session, $kind, $address, $p256dh, $auth, $apnsEnvironment, $createdAt]
    }

    init() {}

    init(userID: UUID, sessionID: UUID, kind: Kind, address: String, p256dh: String? = nil, auth: String? = nil,
         apnsEnvironment: String? = nil) {
        $user.id = userID
        $session.id = sessionID
        self.kind = kind
        self.address = address
        self.p256dh = p256dh
        self.auth = auth
        self.apnsEnvironment = apnsEnvironment
    }
}

/// A kind of notification a person turned off (`NotificationKind.id`). Every kind is on unless
/// a row here says otherwise, so a kind an app adds later reaches people at once.
final class NotificationMute: Model, @unchecked Sendable {
    static let schema = "notification_mutes"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "kind") var kind: String

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $kind]
    }

    init() {}

    init(userID: UUID, kind: String) {
        $user.id = userID
        self.kind = kind
    }
}

/// One notification on its way to one device: the queue `PushDeliveryWorker` drains. Rows go
/// once delivered, refused or given up, and with their device.
final class PushDeliveryRow: Model, CreationStamped, @unchecked Sendable {
    static let schema = "push_deliveries"

    @ID(key: .id) var id: UUID?
    @Parent(key: "device_id") var device: PushDevice
    /// The `PushNotification` JSON.
    @Field(key: "payload") var payload: String
    /// A newer message with the same topic replaces one the push service still holds.
    @OptionalField(key: "topic") var topic: String?
    @OptionalField(key: "created_at") var createdAt: Date?
    /// Not sent before this (a retry's back-off).
    @Field(key: "not_before") var notBefore: Date
    @Field(key: "attempts") var attempts: Int
    /// Which worker is sending it, until when (`PushDeliveryWorker.claim`).
    @OptionalField(key: "lease_holder") var leaseHolder: UUID?
    @OptionalField(key: "lease_until") var leaseUntil: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $device, $payload, $topic, $createdAt, $notBefore, $attempts, $leaseHolder, $leaseUntil]
    }

    init() {}

    init(deviceID: UUID, payload: String, topic: String?, at now: Date) {
        $device.id = deviceID
        self.payload = payload
        self.topic = topic
        notBefore = now
        attempts = 0
    }
}

struct CreatePush: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PushDevice.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("session_id", .uuid, .required, .references(UserSession.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("address", .string, .required)
            .field("p256dh", .string)
            .field("auth", .string)
            .field("apns_environment", .string)
            .field("created_at", .datetime)
            .unique(on: "session_id")
            .unique(on: "address")
            .create()
        try await database.sql().create(index: "push_devices_user_id").on(PushDevice.schema).column("user_id").run()
        try await database.schema(NotificationMute.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .unique(on: "user_id", "kind")
            .create()
        try await database.schema(PushDeliveryRow.schema)
            .id()
            .field("device_id", .uuid, .required, .references(PushDevice.schema, .id, onDelete: .cascade))
            .field("payload", .string, .required)
            .field("topic", .string)
            .field("created_at", .datetime)
            .field("not_before", .datetime, .required)
            .field("attempts", .int, .required)
            .field("lease_holder", .uuid)
            .field("lease_until", .datetime)
            .create()
        try await database.sql().create(index: "push_deliveries_not_before").on(PushDeliveryRow.schema).column("not_before").run()
        try await database.sql().create(index: "push_deliveries_device_id").on(PushDeliveryRow.schema).column("device_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PushDeliveryRow.schema).delete()
        try await database.schema(NotificationMute.schema).delete()
        try await database.schema(PushDevice.schema).delete()
    }
}
