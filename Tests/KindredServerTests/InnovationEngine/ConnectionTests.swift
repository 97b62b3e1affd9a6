import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import Vapor
@testable import KindredServer

@Suite("Innovation Engine connections over HTTP")
struct ConnectionTests {
    private func link(_ kindred: TestKindred, _ user: TestUser) async throws -> String {
        try await kindred.connectCode(of: user).link
    }

    private func code(_ kindred: TestKindred, _ user: TestUser) async throws -> String {
        try await kindred.connectCode(of: user).code
    }

    @Test func scanningConnectsBothPeopleAtOnce() async throws {
        try await withKindred { kindred in
            // setup
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            // act
            let scanned = try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken,
                                                 json: ["code": try await link(kindred, ada), "note": "Met at the hackathon"])
            // validate
            #expect(scanned.status == .created)
            let connection = try scanned.decode(Components.Schemas.InnovationEngineConnection.self)
            #expect(connection.person.username == "ada")
            #expect(connection.note == "Met at the hackathon")
            let adaSide = try await kindred.send(.GET, "/innovation-engine/connections", token: ada.accessToken)
                .decode(Components.Schemas.InnovationEngineConnectionPage.self).items
            #expect(adaSide.map(\.person.username) == ["bob"])
            #expect(adaSide.first?.id == connection.id)
            #expect(adaSide.first?.note == nil, "a note is private to its owner")
        }
    }

    @Test func theListShowsEachOtherPersonWithTheirAvatarAndOnlyMyNote() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let avatar = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: TestPNG.make(width: 8, height: 8, seed: 4))
                .decode(Components.Schemas.Media.self)
            #expect(try await kindred.send(.PATCH, "/me", token: ada.accessToken, json: ["avatarId": avatar.id.uuidString]).status == .ok)
            #expect(try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken,
                                           json: ["code": try await link(kindred, ada), "note": "Bob's note"]).status == .created)
            let bobSide = try await kindred.send(.GET, "/innovation-engine/connections", token: bob.accessToken)
                .decode(Components.Schemas.InnovationEngineConnectionPage.self).items
            let adaSide = try await kindred.send(.GET, "/innovation-engine/connections", token: ada.accessToken)
                .decode(Components.Schemas.InnovationEngineConnectionPage.self).items
            // Each sees the other, whichever of the two is stored first.
            #expect(bobSide.map(\.person.username) == ["ada"] && adaSide.map(\.person.username) == ["bob"])
            let adaProfile = try await kindred.send(.GET, "/me", token: ada.accessToken).decode(Components.Schemas.Me.self).profile
            #expect(bobSide.first?.person.displayName == adaProfile.displayName && bobSide.first?.person.bio == adaProfile.bio)
            let shown = try #require(bobSide.first?.person.avatar)
            #expect(shown.id == avatar.id && shown.byteCount == avatar.byteCount && shown.width == 8 && shown.height == 8)
            #expect(shown.url.contains(avatar.id.uuidString.lowercased()), "a signed URL of the avatar")
            #expect(adaSide.first?.person.avatar == nil)
            #expect(bobSide.first?.note == "Bob's note" && adaSide.first?.note == nil)
            #expect(bobSide.first?.id == adaSide.first?.id && bobSide.first?.connectedAt == adaSide.first?.connectedAt)
        }
    }

    @Test func scanningAgainReturnsTheSameConnection() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let first = try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken, json: ["code": try await link(kindred, ada)])
            let again = try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken, json: ["code": try await code(kindred, ada)])
            let reverse = try await kindred.send(.POST, "/innovation-engine/connections", token: ada.accessToken, json: ["code": try await link(kindred, bob)])
            #expect(first.status == .created)
            #expect(again.status == .ok)
            #expect(reverse.status == .ok)
            let ids = try [first, again, reverse].map { try $0.decode(Components.Schemas.InnovationEngineConnection.self).id }
            #expect(Set(ids).count == 1)
            #expect(try await InnovationEngineConnection.query(on: kindred.app.db).count() == 1)
        }
    }

    @Test func twoSimultaneousScansMakeOneConnection() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            // act: both scan each other at the same moment, several times over
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for index in 0..<10 {
                    let (scanner, scanned) = index.isMultiple(of: 2) ? (ada, bob) : (bob, ada)
                    group.addTask {
                        try await kindred.send(.POST, "/innovation-engine/connections", token: scanner.accessToken,
                                               json: ["code": try await code(kindred, scanned)]).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .created || $0 == .ok })
            #expect(statuses.filter { $0 == .created }.count == 1)
            #expect(try await InnovationEngineConnection.query(on: kindred.app.db).count() == 1)
        }
    }

    @Test func selfUnknownGarbageAndDeletedAreRefused() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let gone = try await kindred.signUp("gone")
            let goneLink = try await link(kindred, gone)
            #expect(try await kindred.send(.DELETE, "/me", token: gone.accessToken).status == .noContent)

            let own = try await kindred.send(.POST, "/innovation-engine/connections", token: ada.accessToken, json: ["code": try await link(kindred, ada)])
            #expect(own.status == .unprocessableEntity)
            #expect(own.problem?.detail.contains("your own code") == true)

            let deleted = try await kindred.send(.POST, "/innovation-engine/connections", token: ada.accessToken, json: ["code": goneLink])
            #expect(deleted.status == .notFound)
            for unknown in ["hello", UUID().uuidString, "https://evil.example.com/c/\(ada.id)", "\(kindred.configuration.publicBaseURL)/c/not-an-id",
                            "\(kindred.configuration.publicBaseURL)/c/\(ada.id.uuidString.lowercased())"] {
                let response = try await kindred.send(.POST, "/innovation-engine/connections", token: ada.accessToken, json: ["code": unknown])
                #expect(response.status == .notFound, "\(unknown)")
                #expect(response.problem?.detail.contains("doesn't work") == true, "\(unknown)")
            }
            let empty = try await kindred.send(.POST, "/innovation-engine/connections", token: ada.accessToken, json: ["code": ""])
            #expect(empty.status == .unprocessableEntity)
            #expect(try await InnovationEngineConnection.query(on: kindred.app.db).count() == 0)
        }
    }

    @Test func anAccountIdFoundBySearchIsNoCode() async throws {
        try await withKindred { kindred in
            // setup: a prober finds a victim by search, as anyone signed in can
            let victim = try await kindred.signUp("tess")
            let prober = try await kindred.signUp("prober")
            let found = try await kindred.send(.GET, "/profiles?prefix=tes", token: prober.accessToken)
                .decode(Components.Schemas.ProfileList.self).profiles
            let id = try #require(found.first?.id)

            // act: the id, bare and inside a link, and a link that looks like the victim's old kind
            var statuses: [HTTPStatus] = []
            for attempt in [id.uuidString, id.uuidString.lowercased(), "\(kindred.configuration.publicBaseURL)/c/\(id.uuidString.lowercased())"] {
                statuses.append(try await kindred.send(.POST, "/innovation-engine/connections", token: prober.accessToken, json: ["code": attempt]).status)
                statuses.append(try await kindred.send(.GET, "/innovation-engine/codes/\(attempt.split(separator: "/").last!)", token: prober.accessToken).status)
            }

            // validate: nothing joins, and the victim's network is untouched
            #expect(statuses.allSatisfy { $0 == .notFound }, "\(statuses.map(\.code))")
            let victimSide = try await kindred.send(.GET, "/innovation-engine/connections", token: victim.accessToken)
                .decode(Components.Schemas.InnovationEngineConnectionPage.self).items
            #expect(victimSide.isEmpty)
        }
    }

    @Test func theScannerSeesWhoItIsBeforeConnecting() async throws {
        try await withKindred { kindred in
            // setup
            let tess = try await kindred.signUp("tess")
            let bob = try await kindred.signUp("bob")
            let tessCode = try await kindred.connectCode(of: tess)
            #expect(tessCode.link.hasSuffix("/c/" + tessCode.code))
            #expect(!tessCode.link.lowercased().contains(tess.id.uuidString.lowercased()), "the link must not carry the account id")
            #expect(tessCode.code.count >= 22, "at least 128 random bits")

            // act
            let preview = try await kindred.send(.GET, "/innovation-engine/codes/\(tessCode.code)", token: bob.accessToken)

            // validate: who it is, and that previewing connected nobody
            #expect(preview.status == .ok, "\(preview.body.string)")
            let body = try preview.decode(Components.Schemas.InnovationEngineCodePreview.self)
            #expect(body.person.username == "tess")
            #expect(body.connected == false)
            #expect(try await InnovationEngineConnection.query(on: kindred.app.db).count() == 0)
            _ = try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken, json: ["code": tessCode.link])
            let after = try await kindred.send(.GET, "/innovation-engine/codes/\(tessCode.code)", token: bob.accessToken)
                .decode(Components.Schemas.InnovationEngineCodePreview.self)
            #expect(after.connected)
        }
    }

    @Test func aSharedLinkSaysWhoseItIsBeforeSignIn() async throws {
        try await withKindred(adjust: { $0.innovationEngine.connectAttemptsPerHour = 3 }) { kindred in
            // setup
            let tess = try await kindred.signUp("tess")
            let code = try await code(kindred, tess)

            // act: someone without an account opens the link, then keeps guessing
            let preview = try await kindred.send(.GET, "/innovation-engine/codes/\(code)")
            let guesses = try await (0..<3).asyncMap { index in
                try await kindred.send(.GET, "/innovation-engine/codes/guess\(index)aaaaaaaaaaaaaaaaaaa").status
            }

            // validate: whose it is, nothing more, and guessing is limited by address
            #expect(preview.status == .ok, "\(preview.body.string)")
            let body = try preview.decode(Components.Schemas.InnovationEngineCodePreview.self)
            #expect(body.person.username == "tess")
            #expect(body.connected == false)
            #expect(guesses == [.notFound, .notFound, .tooManyRequests])
            // …and connecting still needs an account
            #expect(try await kindred.send(.POST, "/innovation-engine/connections", json: ["code": code]).status == .unauthorized)
        }
    }

    @Test func rotatingTheCodeStopsTheOldOneAtOnce() async throws {
        try await withKindred { kindred in
            // setup
            let tess = try await kindred.signUp("tess")
            let bob = try await kindred.signUp("bob")
            let old = try await kindred.connectCode(of: tess)
            #expect(try await kindred.connectCode(of: tess).code == old.code, "the code is stable until rotated")

            // act
            let rotated = try await kindred.send(.POST, "/innovation-engine/code/rotate", token: tess.accessToken)

            // validate
            #expect(rotated.status == .ok)
            let new = try rotated.decode(Components.Schemas.InnovationEngineCode.self)
            #expect(new.code != old.code)
            #expect(try await kindred.connectCode(of: tess).code == new.code)
            #expect(try await kindred.send(.GET, "/innovation-engine/codes/\(old.code)", token: bob.accessToken).status == .notFound)
            #expect(try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken, json: ["code": old.link]).status == .notFound)
            #expect(try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken, json: ["code": new.link]).status == .created)
        }
    }

    /// The QR screen's code is kept in memory a few seconds (`ConnectCodeCache`). Another instance
    /// shows its owner the replaced code for at most that long, and nobody can connect with it.
    @Test(.enabled(if: PostgresTestDatabases.anyURL != nil, "needs PostgreSQL; scripts/test provides it"))
    func anotherInstanceShowsAReplacedCodeOnlyBrieflyAndItConnectsNobody() async throws {
        try await withKindred(postgres: true) { kindred in
            try await kindred.withSibling { sibling, _ in
                // setup: the sibling has shown tess her code
                let tess = try await kindred.signUp("tessie")
                let bob = try await kindred.signUp("bobby")
                let onSibling = { (path: String, method: HTTPMethod, body: String?) in
                    var headers = HTTPHeaders()
                    headers.bearerAuthorization = .init(token: method == .GET && path.hasSuffix("/code") ? tess.accessToken : bob.accessToken)
                    headers.contentType = .json
                    return try await sibling.testing().sendRequest(method, "/api/v1" + path, headers: headers,
                                                                   body: body.map { ByteBuffer(string: $0) })
                }
                let shown = try await onSibling("/innovation-engine/code", .GET, nil).content.decode(Components.Schemas.InnovationEngineCode.self)

                // act: replaced through the first instance
                let new = try await kindred.send(.POST, "/innovation-engine/code/rotate", token: tess.accessToken)
                    .decode(Components.Schemas.InnovationEngineCode.self)

                // validate: the old code connects nobody on either instance, at once
                #expect(try await onSibling("/innovation-engine/connections", .POST, #"{"code":"\#(shown.code)"}"#).status == .notFound)
                // The sibling may still show the old one within the cache's lifetime, never after.
                let meanwhile = try await onSibling("/innovation-engine/code", .GET, nil).content.decode(Components.Schemas.InnovationEngineCode.self)
                #expect([shown.code, new.code].contains(meanwhile.code))
                kindred.clock.advance(by: sibling.innovationEngineCodes.lifetime)
                let later = try await onSibling("/innovation-engine/code", .GET, nil).content.decode(Components.Schemas.InnovationEngineCode.self)
                #expect(later.code == new.code)
            }
        }
    }

    /// A read that began before a rotation on this instance, and finished after it, must not put the
    /// old code back.
    @Test func aReadRacingARotationKeepsTheNewCode() {
        let cache = ConnectCodeCache(lifetime: 5)
        let (user, start) = (UUID(), Date(timeIntervalSince1970: 1_800_000_000))
        cache.store(replaced: "new", of: user, at: start.addingTimeInterval(0.1))
        cache.store(read: "old", of: user, at: start)
        #expect(cache.code(of: user, now: start.addingTimeInterval(1)) == "new")
        #expect(cache.code(of: user, now: start.addingTimeInterval(5.1)) == nil)
        cache.store(read: "newer", of: user, at: start.addingTimeInterval(6))
        #expect(cache.code(of: user, now: start.addingTimeInterval(6)) == "newer")
    }

    @Test func guessingCodesIsRateLimited() async throws {
        try await withKindred(adjust: { $0.innovationEngine.connectAttemptsPerHour = 5 }) { kindred in
            // setup
            let prober = try await kindred.signUp("prober")
            let tess = try await kindred.signUp("tess")
            let real = try await code(kindred, tess)

            // act: five guesses, then the real code
            for index in 0..<5 {
                let guess = try await kindred.send(.GET, "/innovation-engine/codes/guess\(index)aaaaaaaaaaaaaaaaa", token: prober.accessToken)
                #expect(guess.status == .notFound)
            }
            let limited = try await kindred.send(.POST, "/innovation-engine/connections", token: prober.accessToken, json: ["code": real])

            // validate
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers.first(name: "Retry-After") != nil)
        }
    }

    @Test func notesArePrivateAndConnectionsCanBeRemoved() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let eve = try await kindred.signUp("eve")
            let connection = try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken, json: ["code": try await code(kindred, ada)])
                .decode(Components.Schemas.InnovationEngineConnection.self)

            let noted = try await kindred.send(.PATCH, "/innovation-engine/connections/\(connection.id)", token: ada.accessToken, json: ["note": "Climbing gym"])
            #expect(try noted.decode(Components.Schemas.InnovationEngineConnection.self).note == "Climbing gym")
            let bobView = try await kindred.send(.GET, "/innovation-engine/connections", token: bob.accessToken)
                .decode(Components.Schemas.InnovationEngineConnectionPage.self).items
            #expect(bobView.first?.note == nil)

            // Someone outside the connection can neither note nor remove it, nor learn it exists.
            #expect(try await kindred.send(.PATCH, "/innovation-engine/connections/\(connection.id)", token: eve.accessToken, json: ["note": "x"]).status == .notFound)
            #expect(try await kindred.send(.DELETE, "/innovation-engine/connections/\(connection.id)", token: eve.accessToken).status == .notFound)

            #expect(try await kindred.send(.DELETE, "/innovation-engine/connections/\(connection.id)", token: bob.accessToken).status == .noContent)
            let after = try await kindred.send(.GET, "/innovation-engine/connections", token: ada.accessToken)
                .decode(Components.Schemas.InnovationEngineConnectionPage.self).items
            #expect(after.isEmpty)
        }
    }

    @Test func theScannedPersonHearsOfItLive() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let socket = try await RealtimeClient.connect(kindred, baseURL: try #require(kindred.baseURL), token: ada.accessToken)

            _ = try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken, json: ["code": try await code(kindred, ada)])

            let event = try await socket.next()
            guard case .innovationEngine_connection_created(let created) = event else { Issue.record("expected connection.created, got \(event)"); return }
            #expect(created.connection.person.username == "bob")
            try await socket.close()
        }
    }

    @Test func theConnectLinkOpensTheWebClient() async throws {
        try await withKindred { kindred in
            let page = try await kindred.app.testing().sendRequest(.GET, "/c/\(Secrets.randomToken(bytes: 16))")
            #expect(page.status == .ok)
            #expect(page.body.string.contains("<script type=\"module\""))
        }
    }
}
