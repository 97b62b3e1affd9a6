import Fluent
import Foundation
import RinScoring
import SQLKit

/// The official Rin Score, once a day for everyone (docs/RIN-PART2.md §6): read every link, bring
/// the link history up to today, rank the whole graph, and write each person's score. Safe to run
/// again from the start (a taken-over run does): today's intervals and scores are replaced, not
/// added to.
enum RinScoreJob {
    static let name = "rin.score.daily"
    /// After 02:00 UTC: the quiet hours of most of Rin's people.
    static let job = ScheduledJob.daily(name, after: 2) { context in try await run(context) }
    /// Rows written per statement.
    static let batch = 500

    struct Report: Sendable {
        var people: Int
        var links: Int
        var opened: Int
        var closed: Int
    }

    @discardableResult
    static func run(_ context: ServiceContext) async throws -> Report {
        let database = context.database
        let today = RinDay.number(of: context.now)
        // Each phase's time goes to the log: at a hundred thousand people it is minutes, and an
        // operator should see which part grew.
        var phases = PhaseTimer()

        // Everyone on Rin (a primary profile), and every link between them.
        let people = try await RinProfile.query(on: database).filter(\.$primaryUserID != nil).all(\.$primaryUserID).compactMap { $0 }
        let edges = try await RinLinkStore.allEdges(on: database)
        let blocked = try await RinLinkStore.allBlockedPairs(on: database)
        let result = RinLinkRules.links(from: edges, excluding: blocked)
        phases.end("read links")
        let (opened, closed) = try await updateIntervals(result.links, today: today, on: database)
        phases.end("intervals")

        // The whole graph's measures.
        let graph = RinGraph(links: result.links.map { RinGraphLink($0.pair.low, $0.pair.high, confidence: $0.confidence) })
        let rank = graph.pageRank()
        // Beyond one's own links, only what those who show it let be known (docs/RIN-PART2.md §4.3).
        let showing = Set(try await RinSettings.query(on: database).filter(\.$showsConnections == true).all(\.$user.$id))
        let shows = graph.people.map(showing.contains)
        let clustering = graph.clustering(shown: shows)
        let twoHop = graph.twoHopCounts(shown: shows)
        var linksOf: [UUID: [RinLink]] = [:]
        for link in result.links {
            linksOf[link.pair.low, default: []].append(link)
            linksOf[link.pair.high, default: []].append(link)
        }
        phases.end("graph")
        let organised = try await RinScoreData.organised(owners: nil, on: database)
        let intervals = try await RinScoreData.intervals(of: nil, today: today, on: database)
        let penalties = try await RinScoreData.penalties(of: nil, now: context.now, on: database)

        phases.end("read the rest")
        // Today's scores replace any a stopped run wrote.
        try await RinScoreRecord.query(on: database).filter(\.$day == today).delete()
        try await RinScoreRecord.query(on: database).filter(\.$day <= today - RinScoreFormula.window).delete()
        let now = context.now
        var records: [RinScoreRecord] = [], latest: [RinScoreLatest] = []
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for person in people {
            let position = graph.position(of: person)
            let centrality = position.map { Double(graph.count) * rank[$0] } ?? 0
            let inputs = RinScoreData.inputs(for: person, today: today, links: linksOf[person] ?? [], oneWay: result.oneWay[person] ?? 0,
                                             centrality: centrality, twoHop: position.map { twoHop[$0] } ?? 0,
                                             clustering: position.map { clustering[$0] } ?? 0, organised: organised[person] ?? [],
                                             intervals: intervals[person] ?? [], penalties: penalties[person] ?? [])
            let score = RinScoreFormula.score(inputs)
            records.append(RinScoreRecord(user: person, day: today, score: score))
            latest.append(RinScoreLatest(user: person, day: today, at: now, centrality: centrality,
                                         result: String(decoding: try encoder.encode(score), as: UTF8.self)))
            if records.count >= batch {
                try await write(records, latest, on: database)
                records.removeAll(keepingCapacity: true)
                latest.removeAll(keepingCapacity: true)
            }
        }
        try await write(records, latest, on: database)
        phases.end("scores")
        context.logger.info("\(name): \(people.count) people, \(result.links.count) links; \(phases)")
        return Report(people: people.count, links: result.links.count, opened: opened, closed: closed)
    }

