import Fluent
import Foundation
import InnovationEngineLayout
import KindredAPI
import KindredTestSupport
import Testing
import Vapor
@testable import KindredServer

@Suite("Innovation Engine connections over HTTP")
struct ConnectionTests {
    /// The person's connect code as their QR shows it: the link, or the bare code.
    private func myCode(_ kindred: TestKindred, _ user: TestUser) async throws -> Components.Schemas.InnovationEngineCode {
        let response = try await kindred.send(.GET, "/innovation-engine/code", token: user.accessToken)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(Components.Schemas.InnovationEngineCode.self)
    }

    private func link(_ kindred: TestKindred, _ user: TestUser) async throws -> String {
        try await myCode(kindred, user).link
    }

    private func code(_ kindred: TestKindred, _ user: TestUser) async throws -> String {
        try await myCode(kindred, user).code
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
            let tessCode = try await myCode(kindred, tess)
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
            let old = try await myCode(kindred, tess)
            #expect(try await myCode(kindred, tess).code == old.code, "the code is stable until rotated")

            // act
            let rotated = try await kindred.send(.POST, "/innovation-engine/code/rotate", token: tess.accessToken)

            // validate
            #expect(rotated.status == .ok)
            let new = try rotated.decode(Components.Schemas.InnovationEngineCode.self)
            #expect(new.code != old.code)
            #expect(try await myCode(kindred, tess).code == new.code)
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

    @Test func theNetworkHoldsMyPeopleTheirLinksAndAStableLayout() async throws {
        try await withKindred { kindred in
            let me = try await kindred.signUp("me_myself")
            var friends: [TestUser] = []
            for name in ["ann", "ben", "cat"] {
                let friend = try await kindred.signUp(name)
                friends.append(friend)
                _ = try await kindred.send(.POST, "/innovation-engine/connections", token: friend.accessToken, json: ["code": try await code(kindred, me)])
            }
            // ann and ben know each other; cat knows a stranger, who is not in my network.
            _ = try await kindred.send(.POST, "/innovation-engine/connections", token: friends[0].accessToken, json: ["code": try await code(kindred, friends[1])])
            let stranger = try await kindred.signUp("stranger")
            _ = try await kindred.send(.POST, "/innovation-engine/connections", token: friends[2].accessToken, json: ["code": try await code(kindred, stranger)])

            let first = try await kindred.send(.GET, "/innovation-engine/network", token: me.accessToken).decode(Components.Schemas.InnovationEngineNetwork.self)
            let second = try await kindred.send(.GET, "/innovation-engine/network", token: me.accessToken).decode(Components.Schemas.InnovationEngineNetwork.self)

            #expect(Set(first.people.map(\.username)) == ["ann", "ben", "cat"])
            #expect(first.links.count == 1)
            #expect(Set([first.links[0].a, first.links[0].b]) == Set([friends[0].id, friends[1].id]))
            #expect(first.positions.count == 4)
            let mine = try #require(first.positions.first { $0.id == me.id })
            #expect(mine.x == 0.5 && mine.y == 0.5)
            #expect(first.positions.allSatisfy { (0...1).contains($0.x) && (0...1).contains($0.y) })
            #expect(first.positions == second.positions)
        }
    }

    @Test func aNetworkDrawnBeforeIsAnsweredFromMemoryAndAChangedOneIsDrawnAgain() async throws {
        try await withKindred { kindred in
            let me = try await kindred.signUp("me_myself")
            let ann = try await kindred.signUp("ann")
            _ = try await kindred.send(.POST, "/innovation-engine/connections", token: ann.accessToken, json: ["code": try await code(kindred, me)])
            let layouts = kindred.app.innovationEngineLayouts
            let first = try await kindred.send(.GET, "/innovation-engine/network", token: me.accessToken).decode(Components.Schemas.InnovationEngineNetwork.self)
            let again = try await kindred.send(.GET, "/innovation-engine/network", token: me.accessToken).decode(Components.Schemas.InnovationEngineNetwork.self)
            #expect(layouts.count == 1 && again.positions == first.positions)
            // Drawn from memory or afresh, the same graph has the same picture.
            let graph = NetworkGraph(me: me.id, connections: [ann.id], links: [])
            let fresh = NetworkLayout.layout(graph).values.sorted { $0.id.uuidString < $1.id.uuidString }
            #expect(first.positions.map { LayoutPoint(id: $0.id, x: $0.x, y: $0.y) } == fresh)

            let ben = try await kindred.signUp("ben")
            _ = try await kindred.send(.POST, "/innovation-engine/connections", token: ben.accessToken, json: ["code": try await code(kindred, me)])
            let changed = try await kindred.send(.GET, "/innovation-engine/network", token: me.accessToken).decode(Components.Schemas.InnovationEngineNetwork.self)
            #expect(layouts.count == 2)
            #expect(Set(changed.positions.map(\.id)) == [me.id, ann.id, ben.id])
            // Another person's network is theirs: ann's holds only me.
            let annView = try await kindred.send(.GET, "/innovation-engine/network", token: ann.accessToken).decode(Components.Schemas.InnovationEngineNetwork.self)
            #expect(Set(annView.positions.map(\.id)) == [ann.id, me.id])
        }
    }

    @Test func theLayoutCacheStaysWithinItsCapacity() {
        let cache = NetworkLayoutCache(capacity: 10)
        let me = UUID()
        let small = NetworkGraph(me: me, connections: [UUID(), UUID()], links: [])
        _ = cache.layout(small)
        #expect(cache.count == 1)
        // A network heavier than the whole capacity is drawn and not kept.
        let big = NetworkGraph(me: me, connections: (0..<20).map { _ in UUID() }, links: [])
        #expect(cache.layout(big).count == 21)
        #expect(cache.count == 1)
        // Past the capacity the cache starts again: 3 + 4 + 5 people.
        _ = cache.layout(NetworkGraph(me: me, connections: [UUID(), UUID(), UUID()], links: []))
        #expect(cache.count == 2)
        _ = cache.layout(NetworkGraph(me: me, connections: [UUID(), UUID(), UUID(), UUID()], links: []))
        #expect(cache.count == 1)
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
