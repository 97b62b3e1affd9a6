import Fluent
import Foundation
import KindredAPI
import SQLKit
import Testing
import Vapor
import VaporTesting
@testable import KindredServer
import KindredTestSupport

/// What a hostile probe sent, each a regression test: bounds the contract states but nothing
/// enforced, NUL bytes, text that is one character and 16 kilobytes, parallel requests racing
/// a rule, and protocol answers that were off.
@Suite("Hostile input is refused cleanly and cannot hold the server")
struct HostileInputTests {
    @Test func everyBoundInTheContractIsEnforced() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("bounded")

            // act: the QR scale that once held the server for ten minutes, a page size past the
            // maximum, and a note past its length
            let scale = try await kindred.send(.GET, "/innovation-engine/code.png?scale=7716", token: user.accessToken)
            let limit = try await kindred.send(.GET, "/profiles?prefix=bo&limit=1000", token: user.accessToken)
            let note = try await kindred.send(.POST, "/innovation-engine/connections", token: user.accessToken,
                                              json: ["code": "abcdefghijklmnopqrstuv", "note": String(repeating: "n", count: 201)])

            // validate
            #expect(scale.status == .unprocessableEntity)
            #expect(scale.problem?.errors?.map(\.field) == ["scale"])
            #expect(limit.status == .unprocessableEntity)
            #expect(note.status == .unprocessableEntity)
            #expect(note.problem?.errors?.map(\.field) == ["note"])
            let largest = try await kindred.send(.GET, "/innovation-engine/code.png?scale=32", token: user.accessToken)
            #expect(largest.status == .ok)
        }
    }

    @Test func aNULInAnyTextIsA400OnEitherDatabase() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("nul")

            // act
            let signUp = try await kindred.send(.POST, "/auth/sign-up", json: ["email": "x@example.com\u{0}.evil", "password": "long enough", "username": "nulled"])
            let signIn = try await kindred.send(.POST, "/auth/sign-in", json: ["email": "\(user.email)\u{0}", "password": user.password])
            let profile = try await kindred.send(.PATCH, "/me", token: user.accessToken, json: ["bio": "before\u{0}after"])
            let query = try await kindred.send(.GET, "/profiles?prefix=nu%00", token: user.accessToken)

            // validate: refused, nothing stored cut short
            for response in [signUp, signIn, profile, query] {
                #expect(response.status == .badRequest, "\(response.body.string)")
                #expect(response.problem?.kind == "malformed-request")
            }
            #expect(try await User.query(on: kindred.app.db).filter(\.$email == "x@example.com").count() == 0)
        }
    }

    @Test func aNameIsBoundedInBytesAndFreeOfControlAndDirectionCharacters() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("zalgo")

            // act: one letter with 8,000 combining marks, an override that reverses how a name reads
            let marks = try await kindred.send(.PATCH, "/me", token: user.accessToken,
                                               json: ["displayName": "a" + String(repeating: "\u{0301}", count: 8000)])
            let fewerMarks = try await kindred.send(.PATCH, "/me", token: user.accessToken,
                                                    json: ["displayName": "a" + String(repeating: "\u{0301}", count: 58)])
            let bidi = try await kindred.send(.PATCH, "/me", token: user.accessToken, json: ["displayName": "Ada \u{202E}nimda"])
            let escape = try await kindred.send(.PATCH, "/me", token: user.accessToken, json: ["displayName": "Ada\u{1B}[31m"])
            let fine = try await kindred.send(.PATCH, "/me", token: user.accessToken, json: ["displayName": "Zoë 👩‍👩‍👧 Ng"])

            // validate
            #expect(marks.status == .unprocessableEntity)
            #expect(fewerMarks.status == .ok, "a long-ish accented name within the contract's 60 code points is fine")
            #expect(bidi.status == .unprocessableEntity)
            #expect(escape.status == .unprocessableEntity)
            #expect(fine.status == .ok)
        }
    }

    @Test func anUnsignedRequestIs401BeforeItsBodyIsRead() async throws {
        try await withKindred { kindred in
            // act: no token, and a body that is not even JSON
            let response = try await kindred.send(.POST, "/innovation-engine/connections", bytes: Array("{not json".utf8),
                                                  headers: ["Content-Type": "application/json"])

            // validate
            #expect(response.status == .unauthorized)
            #expect(response.headers.first(name: .wwwAuthenticate)?.hasPrefix("Bearer") == true)
        }
    }

    @Test func aMethodThePathDoesNotTakeIs405WithAllow() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("methodical")

            // act
            let put = try await kindred.send(.PUT, "/me", token: user.accessToken)
            let get = try await kindred.send(.GET, "/date-an-intervention/swipes", token: user.accessToken)

            // validate
            #expect(put.status == .methodNotAllowed)
            #expect(put.headers.first(name: .allow) == "GET, DELETE, PATCH")
            #expect(get.status == .methodNotAllowed)
            #expect(get.headers.first(name: .allow) == "POST")
        }
    }

    @Test func parallelUndosTakeBackOneSwipeEach() async throws {
        try await withKindred { kindred in
            // setup: six swipes
            let user = try await kindred.signUp("undoer")
            let deck = try await kindred.send(.GET, "/date-an-intervention/deck?limit=6", token: user.accessToken)
                .decode(Components.Schemas.InterventionDeck.self)
            for card in deck.cards {
                let swiped = try await kindred.send(.POST, "/date-an-intervention/swipes", token: user.accessToken,
                                                    json: ["interventionId": card.id, "direction": "pass"])
                #expect(swiped.status == .created)
            }

            // act: thirty undos at once
            let answers = try await withThrowingTaskGroup(of: TestingHTTPResponse.self) { group in
                for _ in 0..<30 {
                    group.addTask { try await kindred.send(.DELETE, "/date-an-intervention/swipes/last", token: user.accessToken) }
                }
                return try await group.reduce(into: [TestingHTTPResponse]()) { $0.append($1) }
            }

            // validate: six undos, six different cards, and the rest told there is nothing left
            let undone = try answers.filter { $0.status == .ok }.map { try $0.decode(Components.Schemas.InterventionUndoResult.self).intervention.id }
            #expect(undone.count == 6, "\(answers.map(\.status.code))")
            #expect(Set(undone) == Set(deck.cards.map(\.id)))
            #expect(answers.filter { $0.status == .notFound }.count == 24)
        }
    }

    @Test func deckResetsRacingOtherWritesOnAnSQLiteFileNeverFail() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kindred-race-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        try await withKindred(adjust: { $0.database = .sqlite(path: path) }) { kindred in
            // setup
            let user = try await kindred.signUp("racer")
            let deck = try await kindred.send(.GET, "/date-an-intervention/deck?limit=20", token: user.accessToken)
                .decode(Components.Schemas.InterventionDeck.self)

            // act: resets interleaved with swipes, all at once
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for (index, card) in deck.cards.enumerated() {
                    group.addTask {
                        try await kindred.send(.POST, "/date-an-intervention/swipes", token: user.accessToken,
                                               json: ["interventionId": card.id, "direction": "like"]).status
                    }
                    if index.isMultiple(of: 2) {
                        group.addTask {
                            try await kindred.send(.POST, "/date-an-intervention/deck/reset", token: user.accessToken, json: [String: String]()).status
                        }
                    }
                }
                return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
            }

            // validate: every write waited its turn; none was a 500
            #expect(statuses.allSatisfy { $0.code < 500 }, "\(statuses.map(\.code))")
        }
    }

    @Test func aPictureClaimingTooManyPixelsIsRefused() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("pixels")

            // act: a tiny file that claims 2^30 × 2^30 pixels, and a 50-megapixel PNG header
            let huge = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: MediaFixtures.png(width: 1 << 30, height: 1 << 30))
            let fifty = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: MediaFixtures.png(width: 8660, height: 5774))
            let phone = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: MediaFixtures.jpeg(width: 8064, height: 6048))

            // validate
            #expect(huge.status == .unsupportedMediaType)
            #expect(fifty.status == .unsupportedMediaType)
            #expect(phone.status == .created, "a 48-megapixel phone photo is fine")
            #expect(try await MediaItem.query(on: kindred.app.db).count() == 1)
        }
    }

    @Test func signingOutOtherDevicesKeepsThisOne() async throws {
        try await withKindred { kindred in
            // setup: three devices
            let user = try await kindred.signUp("devices")
            var others: [String] = []
            for device in ["Phone", "Tablet"] {
                let signedIn = try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": user.password, "device": device])
                others.append(try signedIn.decode(Components.Schemas.AuthSession.self).accessToken)
            }

            // act
            let response = try await kindred.send(.POST, "/me/sessions/revoke-others", token: user.accessToken)

            // validate
            #expect(response.status == .ok)
            #expect(try response.decode(Components.Schemas.RevokedSessions.self).revoked == 2)
            #expect(try await kindred.send(.GET, "/me", token: user.accessToken).status == .ok)
            for token in others {
                #expect(try await kindred.send(.GET, "/me", token: token).status == .unauthorized)
            }
        }
    }

    @Test func oneAccountCannotPileUpRealtimeSockets() async throws {
        try await withKindred(running: true, adjust: { $0.connectionLimits.socketsPerAccount = 3 }) { kindred in
            // setup
            let user = try await kindred.signUp("sockets")
            let baseURL = try #require(kindred.baseURL)

            // act: five sockets, one after another
            var sockets: [RealtimeClient] = []
            for _ in 0..<5 {
                sockets.append(try await RealtimeClient.connect(kindred, baseURL: baseURL, token: user.accessToken))
            }

            // validate: the account holds three, the oldest were closed
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: user.id) == 3 }
            try await sockets[0].waitUntilClosed()
            try await sockets[1].waitUntilClosed()
            for socket in sockets.suffix(3) { try await socket.close() }
        }
    }

    @Test func productionDefaultsToSecureCookiesAndDataOnlyTheServerCanRead() async throws {
        // validate: the configuration
        let production = try KindredConfiguration.fromEnvironment(["KINDRED_SECRET": String(repeating: "ab", count: 32)], isProduction: true)
        let development = try KindredConfiguration.fromEnvironment([:], isProduction: false)
        #expect(production.secureCookies)
        #expect(!development.secureCookies)
        #expect(throws: KindredConfiguration.Invalid.self) {
            try KindredConfiguration.fromEnvironment(["KINDRED_TRUST_FORWARDED_FOR": "true"], isProduction: false)
        }

        // validate: the files, as `kindred` makes them
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kindred-perms-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await withKindred(adjust: {
            $0.database = .sqlite(path: directory + "/db/kindred.sqlite")
            $0.mediaDirectory = directory + "/media"
        }) { _ in
            let database = try FileManager.default.attributesOfItem(atPath: directory + "/db")[.posixPermissions] as? Int
            let media = try FileManager.default.attributesOfItem(atPath: directory + "/media")[.posixPermissions] as? Int
            #expect(database == 0o700)
            #expect(media == 0o700)
        }
    }
}

@Suite("New rows get ids from the kernel's generator")
struct RandomIDTests {
    @Test func everyNewRowGetsARandomVersion4ID() async throws {
        try await withKindred { kindred in
            // act
            let users = try await (0..<20).asyncMap { index in try await kindred.signUp("random\(index)") }

            // validate: version 4, RFC 4122 variant, never the nil UUID, all different
            let ids = users.map(\.id)
            #expect(Set(ids).count == 20)
            for id in ids {
                let bytes = withUnsafeBytes(of: id.uuid) { Array($0) }
                #expect(bytes[6] >> 4 == 4 && bytes[8] >> 6 == 0b10, "\(id)")
                #expect(bytes != [UInt8](repeating: 0, count: 16))
            }
        }
    }
}

extension Range where Bound == Int {
    func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for index in self { results.append(try await transform(index)) }
        return results
    }
}
