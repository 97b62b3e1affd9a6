import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

/// Disputes (docs/RIN-PART2.md §5): raised on a detail one sees, answered by the person it is
/// about, withdrawn, decided by moderators; each side sees only what it may.
@Suite("Rin disputes: both sides, their limits and what each sees")
struct RinDisputeTests {
    typealias Schemas = Components.Schemas

    struct Setup {
        var ada: TestUser, bea: TestUser
        var adaBook: UUID
        var phone: Schemas.RinProfileField
    }

    /// Ada's mobile is Allowed for everyone on Rin; Bea will say it is hers.
    static func setup(_ kindred: TestKindred) async throws -> Setup {
        let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea")
        let book = try await kindred.rinPrimary(ada)
        _ = try await kindred.rinPrimary(bea)
        let phone = try await kindred.rinField(ada, book, "phone", "mobile", "+44 20 7946 0018")
        let everyone = try await kindred.rinCircle(ada, book, ._public)
        #expect(try await kindred.rinSetCells(ada, book, [(everyone.id, phone.key, "allow")]).status == .ok)
        return Setup(ada: ada, bea: bea, adaBook: book, phone: phone)
    }

    static func raise(_ kindred: TestKindred, _ setup: Setup, statement: String = "That number is mine since 2019.",
                      evidence: [UUID] = []) async throws -> TestingHTTPResponse {
        struct Body: Encodable { var fieldKey: String; var statement: String; var evidence: [UUID] }
        return try await kindred.send(.POST, "/rin/people/\(setup.adaBook)/disputes", token: setup.bea.accessToken,
                                      json: Body(fieldKey: setup.phone.key, statement: statement, evidence: evidence))
    }

    @Test func raisedKeptAndDecidedWithEachSideSeeingItsOwn() async throws {
        try await withKindred { kindred in
            // The penalty read at the end fades by the day: stopped, a run across midnight reads
            // what a run within one day does.
            kindred.clock.freeze()
            let setup = try await Self.setup(kindred)
            let photo = try await kindred.send(.POST, "/media", token: setup.bea.accessToken, bytes: MediaFixtures.png())
                .decode(Schemas.Media.self)
            let raised = try await Self.raise(kindred, setup, evidence: [photo.id])
            #expect(raised.status == .created, "\(raised.body.string)")
            let mine = try raised.decode(Schemas.RinDispute.self)
            #expect(mine.role == .claimant && mine.status == .open && !mine.withModerators)
            #expect(mine.field.value == setup.phone.value && mine.evidence.map(\.id) == [photo.id])
            #expect(mine.other.profileId == setup.adaBook)

            // Ada sees it: the claim and the claimant as she may see Bea, never Bea's photo.
            let theirs = try await kindred.send(.GET, "/rin/disputes/\(mine.id)", token: setup.ada.accessToken).decode(Schemas.RinDispute.self)
            #expect(theirs.role == .subject && theirs.evidence.isEmpty && theirs.statement == mine.statement)
            #expect(theirs.other.displayName == "bea")
            #expect(!(try await kindred.send(.GET, "/rin/disputes/\(mine.id)", token: setup.ada.accessToken)).body.string.contains(photo.id.uuidString.lowercased()))
            let inbox = try await RinSecurityTests.items(kindred, setup.ada, "disputes", "action")
            #expect(inbox.map(\.id) == [mine.id] && inbox[0].state == .action && inbox[0].dispute?.role == .subject)
            #expect(try await RinSecurityTests.items(kindred, setup.bea, "disputes").map(\.state) == [.waiting])

            // Open and new, it waits for Ada, not for the moderators.
            #expect(try await CapturingConsole.run(RinDisputesCommand.group(), kindred, []).contains("No disputes are waiting"))

            // One open dispute per detail; the claimant cannot answer, the subject cannot withdraw.
            #expect(try await Self.raise(kindred, setup).status == .conflict)
            let byClaimant = try await kindred.send(.POST, "/rin/disputes/\(mine.id)/answer", token: setup.bea.accessToken, json: ["action": "remove"])
            #expect(byClaimant.status == .conflict)
            #expect(try await kindred.send(.POST, "/rin/disputes/\(mine.id)/withdraw", token: setup.ada.accessToken).status == .conflict)

            // Ada keeps it, with her reasons: the moderators' now.
            let kept = try await kindred.send(.POST, "/rin/disputes/\(mine.id)/answer", token: setup.ada.accessToken,
                                              json: ["action": "keep", "statement": "It has been my number for ten years."])
            #expect(kept.status == .ok, "\(kept.body.string)")
            let answered = try kept.decode(Schemas.RinDispute.self)
            #expect(answered.status == .answered && answered.withModerators && answered.response == "It has been my number for ten years.")
            #expect(try await kindred.send(.POST, "/rin/disputes/\(mine.id)/answer", token: setup.ada.accessToken,
                                           json: ["action": "remove"]).status == .conflict, "answered once")

