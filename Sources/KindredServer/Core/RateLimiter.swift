import Fluent
import Foundation
import SQLKit

/// Kindred's one sliding-window limiter: sign-in attempts, sign-ups, chat messages, connect
/// attempts, and whatever the next apps need to bound. A scope is a string that says what is
/// counted and for whom (`signup.address:203.0.113.9`); hits live in the database, so every
/// server instance counts the same ones.
///
/// Counting and checking are one atomic step: on PostgreSQL under a transaction-scoped advisory
/// lock per scope, on SQLite in a single `INSERT … SELECT` per scope (SQLite runs one writer at a time).
/// A check followed by a separate insert would let a burst of parallel requests all see room.
struct RateLimiter {
    struct Limit: Sendable, Equatable {
        var count: Int
        var window: TimeInterval {
            didSet { precondition(window <= RateLimiter.longestWindow, "a limit counts at most a day back") }
        }

        init(count: Int, window: TimeInterval) {
            precondition(window <= RateLimiter.longestWindow, "a limit counts at most a day back")
            self.count = count
            self.window = window
        }
    }

    /// No limit looks further back than a day; hits older than that are swept
    /// (`Housekeeping.expireRateLimitHits`).
    static let longestWindow: TimeInterval = 24 * 3600

    let database: any Database
    let now: Date

    /// One scope to count a hit in, with its limit.
    struct Hit: Sendable {
        var scope: String
        var limit: Limit
        /// Ties the hit to an account, so deleting the account deletes it.
        var userID: UUID? = nil
    }

    /// Counts one hit, or throws 429 with `Retry-After` without counting when the window is full.
    /// Returns the hit's id, so an attempt that turns out fine can be taken back (`release`).
    @discardableResult
    func hit(_ scope: String, userID: UUID? = nil, limit: Limit) async throws -> UUID {
        try await hit([Hit(scope: scope, limit: limit, userID: userID)])[0]
    }

    /// Counts one hit in every scope, or in none: if any window is full, nothing is counted and the
    /// answer is 429 with that scope's `Retry-After`. One transaction for all of them, since a
    /// request that needs several (a sign-in) should not take a connection several times.
    @discardableResult
    func hit(_ hits: [Hit]) async throws -> [UUID] {
        let sql = try database.sql()
        var ids: [UUID] = []
        if sql.dialect.name == "postgresql" {
            let (counted, full) = try await lockedCountAndInsert(hits)
            if let full { throw try await tooMany(full.scope, limit: full.limit) }
            ids = counted
        } else {
            // SQLite runs one write statement at a time, so each scope's count-and-insert is one
            // statement: atomic, and never a transaction holding the write lock across awaits. A
            // later full scope takes back the hits already counted.
            for hit in hits {
                guard let id = try await Self.insertIfRoom(hit, at: now, on: sql) else {
                    try await release(ids)
                    throw try await tooMany(hit.scope, limit: hit.limit)
                }
                ids.append(id)
            }
        }
        return ids
    }

    /// PostgreSQL: under a transaction-scoped advisory lock per scope, count every scope and insert
    /// into all or none. A waiter does not hold a pooled connection while it waits: it tries the
    /// locks, and if another request has them it ends its transaction, backs off a few
    /// milliseconds and tries again, so a burst on one account cannot use up the pool.
    private func lockedCountAndInsert(_ hits: [Hit]) async throws -> (counted: [UUID], full: Hit?) {
        // In a fixed order, so two requests that share scopes cannot wait on each other.
        let scopes = Set(hits.map(\.scope)).sorted()
        for _ in 0..<400 {
            let outcome: ([UUID], Hit?)? = try await database.transaction { transaction in
                let sql = try transaction.sql()
                for scope in scopes {
                    let row = try await sql.raw("SELECT pg_try_advisory_xact_lock(hashtextextended(\(bind: scope), 0)) AS locked").first()
                    // Ending the transaction releases whatever was taken so far.
                    guard try row?.decode(column: "locked", as: Bool.self) == true else { return nil }
                }
                for hit in hits where try await Self.count(hit.scope, since: now.addingTimeInterval(-hit.limit.window), on: sql) >= hit.limit.count {
                    return ([], hit)
                }
                var inserted: [UUID] = []
                for hit in hits { inserted.append(try await Self.insert(hit, at: now, on: sql)) }
                return (inserted, nil)
            }
            if let outcome { return outcome }
            try await Task.sleep(for: .milliseconds(Int.random(in: 2...20)))
        }
        throw AppError(.unavailable, .serviceUnavailable, "Too many requests at once. Try again in a moment.", headers: ["Retry-After": "1"])
    }

    private static func insert(_ hit: Hit, at date: Date, on sql: any SQLDatabase) async throws -> UUID {
        let id = Secrets.randomUUID()
        try await sql.raw("""
            INSERT INTO \(ident: RateLimitHit.schema) (id, scope, user_id, created_at)
            VALUES (\(bind: id), \(bind: hit.scope), \(bind: hit.userID), \(bind: date))
            """).run()
        return id
    }