    /// Brings `rin_links` to today's links: an open interval whose link is here stays open; a new
    /// link opens one from the day it came to be (today, for a pair whose interval closed today);
    /// one gone is closed today. Closed ones past the window go.
    static func updateIntervals(_ links: [RinLink], today: Int, on database: any Database) async throws -> (opened: Int, closed: Int) {
        let open = try await RinScoreData.intervals(where: "ended_on IS NULL", on: database)
        var openPairs = Set<RinPair>(minimumCapacity: open.count)
        for interval in open { openPairs.insert(RinPair(interval.low, interval.high)) }
        var current = Set<RinPair>(minimumCapacity: links.count)
        for link in links { current.insert(link.pair) }
        var closed = 0
        let gone = open.filter { !current.contains(RinPair($0.low, $0.high)) }.map(\.id)
        current = []  // millions of pairs at scale, no longer needed while the rest runs
        for chunk in stride(from: 0, to: gone.count, by: batch).map({ Array(gone[$0..<min($0 + batch, gone.count)]) }) {
            try await RinLinkInterval.query(on: database).filter(\.$id ~~ chunk).set(\.$endedOn, to: today).update()
            closed += chunk.count
        }
        // A pair that ended and came back today starts a new interval today, not on its first act.
        let endedToday = Set(try await RinScoreData.intervals(where: "ended_on = \(bind: today)", on: database).map { RinPair($0.low, $0.high) })
        let fresh = links.filter { !openPairs.contains($0.pair) }
        // New intervals go in as plain multi-row inserts: the first run of a grown network opens
        // one for every link, millions of rows, and models would cost more than the rows.
        let sql = try database.sql()
        for start in stride(from: 0, to: fresh.count, by: insertBatch) {
            var insert = sql.insert(into: RinLinkInterval.schema).columns("id", "low_user_id", "high_user_id", "kind", "confidence", "since", "ended_on")
            for link in fresh[start..<min(start + insertBatch, fresh.count)] {
                let since = endedToday.contains(link.pair) ? today : min(today, RinDay.number(of: link.since))
                insert = insert.values(SQLBind(UUID()), SQLBind(link.pair.low), SQLBind(link.pair.high), SQLBind(link.kind.rawValue),
                                       SQLBind(link.confidence), SQLBind(since), SQLLiteral.null)
            }
            try await insert.run()
        }
        try await RinLinkInterval.query(on: database).filter(\.$endedOn < today - RinScoreFormula.window).delete()
        return (fresh.count, closed)
    }

    /// Intervals per insert: 7 values a row stays well inside both databases' limits on binds
    /// (SQLite's 32,766, PostgreSQL's 65,535).
    static let insertBatch = 2_000

    private static func write(_ records: [RinScoreRecord], _ latest: [RinScoreLatest], on database: any Database) async throws {
        guard !records.isEmpty else { return }
        try await database.writeTransaction { database in
            try await RinScoreLatest.query(on: database).filter(\.$user.$id ~~ latest.map(\.$user.id)).delete()
            try await latest.create(on: database)
            try await records.create(on: database)
        }
    }
}

/// Wall time per phase of a run, for its log line.
struct PhaseTimer: CustomStringConvertible {
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant
    private var phases: [(String, Duration)] = []

    init() { last = clock.now }

    mutating func end(_ phase: String) {
        let now = clock.now
        phases.append((phase, now - last))
        last = now
    }

    var description: String {
        phases.map { "\($0.0) \($0.1.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow)))" }.joined(separator: ", ")
    }
}

extension RinScoreRecord {
    convenience init(user: UUID, day: Int, score: RinScoreResult) {
        self.init()
        $user.id = user
        self.day = day
        self.score = score.score
        quality = score.quality.value
        position = score.position.value
        stability = score.stability.value
        trust = score.trust.value
    }
}

extension RinScoreLatest {
    convenience init(user: UUID, day: Int, at date: Date, centrality: Double, result: String) {
        self.init()
        $user.id = user
        self.day = day
        computedAt = date
        self.centrality = centrality
        self.result = result
        version = RinScoreFormula.version
    }
}
