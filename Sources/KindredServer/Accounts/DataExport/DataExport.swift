import Fluent
import Foundation
import SQLKit

/// One "Download my data": built in the background (`DataExportWorker`), then kept as a ZIP in the
/// media store for `DataExport.lifetime`, reachable through an expiring signed URL.
final class DataExport: Model, @unchecked Sendable {
    static let schema = "data_exports"
    /// How long a finished export can be downloaded (then `Housekeeping` removes it).
    static let lifetime: TimeInterval = 24 * 3600

    enum Status: String, Codable, Sendable {
        case building, ready, failed
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "status") var status: Status
    /// Steps done of `total`: one per document (the account's, each app's), one per file.
    @Field(key: "done") var done: Int
    @Field(key: "total") var total: Int
    @OptionalField(key: "storage_key") var storageKey: String?
    @OptionalField(key: "byte_count") var byteCount: Int64?
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "finished_at") var finishedAt: Date?
    /// When a ready export goes, and when a failed one stops being shown.
    @OptionalField(key: "expires_at") var expiresAt: Date?
    /// Who builds it, until when: a worker that stopped (a crash, a deploy) lets another take over.
    @OptionalField(key: "lease_until") var leaseUntil: Date?
    @OptionalField(key: "lease_token") var leaseToken: UUID?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $status, $done, $total, $storageKey, $byteCount, $createdAt, $finishedAt, $expiresAt, $leaseUntil,
         $leaseToken]
    }

    init() {}

    init(userID: UUID, at date: Date) {
        $user.id = userID
        status = .building
        done = 0
        total = 0
        createdAt = date
    }
}

struct CreateDataExports: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DataExport.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("status", .string, .required)
            .field("done", .int, .required)
            .field("total", .int, .required)
            .field("storage_key", .string)
            .field("byte_count", .int64)
            .field("created_at", .datetime, .required)
            .field("finished_at", .datetime)
            .field("expires_at", .datetime)
            .field("lease_until", .datetime)
            .field("lease_token", .uuid)
            .create()
        try await database.sql().create(index: "data_exports_user").on(DataExport.schema).column("user_id").column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DataExport.schema).delete()
    }
}
