import Fluent
import Foundation
import SQLKit

/// One link's unbroken presence (docs/RIN-PART2.md §2.2), kept by the daily job: opened the day a
/// link is first seen, closed (`ended_on`) the day it is gone, deleted 90 days after. Stability
/// reads it; the live views never do.
final class RinLinkInterval: Model, @unchecked Sendable {
    static let schema = "rin_links"

    @ID(key: .id) var id: UUID?
    @Parent(key: "low_user_id") var low: User
    @Parent(key: "high_user_id") var high: User
    @Field(key: "kind") var kind: String
    @Field(key: "confidence") var confidence: Double
    /// First day (`RinDay`) of this unbroken presence.
    @Field(key: "since") var since: Int
    /// The day it was first seen gone; nil while it lasts.
    @OptionalField(key: "ended_on") var endedOn: Int?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $low, $high, $kind, $confidence, $since, $endedOn]
    }

    init() {}

    init(low: UUID, high: UUID, kind: String, confidence: Double, since: Int) {
        $low.id = low
        $high.id = high
        self.kind = kind
        self.confidence = confidence
        self.since = since
    }
}

/// A person's official score on one day, kept 90 days: the history chart.
final class RinScoreRecord: Model, @unchecked Sendable {
    static let schema = "rin_scores"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "day") var day: Int
    @Field(key: "score") var score: Int
    @Field(key: "quality") var quality: Double
    @Field(key: "position") var position: Double
    @Field(key: "stability") var stability: Double
    @Field(key: "trust") var trust: Double

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $day, $score, $quality, $position, $stability, $trust]
    }

    init() {}
}

/// A person's latest official run: the whole result (every component's parts) and the raw
/// centrality, which a provisional score between runs takes from here (it needs the whole graph).
/// One row per person, replaced each run.
final class RinScoreLatest: Model, @unchecked Sendable {
    static let schema = "rin_score_latest"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "day") var day: Int
    @Field(key: "computed_at") var computedAt: Date
    /// `n · PageRank` (1 is the average person).
    @Field(key: "centrality") var centrality: Double
    /// `RinScoreResult` as JSON.
    @Field(key: "result") var result: String
    @Field(key: "version") var version: String

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $day, $computedAt, $centrality, $result, $version]
    }

    init() {}
}

struct CreateRinScores: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RinLinkInterval.schema)
            .id()
            .field("low_user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("high_user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("kind", .string, .required)
            .field("confidence", .double, .required)
            .field("since", .int, .required)
            .field("ended_on", .int)
            .create()
        try await database.schema(RinScoreRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("day", .int, .required)
            .field("score", .int, .required)
            .field("quality", .double, .required)
            .field("position", .double, .required)
            .field("stability", .double, .required)
            .field("trust", .double, .required)
            .unique(on: "user_id", "day")
            .create()
        try await database.schema(RinScoreLatest.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("day", .int, .required)
            .field("computed_at", .datetime, .required)
            .field("centrality", .double, .required)
            .field("result", .string, .required)
            .field("version", .string, .required)
            .unique(on: "user_id")
            .create()
        let sql = try database.sql()
        // A person's intervals (either end); the open ones the job compares with today's links;
        // the closed ones it deletes after 90 days; the day's scores it replaces.
        try await sql.create(index: "rin_links_low").on(RinLinkInterval.schema).column("low_user_id").column("ended_on").run()
        try await sql.create(index: "rin_links_high").on(RinLinkInterval.schema).column("high_user_id").column("ended_on").run()
        try await sql.create(index: "rin_links_ended").on(RinLinkInterval.schema).column("ended_on").run()
        try await sql.create(index: "rin_scores_day").on(RinScoreRecord.schema).column("day").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RinScoreLatest.schema).delete()
        try await database.schema(RinScoreRecord.schema).delete()
        try await database.schema(RinLinkInterval.schema).delete()
    }
}
