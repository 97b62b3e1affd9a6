import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

/// Rin's security inbox (docs/RIN-PART2.md §5): asks to any of my profiles, the account's alerts
/// and my reports, each with its state, filtered, counted and marked read.
@Suite("Rin security inbox: sections, states, filters and counts")
struct RinSecurityTests {
    typealias Schemas = Components.Schemas

    static func items(_ kindred: TestKindred, _ user: TestUser, _ section: String, _ filter: String = "all",
                      token: String? = nil) async throws -> [Schemas.RinSecurityItem] {
        let response = try await kindred.send(.GET, "/rin/security/items?section=\(section)&filter=\(filter)", token: token ?? user.accessToken)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(Schemas.RinSecurityItemPage.self).items
    }

    static func summary(_ kindred: TestKindred, _ user: TestUser) async throws -> Schemas.RinSecuritySummary {
        let response = try await kindred.send(.GET, "/rin/security", token: user.accessToken)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(Schemas.RinSecuritySummary.self)
    }

    static func count(_ summary: Schemas.RinSecuritySummary, _ section: Schemas.RinSecuritySection) -> (Int, Int) {
        summary.sections.first { $0.section == section }.map { ($0.action, $0.unread) } ?? (-1, -1)
    }

    @Test func asksAlertsAndReportsArriveNeedMeAndResolve() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea")
            let book = try await kindred.rinPrimary(ada)
            _ = try await kindred.rinPrimary(bea)
            // Bea asks for Ada's birthday, on Ask for everyone on Rin.
            let birthday = try await kindred.rinField(ada, book, "birthday", nil, "1815-12-10")
            let everyone = try await kindred.rinCircle(ada, book, ._public)
            #expect(try await kindred.rinSetCells(ada, book, [(everyone.id, birthday.key, "ask")]).status == .ok)
            let asked = try await kindred.send(.POST, "/rin/people/\(book)/asks", token: bea.accessToken, json: ["fieldKey": birthday.key])
            #expect(asked.status == .ok, "\(asked.body.string)")
            // A sign-in from a new device; a report Ada filed.
            let tablet = try await AccountAlertTests.signIn(kindred, ada, device: "Ada's tablet")
            let reported = try await kindred.send(.POST, "/reports", token: ada.accessToken,
                                                  bytes: Array(#"{"target":{"kind":"profile","id":"bea"},"reason":"spam"}"#.utf8),
                                                  headers: ["Content-Type": "application/json"])
            #expect(reported.status == .created)

            var summary = try await Self.summary(kindred, ada)
            #expect(summary.action == 2 && summary.unread == 2, "the ask and the alert; an open report is unread only when resolved")
            #expect(Self.count(summary, .access) == (1, 1) && Self.count(summary, .alerts) == (1, 1) && Self.count(summary, .disputes) == (0, 0))

            let access = try await Self.items(kindred, ada, "access")
            #expect(access.count == 1 && access[0].state == .action && access[0].unread)
            let ask = try #require(access[0].ask)
            #expect(ask.requester.displayName == "bea" && ask.field.key == birthday.key && ask.status == .pending && ask.profileId == book)
            #expect(try await Self.items(kindred, ada, "alerts", "action").map { $0.alert?.device } == ["Ada's tablet"])
            let report = try #require(try await Self.items(kindred, ada, "reports").first)
            #expect(report.state == .waiting && report.report?.status == .open)
            #expect(try await Self.items(kindred, ada, "reports", "action").isEmpty, "a report waits on a moderator, never on me")

            // Read: nothing unread; what needs me still does.
            let read = try await kindred.send(.POST, "/rin/security/read", token: ada.accessToken)
            #expect(try read.decode(Schemas.RinSecuritySummary.self).unread == 0)
            #expect(try await Self.items(kindred, ada, "access").allSatisfy { !$0.unread })

            // Ada approves, answers, and a moderator acts: all resolved.
            #expect(try await kindred.send(.POST, "/rin/asks/\(access[0].id)/approve", token: ada.accessToken).status == .noContent)
            let alert = try #require(try await Self.items(kindred, ada, "alerts").first?.alert)
            #expect(try await AccountAlertTests.answer(kindred, alert.id, wasMe: true, token: tablet.accessToken).status == .ok)
            try await ModerationService(context: kindred.app.context).resolve(report.id, .dismiss)
            summary = try await Self.summary(kindred, ada)
            #expect(summary.action == 0)
            #expect(Self.count(summary, .reports) == (0, 1), "a report resolved since is unread")
            #expect(try await Self.items(kindred, ada, "access", "action").isEmpty)
            #expect(try await Self.items(kindred, ada, "access", "resolved").map { $0.ask?.status } == [.approved])
            #expect(try await Self.items(kindred, ada, "alerts", "resolved").map { $0.alert?.answer } == [.wasMe])
            #expect(try await Self.items(kindred, ada, "reports", "resolved").map(\.state) == [.resolved])
        }
    }

    @Test func theInboxIsMineAlone() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada"), eve = try await kindred.signUp("eve")
            _ = try await AccountAlertTests.signIn(kindred, ada, device: "Ada's tablet")
            #expect(try await Self.items(kindred, ada, "alerts").count == 1)
            for section in ["access", "disputes", "alerts", "reports"] {
                #expect(try await Self.items(kindred, eve, section).isEmpty)
            }
            #expect(try await Self.summary(kindred, eve).action == 0)
            let bad = try await kindred.send(.GET, "/rin/security/items?section=secrets", token: ada.accessToken)
            #expect(bad.status == .badRequest || bad.status == .unprocessableEntity)
        }
    }
}
