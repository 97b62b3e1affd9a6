import Fluent
import Foundation
import RinScoring
import SQLKit

/// What the score reads besides links, for one person or for everyone at once: who is organised in
/// whose circles, link intervals, penalties. One query per table either way, never one per person.
enum RinScoreData {
    /// For each owner, the people (accounts) in at least one of their primary's circles other than
    /// Contacts and Public: as a Rin member, or as a live contact linked to their primary. Circle
    /// names are never read. `owners` nil reads everyone's.
    static func organised(owners: Set<UUID>?, on database: any Database) async throws -> [UUID: Set<UUID>] {
        if let owners, owners.isEmpty { return [:] }
        let sql = try database.sql()
        var result: [UUID: Set<UUID>] = [:]
        let systemKinds = ["contacts", "public"]
        for member in ["mp", "lp"] {
            var query: SQLQueryString = member == "mp" ? """
                SELECT op.primary_user_id AS owner, mp.primary_user_id AS member
                FROM rin_circle_members m
                JOIN rin_circles c ON c.id = m.circle_id
                JOIN rin_profiles op ON op.id = c.profile_id
                JOIN rin_profiles mp ON mp.id = m.member_profile_id
                WHERE op.primary_user_id IS NOT NULL AND mp.primary_user_id IS NOT NULL AND c.kind NOT IN (\(binds: systemKinds))
                """ : """
                SELECT op.primary_user_id AS owner, lp.primary_user_id AS member
                FROM rin_circle_members m
                JOIN rin_circles c ON c.id = m.circle_id
                JOIN rin_profiles op ON op.id = c.profile_id
                JOIN rin_contacts k ON k.id = m.contact_id AND k.merged_into IS NULL
                JOIN rin_profiles lp ON lp.id = k.linked_profile_id
                WHERE op.primary_user_id IS NOT NULL AND lp.primary_user_id IS NOT NULL AND c.kind NOT IN (\(binds: systemKinds))
                """
            if let owners { query = query + " AND op.primary_user_id IN (\(binds: Array(owners)))" }
            for row in try await sql.raw(query).all() {
                result[try row.decode(column: "owner", as: UUID.self), default: []].insert(try row.decode(column: "member", as: UUID.self))
            }
        }
        return result
    }

    /// One row of `rin_links` as the score reads it. The daily job holds every interval of the
    /// network at once (7.5 million at 100,000 people of 150 links), so they are read by SQL into
    /// these, not into models.
    struct Interval: Sendable {
        let id: UUID
        let low: UUID
        let high: UUID
        let since: Int
        let endedOn: Int?

        func other(than person: UUID) -> UUID { low == person ? high : low }

        static let columns: SQLQueryString = "id, low_user_id, high_user_id, since, ended_on"

        init(row: any SQLRow) throws {
            id = try row.decode(column: "id", as: UUID.self)
            low = try row.decode(column: "low_user_id", as: UUID.self)
            high = try row.decode(column: "high_user_id", as: UUID.self)
            since = try row.decode(column: "since", as: Int.self)
            endedOn = try row.decode(column: "ended_on", as: Int?.self)
        }
    }

    /// Reads intervals row by row as they arrive (`where` is the query's condition).
    static func intervals(where condition: SQLQueryString, on database: any Database) async throws -> [Interval] {
        try await database.rows("SELECT " + Interval.columns + " FROM rin_links WHERE " + condition, Interval.init(row:))
    }

    /// Each person's link intervals that touch the window ending `today` (open ones, and those
    /// ended within it). `people` nil reads everyone's.
    static func intervals(of people: Set<UUID>?, today: Int, on database: any Database) async throws -> [UUID: [Interval]] {
        if let people, people.isEmpty { return [:] }
        let start = today - RinScoreFormula.window
        var condition: SQLQueryString = "(ended_on IS NULL OR ended_on >= \(bind: start))"
        if let people {
            let ids = Array(people)
            condition = condition + " AND (low_user_id IN (\(binds: ids)) OR high_user_id IN (\(binds: ids)))"
        }
        var result: [UUID: [Interval]] = [:]
        for interval in try await intervals(where: condition, on: database) {
            if people?.contains(interval.low) ?? true { result[interval.low, default: []].append(interval) }
            if people?.contains(interval.high) ?? true { result[interval.high, default: []].append(interval) }
        }
        return result
    }

