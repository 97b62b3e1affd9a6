import Fluent
import Foundation

/// The first response to a POST carrying an `Idempotency-Key`, kept 24 hours for replay.
/// A record with `status == nil` is still being answered.
final class IdempotencyRecord: Model, @unchecked Sendable {
    static let schema = "idempotency_records"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "key") var key: String
    /// SHA-256 of method, path and body: the same key with another request is refused.
    @Field(key: "fingerprint") var fingerprint: String
    @OptionalField(key: "status") var status: Int?
    @OptionalField(key: "content_type") var contentType: String?
    @OptionalField(key: "body") var body: Data?
    @Field(key: "created_at") var createdAt: Date

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $key, $fingerprint, $status, $contentType, $body, $createdAt]
    }

    init() {}

    init(userID: UUID, key: String, fingerprint: String, createdAt: Date) {
        self.$user.id = userID
        self.key = key
        self.fingerprint = fingerprint
        self.createdAt = createdAt
    }
}
