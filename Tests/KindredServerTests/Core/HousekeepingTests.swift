import Fluent
import Foundation
import KindredTestSupport
import Testing
import Vapor
@testable import KindredServer

/// What expires is swept by scheduled jobs (`Housekeeping`), once per period across instances,
/// and no longer on the requests of whoever comes along: each sweep removes what has expired and
/// nothing that is still live, in batches.
@Suite("Housekeeping: expired rows are swept by scheduled jobs, live ones stay")
struct HousekeepingTests {
    @Test func periodsAreCountedFromTheEpochSoEveryInstanceAgrees() {
        let hourly = ScheduledJob.every("test.hourly", hours: 1) { _ in }
        let tenMinutes = ScheduledJob.every("test.ten", minutes: 10) { _ in }
        let base = Date(timeIntervalSince1970: 1_764_036_000)  // 2025-11-25 02:00:00 UTC
        #expect(hourly.period(base) == "2025-11-25T02:00:00Z")
        #expect(hourly.period(base.addingTimeInterval(3599)) == "2025-11-25T02:00:00Z")
        #expect(hourly.period(base.addingTimeInterval(3600)) == "2025-11-25T03:00:00Z")
        #expect(tenMinutes.period(base.addingTimeInterval(599)) == "2025-11-25T02:00:00Z")
        #expect(tenMinutes.period(base.addingTimeInterval(600)) == "2025-11-25T02:10:00Z")
        // Every sweep is offered by every serving instance, and named for `kindred jobs run`.
        let names = Housekeeping.allJobs.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Housekeeping.jobs.allSatisfy { names.contains($0.name) })
        #expect(names.contains { $0.hasPrefix("rin.") })
    }

    @Test func eachSweepRemovesWhatExpiredAndKeepsWhatIsLive() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let db = kindred.app.db, now = kindred.clock.now
            let day: TimeInterval = 24 * 3600
            // Idempotency records: kept a day.
            try await IdempotencyRecord(userID: ada.id, key: "old", fingerprint: "f", createdAt: now - day - 1).create(on: db)
            try await IdempotencyRecord(userID: ada.id, key: "new", fingerprint: "f", createdAt: now - day + 60).create(on: db)
            // Realtime tickets: until they expire.
            try await RealtimeTicket(userID: ada.id, sessionID: ada.sessionID, tokenHash: "a", expiresAt: now - 1).create(on: db)
            try await RealtimeTicket(userID: ada.id, sessionID: ada.sessionID, tokenHash: "b", expiresAt: now + 30).create(on: db)
            // E-mail links: a day past their expiry.
            try await EmailLink(userID: ada.id, purpose: .resetPassword, tokenHash: "c", email: ada.email, at: now - 3 * day,
                                lifetime: 3600).create(on: db)
            try await EmailLink(userID: ada.id, purpose: .verifyEmail, tokenHash: "d", email: ada.email, at: now - day,
                                lifetime: 2 * day).create(on: db)
            // Finished job runs: a month.
            try await JobRun(job: "test", period: "old", holder: UUID(), leaseUntil: now, at: now - 40 * day).create(on: db)
            let old = try #require(try await JobRun.query(on: db).first())
            old.finishedAt = now - 31 * day
            try await old.save(on: db)
            try await JobRun(job: "test", period: "running", holder: UUID(), leaseUntil: now, at: now).create(on: db)

            let context = kindred.app.context
            #expect(try await Housekeeping.expireIdempotencyRecords(context) == 1)
            #expect(try await IdempotencyRecord.query(on: db).all().map(\.key) == ["new"])
            #expect(try await Housekeeping.expireRealtimeTickets(context) == 1)
            #expect(try await RealtimeTicket.query(on: db).all().map(\.tokenHash) == ["b"])
            #expect(try await Housekeeping.expireEmailLinks(context) == 1)
            #expect(try await EmailLink.query(on: db).filter(\.$tokenHash ~~ ["c", "d"]).all().map(\.tokenHash) == ["d"])
            #expect(try await Housekeeping.forgetJobRuns(context) == 1)
            #expect(try await JobRun.query(on: db).filter(\.$job == "test").all().map(\.period) == ["running"])
            // A second run finds nothing more.
            #expect(try await Housekeeping.expireIdempotencyRecords(context) == 0)
            #expect(try await Housekeeping.expireRealtimeTickets(context) == 0)
        }
    }

    @Test func rateLimitHitsGoOnceNoLimitCanCountThemInBatches() async throws {
        try await withKindred { kindred in
            let db = kindred.app.db, now = kindred.clock.now
            // More than two batches of expired hits, and one hit still inside the longest window.
            let expired = 2 * Housekeeping.batch + 17
            for start in stride(from: 0, to: expired, by: 500) {
                let hits = (start..<min(expired, start + 500)).map { index in
                    let hit = RateLimitHit()
                    hit.scope = "test.scope:\(index % 7)"
                    hit.createdAt = now - RateLimiter.longestWindow - 1 - TimeInterval(index)
                    return hit
                }
                try await hits.create(on: db)
            }
            let live = RateLimitHit()
            live.scope = "test.scope:0"
            live.createdAt = now - RateLimiter.longestWindow + 60
            try await live.create(on: db)
            #expect(try await Housekeeping.expireRateLimitHits(kindred.app.context) == expired)
            #expect(try await RateLimitHit.query(on: db).filter(\.$scope ~~ (0..<7).map { "test.scope:\($0)" }).count() == 1)
            // A limit that counted further back than the sweep keeps would lose its hits: none may.
            #expect(RateLimiter.Limit(count: 3, window: RateLimiter.longestWindow).window == RateLimiter.longestWindow)
        }
    }

    @Test func requestsNoLongerSweepButTheJobRunsOncePerPeriodAcrossInstances() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("grace")
            let db = kindred.app.db
            try await RealtimeTicket(userID: ada.id, sessionID: ada.sessionID, tokenHash: "stale",
                                     expiresAt: kindred.clock.now - 3600).create(on: db)
            // Asking for a ticket leaves the stale one for the job (and it still cannot be used).
            let issued = try await kindred.send(.POST, "/realtime/tickets", token: ada.accessToken)
            #expect(issued.status == .created || issued.status == .ok, "\(issued.body.string)")
            #expect(try await RealtimeTicket.query(on: db).filter(\.$tokenHash == "stale").count() == 1)
            // Two instances offer the sweeps: the tickets' job runs once.
            let tickets = try #require(Housekeeping.jobs.first { $0.name == "housekeeping.realtime-tickets" })
            let (one, two) = (JobRunner(jobs: [tickets]), JobRunner(jobs: [tickets]))
            async let first = one.tick(kindred.app.context)
            async let second = two.tick(kindred.app.context)
            let ran = await first + second
            #expect(ran == ["housekeeping.realtime-tickets"])
            #expect(try await RealtimeTicket.query(on: db).filter(\.$tokenHash == "stale").count() == 0)
            #expect(try await RealtimeTicket.query(on: db).count() == 1, "the live ticket stays")
        }
    }
}