    private static func insertIfRoom(_ hit: Hit, at date: Date, on sql: any SQLDatabase) async throws -> UUID? {
        let id = Secrets.randomUUID()
        let rows = try await sql.raw("""
            INSERT INTO \(ident: RateLimitHit.schema) (id, scope, user_id, created_at)
            SELECT \(bind: id), \(bind: hit.scope), \(bind: hit.userID), \(bind: date)
            WHERE (SELECT COUNT(*) FROM \(ident: RateLimitHit.schema)
                   WHERE scope = \(bind: hit.scope) AND created_at > \(bind: date.addingTimeInterval(-hit.limit.window))) < \(bind: hit.limit.count)
            RETURNING id
            """).all()
        return rows.isEmpty ? nil : id
    }

    /// Throws 429 when the window is full, without counting anything.
    func check(_ scope: String, limit: Limit) async throws {
        if try await Self.count(scope, since: now.addingTimeInterval(-limit.window), on: database.sql()) >= limit.count {
            throw try await tooMany(scope, limit: limit)
        }
    }

    /// How many hits the scope has in the window.
    func count(_ scope: String, window: TimeInterval) async throws -> Int {
        try await Self.count(scope, since: now.addingTimeInterval(-window), on: database.sql())
    }

    /// Takes back hits that should not count (a sign-in attempt that turned out right).
    func release(_ ids: [UUID]) async throws {
        guard !ids.isEmpty else { return }
        try await RateLimitHit.query(on: database).filter(\.$id ~~ ids).delete()
    }

    /// Forgets every hit of one scope.
    func clear(scope: String) async throws {
        try await RateLimitHit.query(on: database).filter(\.$scope == scope).delete()
    }

    /// Forgets every hit of the scopes that start with `prefix`.
    func clear(prefix: String) async throws {
        // Scopes are built by Kindred from hashes, addresses and ids, never LIKE's wildcards.
        precondition(!prefix.contains("%") && !prefix.contains("_"), "a rate-limit scope prefix holds a LIKE wildcard")
        try await database.sql().delete(from: RateLimitHit.schema).where("scope", .like, prefix + "%").run()
    }

    private func tooMany(_ scope: String, limit: Limit) async throws -> AppError {
        let windowStart = now.addingTimeInterval(-limit.window)
        let recent = try await RateLimitHit.query(on: database).filter(\.$scope == scope).filter(\.$createdAt > windowStart)
            .sort(\.$createdAt, .descending).limit(limit.count).all(\.$createdAt)
        return .tooManyRequests(retryAfter: Self.retryAfter(recent, limit: limit, now: now) ?? 1)
    }

    private static func count(_ scope: String, since windowStart: Date, on sql: any SQLDatabase) async throws -> Int {
        let row = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from(RateLimitHit.schema)
            .where("scope", .equal, scope)
            .where("created_at", .greaterThan, windowStart)
            .first()
        return try row?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Whole seconds until the oldest counted hit leaves the window, or nil if there is room.
    static func retryAfter(_ times: [Date], limit: Limit, now: Date) -> Int? {
        guard times.count >= limit.count, let oldestCounted = times.sorted().dropLast(limit.count - 1).last else { return nil }
        let wait = oldestCounted.addingTimeInterval(limit.window).timeIntervalSince(now)
        return max(1, Int(wait.rounded(.up)))
    }
}

/// One counted action in a rate-limit scope.
final class RateLimitHit: Model, @unchecked Sendable {
    static let schema = "rate_limit_hits"

    @ID(key: .id) var id: UUID?
    @Field(key: "scope") var scope: String
    @OptionalParent(key: "user_id") var user: User?
    @Field(key: "created_at") var createdAt: Date

    /// Listed rather than found by reflection for every row (see `User.properties`).
    var properties: [any AnyProperty] { [$id, $scope, $user, $createdAt] }

    init() {}
}

/// One table for every limit, replacing sign-in failures and per-person rate-limit events (both
/// hold minutes of data, so nothing is carried over).
struct CreateRateLimitHits: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RateLimitHit.schema)
            .id()
            .field("scope", .string, .required)
            .field("user_id", .uuid, .references(User.schema, .id, onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .create()
        if let sql = database as? any SQLDatabase {
            try await sql.create(index: "rate_limit_hits_scope_created_at").on(RateLimitHit.schema)
                .column("scope").column("created_at").run()
            try await sql.create(index: "rate_limit_hits_user_id").on(RateLimitHit.schema).column("user_id").run()
        }
        try await database.schema("rate_limit_events").delete()
        try await database.schema("sign_in_failures").delete()
    }

    func revert(on database: any Database) async throws {
        try await CreateSignInFailures().prepare(on: database)
        try await CreateRateLimitEvents().prepare(on: database)
        try await database.schema(RateLimitHit.schema).delete()
    }
}

/// Kept for the schema's history: the per-person limiter's first table, replaced by `rate_limit_hits`.
struct CreateRateLimitEvents: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("rate_limit_events")
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("bucket", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
        if let sql = database as? any SQLDatabase {
            try await sql.create(index: "rate_limit_events_user_bucket").on("rate_limit_events")
                .column("user_id").column("bucket").column("created_at").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema("rate_limit_events").delete()
    }
}