            // A moderator upholds it from the desk (`kindred rin-disputes`): Ada's Trust carries a
            // moderate penalty.
            let desk = try await CapturingConsole.run(RinDisputesCommand.group(), kindred, [])
            #expect(desk.contains(mine.id.uuidString) && desk.contains("@bea says @ada's phone"), "\(desk)")
            #expect(desk.contains("@ada answers: “It has been my number for ten years.”"))
            let upheld = try await CapturingConsole.run(RinDisputesCommand.group(), kindred, ["uphold", mine.id.uuidString])
            #expect(upheld.contains("is upheld"), "\(upheld)")
            #expect(try await CapturingConsole.run(RinDisputesCommand.group(), kindred, ["list"]).contains("No disputes are waiting"))
            let score = try await kindred.send(.GET, "/rin/score", token: setup.ada.accessToken).decode(Schemas.RinScore.self)
            #expect(score.provisional.parts.penaltyPoints == 15)
            #expect(try await RinSecurityTests.items(kindred, setup.bea, "disputes", "resolved").map { $0.dispute?.status } == [.upheld])
            // The photo stays while the dispute does.
            #expect(try await RinApp.mediaInUse([photo.id], on: kindred.app.db) == [photo.id])
        }
    }

    @Test func aDisputeWhosePartyLeavesWhileTheInboxIsReadIsLeftOutNotAFailure() async throws {
        try await withKindred { kindred in
            // setup: Bea's dispute, read as the inbox reads it, before her account goes.
            let setup = try await Self.setup(kindred)
            #expect(try await Self.raise(kindred, setup).status == .created)
            let row = try #require(try await RinDispute.query(on: kindred.app.db).first())

            // act: Bea deletes her account between the inbox's query and its reading of the parties.
            #expect(try await kindred.send(.DELETE, "/me", token: setup.bea.accessToken).status == .noContent)

            // validate: the stale row shows nothing, and Ada's inbox answers without it.
            let service = RinDisputeService(context: kindred.app.context)
            #expect(try await service.dtoIfPartiesRemain(row, role: .subject) == nil)
            let inbox = try await kindred.send(.GET, "/rin/security/items?section=disputes", token: setup.ada.accessToken)
            #expect(inbox.status == .ok, "\(inbox.body.string)")
            #expect(try inbox.decode(Schemas.RinSecurityItemPage.self).items.isEmpty)
        }
    }

    @Test func correctingOrRemovingTheDetailResolvesIt() async throws {
        try await withKindred { kindred in
            let setup = try await Self.setup(kindred)
            let first = try await Self.raise(kindred, setup).decode(Schemas.RinDispute.self)
            let corrected = try await kindred.send(.POST, "/rin/disputes/\(first.id)/answer", token: setup.ada.accessToken,
                                                   json: ["action": "correct", "value": "+44 20 7946 0019"])
            #expect(corrected.status == .ok, "\(corrected.body.string)")
            #expect(try corrected.decode(Schemas.RinDispute.self).status == .corrected)
            let field = try #require(try await RinProfileField.find(setup.phone.id, on: kindred.app.db))
            #expect(field.value == "+442079460019")
            // A correction that is not a phone number is refused with the field's words, and changes nothing.
            let second = try await Self.raise(kindred, setup, statement: "Still mine.").decode(Schemas.RinDispute.self)
            let bad = try await kindred.send(.POST, "/rin/disputes/\(second.id)/answer", token: setup.ada.accessToken,
                                             json: ["action": "correct", "value": "not a number"])
            #expect(bad.status == .unprocessableEntity)
            #expect(try await RinDispute.find(second.id, on: kindred.app.db)?.status == .open)
            // Removing it resolves it too; the dispute still shows the detail as it was.
            let removed = try await kindred.send(.POST, "/rin/disputes/\(second.id)/answer", token: setup.ada.accessToken, json: ["action": "remove"])
            #expect(try removed.decode(Schemas.RinDispute.self).status == .corrected)
            #expect(try await RinProfileField.find(setup.phone.id, on: kindred.app.db) == nil)
            let after = try await kindred.send(.GET, "/rin/disputes/\(second.id)", token: setup.bea.accessToken).decode(Schemas.RinDispute.self)
            #expect(after.field.value == "+442079460019" && after.status == .corrected)
            // Withdrawing a closed one returns it as it is.
            #expect(try await kindred.send(.POST, "/rin/disputes/\(second.id)/withdraw", token: setup.bea.accessToken)
                .decode(Schemas.RinDispute.self).status == .corrected)
        }
    }

    @Test func onlyWhatICanSeeAndAtMostFiveADay() async throws {
        try await withKindred { kindred in
            let setup = try await Self.setup(kindred)
            // A detail I am not shown is no detail to dispute; nor is my own, nor a stranger's photo.
            let hidden = try await kindred.rinField(setup.ada, setup.adaBook, "email", "home", "ada@home.example")
            let notShown = try await kindred.send(.POST, "/rin/people/\(setup.adaBook)/disputes", token: setup.bea.accessToken,
                                                  json: ["fieldKey": hidden.key, "statement": "Mine."])
            #expect(notShown.status == .notFound)
            #expect(!notShown.body.string.contains("ada@home.example"))
            let own = try await kindred.send(.POST, "/rin/people/\(setup.adaBook)/disputes", token: setup.ada.accessToken,
                                             json: ["fieldKey": setup.phone.key, "statement": "Mine."])
            #expect(own.status == .unprocessableEntity)
            let adasPhoto = try await kindred.send(.POST, "/media", token: setup.ada.accessToken, bytes: MediaFixtures.png()).decode(Schemas.Media.self)
            #expect(try await Self.raise(kindred, setup, evidence: [adasPhoto.id]).status == .unprocessableEntity)
            #expect(try await Self.raise(kindred, setup, statement: "   ").status == .unprocessableEntity)
            #expect(try await Self.raise(kindred, setup, statement: String(repeating: "x", count: 2001)).status == .unprocessableEntity)
            // The longest statement the contract allows is kept whole.
            let longest = try await Self.raise(kindred, setup, statement: String(repeating: "é", count: 2000))
            #expect(longest.status == .created)
            #expect(try longest.decode(Schemas.RinDispute.self).statement.count == 2000)

            // Five new disputes a day; withdrawn ones count.
            let id = try longest.decode(Schemas.RinDispute.self).id
            #expect(try await kindred.send(.POST, "/rin/disputes/\(id)/withdraw", token: setup.bea.accessToken).status == .ok)
            for _ in 0..<4 {
                let raised = try await Self.raise(kindred, setup)
                #expect(raised.status == .created)
                let made = try raised.decode(Schemas.RinDispute.self).id
                #expect(try await kindred.send(.POST, "/rin/disputes/\(made)/withdraw", token: setup.bea.accessToken).status == .ok)
            }
            #expect(try await Self.raise(kindred, setup).status == .tooManyRequests)

            // Nobody else reaches it.
            let eve = try await kindred.signUp("eve")
            for (method, path) in [(HTTPMethod.GET, "/rin/disputes/\(id)"), (.POST, "/rin/disputes/\(id)/withdraw")] {
                #expect(try await kindred.send(method, path, token: eve.accessToken).status == .notFound)
            }
            #expect(try await kindred.send(.POST, "/rin/disputes/\(id)/answer", token: eve.accessToken, json: ["action": "remove"]).status == .notFound)
        }
    }

    @Test func unansweredForThreeDaysItWeighsOnTrustUntilAnswered() async throws {
        try await withKindred { kindred in
            let setup = try await Self.setup(kindred)
            let dispute = try await Self.raise(kindred, setup).decode(Schemas.RinDispute.self)
            // Days pass: each look signs in afresh, as a person coming back would.
            func signedIn(_ user: TestUser) async throws -> String {
                try await AccountAlertTests.signIn(kindred, user).accessToken
            }
            func points() async throws -> Double {
                let response = try await kindred.send(.GET, "/rin/score", token: try await signedIn(setup.ada))
                #expect(response.status == .ok, "\(response.body.string)")
                return try response.decode(Schemas.RinScore.self).provisional.parts.penaltyPoints
            }
            #expect(try await points() == 0)
            kindred.clock.advance(by: 73 * 3600)
            #expect(try await points() == 15)
            #expect(try await kindred.send(.POST, "/rin/disputes/\(dispute.id)/answer", token: try await signedIn(setup.ada),
                                           json: ["action": "remove"]).status == .ok)
            kindred.clock.advance(by: 30 * 86_400)
            #expect(try await points() == 7.5, "half faded after 30 of 60 days")
            kindred.clock.advance(by: 31 * 86_400)
            #expect(try await points() == 0, "gone after 60")
        }
    }
}
