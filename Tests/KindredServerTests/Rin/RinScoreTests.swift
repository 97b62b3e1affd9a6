import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import RinScoring
import Testing
import VaporTesting
@testable import KindredServer

/// The Rin Score on the server (docs/RIN-PART2.md §4.6, §6): the daily run once across instances,
/// its history, the provisional score between runs, and what it may know beyond one's own links.
@Suite("Rin Score: the daily run, its history, the provisional score and what it may know")
struct RinScoreTests {
    typealias Schemas = Components.Schemas

    /// Moves the test clock to the next `hour`:30 UTC at least a minute ahead.
    static func moveTo(hour: Int, _ kindred: TestKindred) {
        let now = kindred.clock.now.timeIntervalSince1970
        let day = (now / 86_400).rounded(.down) * 86_400
        var target = day + Double(hour) * 3600 + 1800
        while target < now + 60 { target += 86_400 }
        kindred.clock.advance(by: target - now)
    }

    /// These tests move the clock by days; sessions outlast them.
    static func daysLongSessions(_ configuration: inout KindredConfiguration) {
        configuration.accessTokenLifetime = 30 * 86_400
    }

    static func score(_ kindred: TestKindred, _ user: TestUser) async throws -> Schemas.RinScore {
        let response = try await kindred.send(.GET, "/rin/score", token: user.accessToken)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(Schemas.RinScore.self)
    }

    static func history(_ kindred: TestKindred, _ user: TestUser) async throws -> [Schemas.RinScoreDay] {
        let response = try await kindred.send(.GET, "/rin/score/history", token: user.accessToken)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(Schemas.RinScoreHistory.self).items
    }

    @Test func theDailyRunScoresEveryoneOnceAcrossTwoInstances() async throws {
        try await withKindred(adjust: Self.daysLongSessions) { kindred in
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea"), cy = try await kindred.signUp("cyra")
            try await RinNetworkTests.linked(kindred, ada, bea)
            try await RinNetworkTests.linked(kindred, bea, cy)
            try await RinNetworkTests.holds(kindred, ada, cy)

            // Before 02:00 UTC nothing is due; after it, of two instances one runs it.
            Self.moveTo(hour: 1, kindred)
            let (one, two) = (JobRunner(jobs: [RinScoreJob.job]), JobRunner(jobs: [RinScoreJob.job]))
            #expect(await one.tick(kindred.app.context).isEmpty)
            let before = try await Self.score(kindred, ada)
            #expect(before.official == nil, "no run has known me yet")
            #expect(before.provisional.parts.links == 1 && before.provisional.parts.oneWay == 1)
            #expect(before.provisional.parts.centrality > 0, "someone with links but no run counts as average")

            Self.moveTo(hour: 3, kindred)
            async let first = one.tick(kindred.app.context)
            async let second = two.tick(kindred.app.context)
            #expect(await first + second == [RinScoreJob.name])
            #expect(try await RinScoreRecord.query(on: kindred.app.db).count() == 3)
            #expect(try await RinScoreLatest.query(on: kindred.app.db).count() == 3)
            #expect(await one.tick(kindred.app.context).isEmpty, "once a day")

            // Right after the run, the official score and the provisional one agree exactly.
            let after = try await Self.score(kindred, ada)
            let official = try #require(after.official)
            #expect(official.value == after.provisional)
            #expect(!official.stale && official.day == RinDay.text(of: RinDay.number(of: kindred.clock.now)))
            #expect(after.explanations.count == 4 && Set(after.explanations.map(\.component)).count == 4)
            #expect(after.explanations.allSatisfy { !$0.summary.isEmpty })
            // Bea, the middle of three, ranks above Ada.
            let beaScore = try #require(try await Self.score(kindred, bea).official)
            #expect(beaScore.value.parts.centrality > official.value.parts.centrality)
            #expect(try await Self.history(kindred, ada).map(\.score) == [official.value.score])

            // A day later, not run yet: shown as not updated since.
            kindred.clock.advance(by: 25 * 3600)
            #expect(try await Self.score(kindred, ada).official?.stale == true)
        }
    }

    @Test func anOperatorRunsTheDailyScoreNowFromTheCommandLine() async throws {
        try await withKindred(adjust: Self.daysLongSessions) { kindred in
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea")
            try await RinNetworkTests.linked(kindred, ada, bea)
            #expect(try await CapturingConsole.run(JobsCommand.group(), kindred, ["list"]).contains(RinScoreJob.name))
            let printed = try await CapturingConsole.run(JobsCommand.group(), kindred, ["run", RinScoreJob.name])
            #expect(printed.hasPrefix("\(RinScoreJob.name) ran in "), "\(printed)")
            #expect(try await RinScoreLatest.query(on: kindred.app.db).count() == 2)
            #expect(try await RinLinkInterval.query(on: kindred.app.db).count() == 1)
            #expect(try await Self.score(kindred, ada).official != nil)
            // Outside the schedule: the day's scheduled run is still due, and replaces, not adds.
            Self.moveTo(hour: 3, kindred)
            #expect(await JobRunner(jobs: [RinScoreJob.job]).tick(kindred.app.context) == [RinScoreJob.name])
            #expect(try await RinLinkInterval.query(on: kindred.app.db).count() == 1)
        }
    }

