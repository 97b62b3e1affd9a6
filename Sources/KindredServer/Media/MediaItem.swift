import Fluent
import Foundation

/// An uploaded file's record. The bytes live in the `MediaStore` under `storageKey`.
final class MediaItem: Model, CreationStamped, @unchecked Sendable {
    static let schema = "media"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    @Field(key: "kind") var kind: String
    @Field(key: "storage_key") var storageKey: String
    @Field(key: "byte_count") var byteCount: Int64
    @OptionalField(key: "width") var width: Int?
    @OptionalField(key: "height") var height: Int?
    /// A video's length in seconds, from its own movie header; nil for images.
    @OptionalField(key: "duration_seconds") var durationSeconds: Double?
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed rather than found by reflection for every row (see `User.properties`).
    var properties: [any AnyProperty] { [$id, $owner, $kind, $storageKey, $byteCount, $width, $height, $durationSeconds, $createdAt] }

    init() {}

    init(id: UUID, ownerID: UUID, kind: MediaType, storageKey: String, byteCount: Int64, width: Int?, height: Int?,
         durationSeconds: Double? = nil) {
        self.id = id
        self.$owner.id = ownerID
        self.kind = kind.rawValue
        self.storageKey = storageKey
        self.byteCount = byteCount
        self.width = width
        self.height = height
        self.durationSeconds = durationSeconds
    }

    var mediaType: MediaType? { MediaType(rawValue: kind) }
}

/// Videos keep their length, read from the file when it is uploaded.
struct AddMediaDuration: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MediaItem.schema).field("duration_seconds", .double).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MediaItem.schema).deleteField("duration_seconds").update()
    }
}
