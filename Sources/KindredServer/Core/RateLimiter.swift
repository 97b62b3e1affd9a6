import Fluent
import Foundation
import SQLKit

/// A per-person sliding-window limit on some costly action (asking a language model, say).
/// Events live in the database so every server instance counts the same ones.
struct RateLimiter {
    struct Limit: Sendable, Equatable {
        var count: Int
        var window: TimeInterval
    }

    let database: any Database
    let now: Date

    /// Counts one use of `bucket` by the user, or throws 429 with `Retry-After` if the window is full.
    func hit(_ bucket: String, by userID: UUID, limit: Limit) async throws {
        let windowStart = now.addingTimeInterval(-limit.window)
        let events = RateLimitEvent.query(on: database).filter(\.$user.$id == userID).filter(\.$bucket == bucket)
        // The newest `count` events decide: if the window holds that many, the limit is reached.
        let recent = try await events.copy().filter(\.$createdAt > windowStart)
            .sort(\.$createdAt, .descending).limit(limit.count).all()
        if let retryAfter = Self.retryAfter(recent.map(\.createdAt), limit: limit, now: now) {
            throw AppError.tooManyRequests(retryAfter: retryAfter)
        }
        try await RateLimitEvent(userID: userID, bucket: bucket, at: now).create(on: database)
        // Expired events are swept now and then rather than on every hit, which keeps the hot
        // path to one read and one write; nothing reads them once they leave the window.
        if Int.random(in: 0..<16) == 0 {
            try await events.copy().filter(\.$createdAt <= windowStart).delete()
        }
    }

    /// Whole seconds until the oldest counted event leaves the window, or nil if there is room.
    static func retryAfter(_ times: [Date], limit: Limit, now: Date) -> Int? {
        guard times.count >= limit.count, let oldestCounted = times.sorted().dropLast(limit.count - 1).last else { return nil }
        let wait = oldestCounted.addingTimeInterval(limit.window).timeIntervalSince(now)
        return max(1, Int(wait.rounded(.up)))
    }
}

final class RateLimitEvent: Model, @unchecked Sendable {
    static let schema = "rate_limit_events"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "bucket") var bucket: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(userID: UUID, bucket: String, at date: Date) {
        $user.id = userID
        self.bucket = bucket
        createdAt = date
    }
}

struct CreateRateLimitEvents: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RateLimitEvent.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("bucket", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
        if let sql = database as? any SQLDatabase {
            try await sql.create(index: "rate_limit_events_user_bucket").on(RateLimitEvent.schema)
                .column("user_id").column("bucket").column("created_at").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RateLimitEvent.schema).delete()
    }
}
