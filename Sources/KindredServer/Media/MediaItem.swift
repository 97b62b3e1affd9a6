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
    @OptionalField(key: "created_at") var createdAt: Date?

    init() {}

    init(id: UUID, ownerID: UUID, kind: MediaType, storageKey: String, byteCount: Int64, width: Int?, height: Int?) {
        self.id = id
        self.$owner.id = ownerID
        self.kind = kind.rawValue
        self.storageKey = storageKey
        self.byteCount = byteCount
        self.width = width
        self.height = height
    }

    var mediaType: MediaType? { MediaType(rawValue: kind) }
}