    /// Trust's penalties (docs/RIN-PART2.md §4.5) from what Kindred records: "this wasn't me" on a
    /// new-device alert (soft, from the day it was said); a dispute about me unanswered past 72
    /// hours, and one upheld (moderate). Those whose decay has run out are not read.
    static func penalties(of people: Set<UUID>?, now: Date, on database: any Database) async throws -> [UUID: [RinPenalty]] {
        let today = RinDay.number(of: now)
        if let people, people.isEmpty { return [:] }
        var result: [UUID: [RinPenalty]] = [:]
        let since = RinDay.start(of: today - RinPenalty.Band.soft.decayDays)
        let query = AccountAlert.query(on: database).filter(\.$answer == .notMe).filter(\.$answeredAt >= since)
        if let people { query.filter(\.$user.$id ~~ Array(people)) }
        for alert in try await query.all() {
            guard let answered = alert.answeredAt else { continue }
            result[alert.$user.id, default: []].append(RinPenalty(.soft, cause: .deniedSignIn, resolvedOn: RinDay.number(of: answered)))
        }
        // Disputes about me: unanswered past 72 hours (whole until I answer, then fading), and upheld.
        let recent = RinDay.start(of: today - RinPenalty.Band.moderate.decayDays)
        let disputes = RinDispute.query(on: database)
            .group(.or) { $0.filter(\.$status ~~ [.open, .answered]).filter(\.$resolvedAt >= recent).filter(\.$answeredAt >= recent) }
        if let people { disputes.filter(\.$subjectUser.$id ~~ Array(people)) }
        for dispute in try await disputes.all() {
            let subject = dispute.$subjectUser.id
            if dispute.status == .upheld, let resolved = dispute.resolvedAt {
                result[subject, default: []].append(RinPenalty(.moderate, cause: .upheldDispute, resolvedOn: RinDay.number(of: resolved)))
            }
            let answeredBy = dispute.answeredAt ?? (dispute.status == .open ? now : dispute.resolvedAt ?? now)
            guard answeredBy.timeIntervalSince(dispute.createdAt) > RinDisputeService.penaltyAfter else { continue }
            let resolvedOn = dispute.answeredAt.map(RinDay.number(of:)) ?? (dispute.status == .open ? nil : dispute.resolvedAt.map(RinDay.number(of:)))
            result[subject, default: []].append(RinPenalty(.moderate, cause: .unansweredDispute, resolvedOn: resolvedOn))
        }
        return result
    }

    /// One person's inputs from their links and what else was read.
    static func inputs(for person: UUID, today: Int, links: [RinLink], oneWay: Int, centrality: Double, twoHop: Int, clustering: Double,
                       organised: Set<UUID>, intervals: [Interval], penalties: [RinPenalty]) -> RinScoreInputs {
        // The interval open for a link gives its unbroken presence; a link too new for the last run
        // has none yet, and starts the day it came to be.
        var openSince: [UUID: Int] = [:]
        for interval in intervals where interval.endedOn == nil {
            let other = interval.other(than: person)
            openSince[other] = min(openSince[other] ?? .max, interval.since)
        }
        let present = Set(links.map { $0.pair.other(than: person) })
        var history: [RinScoreInputs.Interval] = []
        for interval in intervals {
            let other = interval.other(than: person)
            // An interval still open but whose link is gone now ends today.
            let ended = interval.endedOn ?? (present.contains(other) ? nil : today)
            history.append(.init(since: interval.since, endedOn: ended))
        }
        let inputLinks = links.map { link -> RinScoreInputs.Link in
            let other = link.pair.other(than: person)
            let since = openSince[other] ?? RinDay.number(of: link.since)
            if openSince[other] == nil { history.append(.init(since: since)) }
            return RinScoreInputs.Link(other: other.uuidString, confidence: link.confidence, since: since,
                                       isVerified: link.isVerified, isOrganised: organised.contains(other))
        }
        return RinScoreInputs(today: today, links: inputLinks, oneWay: oneWay, centrality: centrality, twoHop: twoHop,
                              clustering: clustering, history: history, penalties: penalties)
    }
}
