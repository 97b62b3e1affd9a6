import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

@Suite("Blocking, reporting and moderation")
struct SafetyTests {
    typealias Schemas = Components.Schemas

    private func code(_ kindred: TestKindred, _ user: TestUser) async throws -> String {
        try await kindred.send(.GET, "/innovation-engine/code", token: user.accessToken).decode(Schemas.InnovationEngineCode.self).code
    }

    private func block(_ kindred: TestKindred, _ user: TestUser, _ username: String) async throws -> TestingHTTPResponse {
        try await kindred.send(.POST, "/blocks", token: user.accessToken, json: ["username": username])
    }

    private func report(_ kindred: TestKindred, _ user: TestUser, kind: String = "profile", id: String,
                        reason: String = "harassment", note: String? = nil) async throws -> TestingHTTPResponse {
        var body: [String: AnyEncodable] = ["target": AnyEncodable(["kind": kind, "id": id]), "reason": AnyEncodable(reason)]
        if let note { body["note"] = AnyEncodable(note) }
        return try await kindred.send(.POST, "/reports", token: user.accessToken, json: body)
    }

    @Test func aBlockHidesEachFromTheOtherInSearchAndProfilesBothWays() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada_b")
            let bob = try await kindred.signUp("ada_c")
            let cy = try await kindred.signUp("ada_d")
            // act
            let blocked = try await block(kindred, ada, "ADA_C")
            // validate
            #expect(blocked.status == .created, "\(blocked.body.string)")
            #expect(try blocked.decode(Schemas.BlockedProfile.self).profile.username == "ada_c")
            for (viewer, hidden) in [(ada, "ada_c"), (bob, "ada_b")] {
                #expect(try await kindred.send(.GET, "/profiles/\(hidden)", token: viewer.accessToken).status == .notFound)
                let found = try await kindred.send(.GET, "/profiles?prefix=ada", token: viewer.accessToken).decode(Schemas.ProfileList.self)
                #expect(!found.profiles.map(\.username).contains(hidden), "\(viewer.username) still finds \(hidden)")
                #expect(found.profiles.map(\.username).contains("ada_d"), "others are still found")
            }
            // Anyone else still sees both.
            #expect(try await kindred.send(.GET, "/profiles/ada_b", token: cy.accessToken).status == .ok)
            #expect(try await kindred.send(.GET, "/profiles/ada_c", token: cy.accessToken).status == .ok)
            // Blocking again changes nothing; the blocked person cannot block back by name (they can't see her).
            #expect(try await block(kindred, ada, "ada_c").status == .ok)
            #expect(try await block(kindred, bob, "ada_b").status == .notFound)
            #expect(try await block(kindred, ada, "ada_b").status == .unprocessableEntity, "nobody blocks themselves")
            #expect(try await block(kindred, ada, "nobody_here").status == .notFound)