    @Test func historyKeepsADayPerRunAndLinksKeepTheirIntervals() async throws {
        try await withKindred(adjust: Self.daysLongSessions) { kindred in
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea")
            try await RinNetworkTests.holds(kindred, ada, bea)
            let beaHoldsAda = try await RinNetworkTests.holds(kindred, bea, ada)
            let context = kindred.app.context
            Self.moveTo(hour: 3, kindred)
            let firstDay = RinDay.number(of: kindred.clock.now)
            var report = try await RinScoreJob.run(context)
            #expect(report.people == 2 && report.links == 1 && report.opened == 1 && report.closed == 0)
            // Run again the same day (a taken-over run): the same rows, not more.
            report = try await RinScoreJob.run(context)
            #expect(report.opened == 0 && report.closed == 0)
            #expect(try await RinScoreRecord.query(on: kindred.app.db).count() == 2)

            // Unlinked the next day: the interval closes on the day it was first seen gone.
            kindred.clock.advance(by: 86_400)
            #expect(try await kindred.send(.DELETE, "/rin/contacts/\(beaHoldsAda)/link", token: bea.accessToken).status == .ok)
            report = try await RinScoreJob.run(context)
            #expect(report.links == 0 && report.closed == 1)
            let closed = try #require(try await RinLinkInterval.query(on: kindred.app.db).first())
            #expect(closed.since <= firstDay && closed.endedOn == firstDay + 1)
            // Linked again two days later: a new interval from that day.
            kindred.clock.advance(by: 2 * 86_400)
            let relinked = try await kindred.send(.PUT, "/rin/contacts/\(beaHoldsAda)/link", token: bea.accessToken, json: ["username": "ada"])
            #expect(relinked.status == .ok)
            report = try await RinScoreJob.run(context)
            #expect(report.opened == 1)
            let open = try #require(try await RinLinkInterval.query(on: kindred.app.db).filter(\.$endedOn == nil).first())
            #expect(open.since == firstDay + 3)

            let history = try await Self.history(kindred, ada)
            #expect(history.map(\.day) == [firstDay, firstDay + 1, firstDay + 3].map(RinDay.text(of:)), "oldest first; a day without a run has none")
            // Stability saw the break: the churn of the window.
            let score = try await Self.score(kindred, ada)
            #expect(score.official?.value.parts.churn == 0.5)
        }
    }

    @Test func theScoreKnowsNothingBeyondMyLinksThatNobodyShowed() async throws {
        try await withKindred(adjust: Self.daysLongSessions) { kindred in
            // Ada is linked to Bea and Cy, who are linked to each other; Bea to three more.
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea"), cy = try await kindred.signUp("cyra")
            try await RinNetworkTests.linked(kindred, ada, bea)
            try await RinNetworkTests.linked(kindred, ada, cy)
            try await RinNetworkTests.linked(kindred, bea, cy)
            for index in 0..<3 { try await RinNetworkTests.linked(kindred, bea, try await kindred.signUp("pal\(index)")) }
            var parts = try await Self.score(kindred, ada).provisional.parts
            #expect(parts.twoHop == 0, "Bea's other links are hers to show")
            #expect(parts.bridge == 1, "whether Bea and Cy know each other is theirs to show")

            try await RinNetworkTests.shows(kindred, bea)
            parts = try await Self.score(kindred, ada).provisional.parts
            #expect(parts.twoHop == 3 && parts.bridge == 0)

            // The daily run knows exactly as much.
            Self.moveTo(hour: 3, kindred)
            try await RinScoreJob.run(kindred.app.context)
            let official = try #require(try await Self.score(kindred, ada).official)
            #expect(official.value.parts.twoHop == 3 && official.value.parts.bridge == 0)
            try await RinNetworkTests.shows(kindred, bea, false)
            kindred.clock.advance(by: 86_400)
            try await RinScoreJob.run(kindred.app.context)
            let hidden = try #require(try await Self.score(kindred, ada).official)
            #expect(hidden.value.parts.twoHop == 0 && hidden.value.parts.bridge == 1)
        }
    }

    @Test func scoresCirclesAndCardsCountAsTheFormulaSays() async throws {
        try await withKindred(adjust: Self.daysLongSessions) { kindred in
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea"), cy = try await kindred.signUp("cyra")
            let beaContact = try await RinNetworkTests.holds(kindred, ada, bea)
            try await RinNetworkTests.holds(kindred, bea, ada)
            try await RinNetworkTests.takesCard(kindred, ada, of: cy)
            // Bea in Ada's Family: organised.
            let book = try await kindred.rinPrimary(ada)
            let family = try await kindred.rinCircle(ada, book, .family)
            let added = try await kindred.send(.POST, "/rin/circles/\(family.id)/members", token: ada.accessToken, json: ["contactIds": [beaContact]])
            #expect(added.status == .ok, "\(added.body.string)")
            let parts = try await Self.score(kindred, ada).provisional.parts
            #expect(parts.links == 2 && parts.oneWay == 0)
            #expect(parts.reciprocity == 1 && parts.confidence == 1)
            #expect(parts.verifiedCoverage == 0.5, "Cy's card is a verified channel; Bea's username is not")
            #expect(parts.organised == 0.5)
        }
    }
}