            // Unblocking shows each to the other again.
            #expect(try await kindred.send(.DELETE, "/blocks/ada_c", token: ada.accessToken).status == .noContent)
            #expect(try await kindred.send(.GET, "/profiles/ada_b", token: bob.accessToken).status == .ok)
            #expect(try await kindred.send(.DELETE, "/blocks/ada_c", token: ada.accessToken).status == .notFound)
        }
    }

    @Test func aBlockEndsAnInnovationEngineConnectionAndRefusesANewOneBothWays() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let adaCode = try await code(kindred, ada)
            let bobCode = try await code(kindred, bob)
            #expect(try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken, json: ["code": adaCode]).status == .created)
            // act
            #expect(try await block(kindred, bob, "ada").status == .created)
            // validate: the connection is gone for both, and neither can connect or preview the other.
            for user in [ada, bob] {
                let page = try await kindred.send(.GET, "/innovation-engine/connections", token: user.accessToken)
                    .decode(Schemas.InnovationEngineConnectionPage.self)
                #expect(page.items.isEmpty)
            }
            for (user, code) in [(ada, bobCode), (bob, adaCode)] {
                let connect = try await kindred.send(.POST, "/innovation-engine/connections", token: user.accessToken, json: ["code": code])
                #expect(connect.status == .notFound, "a blocked pair connects as if the code were unknown")
                #expect(try await kindred.send(.GET, "/innovation-engine/codes/\(code)", token: user.accessToken).status == .notFound)
            }
            #expect(try await InnovationEngineConnection.query(on: kindred.app.db).count() == 0)
        }
    }

    @Test func aBlockedPersonCannotSeeTheAvatar() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let upload = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: MediaFixtures.png(width: 4, height: 4))
            let media = try upload.decode(Schemas.Media.self)
            #expect(try await kindred.send(.PATCH, "/me", token: ada.accessToken, json: ["avatarId": media.id.uuidString]).status == .ok)
            #expect(try await kindred.send(.GET, "/media/\(media.id)", token: bob.accessToken).status == .ok)
            #expect(try await block(kindred, ada, "bob").status == .created)
            #expect(try await kindred.send(.GET, "/media/\(media.id)", token: bob.accessToken).status == .notFound)
        }
    }

    @Test func blockedPeopleAreListedAPageAtATime() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            var others: [String] = []
            for index in 0..<5 {
                let other = try await kindred.signUp("other\(index)")
                kindred.clock.advance(by: 1)
                #expect(try await block(kindred, ada, other.username).status == .created)
                others.append(other.username)
            }
            let pages = try await kindred.everyPage("/blocks", token: ada.accessToken, limit: 2, as: Schemas.BlockedProfilePage.self,
                                                    cursor: \.nextCursor, count: \.items.count)
            let seen = pages.flatMap(\.items).map(\.profile.username)
            #expect(seen == others.reversed(), "most recent first, each once")
        }
    }

    @Test func aReportIsFiledOnceForWhatTheReporterCanSee() async throws {
        try await withKindred(adjust: { $0.reportsPerHour = 3 }) { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let cy = try await kindred.signUp("cyd")
            // act
            let first = try await report(kindred, ada, id: "BOB", note: "Keeps messaging me.")
            let again = try await report(kindred, ada, id: "bob", reason: "spam")
            // validate
            #expect(first.status == .created, "\(first.body.string)")
            let filed = try first.decode(Schemas.Report.self)
            #expect(filed.status == .open && filed.reason == .harassment && filed.target.kind == .profile)
            #expect(again.status == .ok)
            #expect(try again.decode(Schemas.Report.self).id == filed.id, "one open report per reporter and thing")
            #expect(try await Report.query(on: kindred.app.db).count() == 1)
            let stored = try #require(try await Report.find(filed.id, on: kindred.app.db))
            #expect(stored.$subject.id == bob.id && stored.note == "Keeps messaging me.")

            #expect(try await report(kindred, ada, id: "ada").status == .unprocessableEntity, "not yourself")
            #expect(try await report(kindred, ada, id: "nobody").status == .notFound)
            #expect(try await report(kindred, ada, kind: "garden.bed", id: "1").status == .badRequest, "the contract's kinds only")
            #expect(try await report(kindred, ada, id: "bob", reason: "boredom").status == .badRequest, "the contract's reasons only")
            #expect(try await report(kindred, ada, id: "bob", note: String(repeating: "x", count: 1001)).status == .unprocessableEntity)
            #expect(try await report(kindred, ada, id: "bob", note: String(repeating: "x", count: 1000)).status == .ok, "the longest note is fine")
            // Someone who blocked the reporter can't be seen, so can't be reported.
            #expect(try await block(kindred, cy, "ada").status == .created)
            #expect(try await report(kindred, ada, id: "cyd").status == .notFound)
        }
    }

    @Test func reportsAreLimitedPerPersonEvenInParallel() async throws {
        try await withKindred(adjust: { $0.reportsPerHour = 3 }) { kindred in
            let ada = try await kindred.signUp("ada")
            var targets: [String] = []
            for index in 0..<8 { targets.append(try await kindred.signUp("target\(index)").username) }
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for target in targets { group.addTask { try await report(kindred, ada, id: target).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 3, "\(statuses)")
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 5)
        }
    }

    @Test func hidingAReportedProfileClearsWhatItsOwnerWrote() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            #expect(try await kindred.send(.PATCH, "/me", token: bob.accessToken, json: ["bio": "Something awful", "displayName": "Awful Name"]).status == .ok)
            let filed = try await report(kindred, ada, id: "bob").decode(Schemas.Report.self)
            let moderation = ModerationService(context: kindred.app.context)
            #expect(try await moderation.openReports(limit: 10).map(\.id) == [filed.id])
            // act
            try await moderation.resolve(filed.id, .hide)
            // validate
            let profile = try await kindred.send(.GET, "/profiles/bob", token: ada.accessToken).decode(Schemas.Profile.self)
            #expect(profile.bio == "" && profile.displayName == "bob" && profile.avatar == nil)
            #expect(try await moderation.openReports(limit: 10).isEmpty)
            #expect(try await Report.find(filed.id, on: kindred.app.db)?.status == .hidden)
            await #expect(throws: AppError.self, "a resolved report can't be resolved again") {
                try await moderation.resolve(filed.id, .dismiss)
            }
        }
    }

    @Test func suspendingAnAccountRefusesSignInAndEndsItsSessions() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let filed = try await report(kindred, ada, id: "bob").decode(Schemas.Report.self)
            let dismissed = try await report(kindred, bob, id: "ada").decode(Schemas.Report.self)
            let moderation = ModerationService(context: kindred.app.context)
            try await moderation.resolve(dismissed.id, .dismiss)
            // act
            try await moderation.resolve(filed.id, .suspend)
            // validate: every way back in is closed, and nobody sees the account.
            #expect(try await kindred.send(.GET, "/me", token: bob.accessToken).status == .unauthorized, "the session ended")
            let refresh = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": bob.refreshToken])
            #expect(refresh.status == .unauthorized)
            let signIn = try await kindred.send(.POST, "/auth/sign-in", json: ["email": bob.email, "password": bob.password])
            #expect(signIn.status == .forbidden)
            #expect(signIn.problem?.kind == "account-suspended")
            let wrong = try await kindred.send(.POST, "/auth/sign-in", json: ["email": bob.email, "password": "not the password"])
            #expect(wrong.status == .unauthorized, "a wrong password learns nothing of the suspension")
            #expect(try await kindred.send(.GET, "/profiles/bob", token: ada.accessToken).status == .notFound)
            #expect(try await Report.find(dismissed.id, on: kindred.app.db)?.status == .dismissed)

            // Lifting it lets the person sign in again.
            try await moderation.unsuspend(username: "bob")
            #expect(try await kindred.send(.POST, "/auth/sign-in", json: ["email": bob.email, "password": bob.password]).status == .ok)
        }
    }

    @Test func deletingAnAccountDeletesItsBlocksAndReports() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            #expect(try await block(kindred, ada, "bob").status == .created)
            let cy = try await kindred.signUp("cyd")
            #expect(try await report(kindred, cy, id: "ada").status == .created)
            #expect(try await kindred.send(.DELETE, "/me", token: ada.accessToken).status == .noContent)
            #expect(try await Block.query(on: kindred.app.db).count() == 0)
            #expect(try await Report.query(on: kindred.app.db).count() == 0)
            #expect(try await kindred.send(.GET, "/profiles/bob", token: cy.accessToken).status == .ok)
            _ = bob
        }
    }
}

/// Any Encodable, for JSON bodies that mix value types.
struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

@Suite("kindred moderation")
struct ModerationCommandTests {
    /// Runs `kindred moderation <arguments>` as the command line would, and returns what it printed.
    private func moderation(_ kindred: TestKindred, _ arguments: String...) async throws -> String {
        try await CapturingConsole.run(ModerationCommand.group(), kindred, arguments)
    }

    @Test func theDeskListsOpenReportsAndResolvesThemByID() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let body = #"{"target":{"kind":"profile","id":"bob"},"reason":"impersonation","note":"Says he is me."}"#
            let filed = try await kindred.send(.POST, "/reports", token: ada.accessToken, bytes: Array(body.utf8),
                                               headers: ["Content-Type": "application/json"])
                .decode(Components.Schemas.Report.self)
            // act and validate: the list names the report, the people and the note.
            let listed = try await moderation(kindred)
            #expect(listed.contains(filed.id.uuidString) && listed.contains("impersonation"))
            #expect(listed.contains("@bob") && listed.contains("reported by @ada") && listed.contains("Says he is me."))

            let suspended = try await moderation(kindred, "suspend", filed.id.uuidString)
            #expect(suspended.contains("suspended"))
            #expect(try await kindred.send(.GET, "/me", token: bob.accessToken).status == .unauthorized)
            #expect(try await moderation(kindred, "list").contains("No open reports."))
            await #expect(throws: AppError.self, "a resolved report stays resolved") {
                _ = try await moderation(kindred, "dismiss", filed.id.uuidString)
            }
            #expect(try await moderation(kindred, "unsuspend", "BOB").contains("@bob can sign in again"))
            #expect(try await kindred.send(.POST, "/auth/sign-in", json: ["email": bob.email, "password": bob.password]).status == .ok)
        }
    }
}

/// A console that keeps what a command prints (the command tests of every app use it).
final class CapturingConsole: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var printed = ""
    var userInfo: [AnySendableHashable: any Sendable] = [:]
    var size: (width: Int, height: Int) { (120, 40) }
    var text: String { lock.withLock { printed } }

    func input(isSecure: Bool) -> String { "" }
    func output(_ text: ConsoleText, newLine: Bool) { lock.withLock { printed += text.description + (newLine ? "\n" : "") } }
    func clear(_ type: ConsoleClear) {}
    func report(error: String, newLine: Bool) { lock.withLock { printed += error + (newLine ? "\n" : "") } }

    /// Runs `kindred <group> <arguments>` on `kindred`'s app as the command line would, and
    /// returns what it printed.
    static func run(_ group: any AsyncCommandGroup, _ kindred: TestKindred, _ arguments: [String]) async throws -> String {
        let console = CapturingConsole()
        var context = CommandContext(console: console, input: CommandInput(arguments: ["kindred"] + arguments))
        context.application = kindred.app
        try await console.run(group, with: context)
        return console.text
    }
}
