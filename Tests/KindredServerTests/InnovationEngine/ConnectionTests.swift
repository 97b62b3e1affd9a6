import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import Vapor
@testable import KindredServer

@Suite("Innovation Engine connections over HTTP")
struct ConnectionTests {
    private func link(_ kindred: TestKindred, _ user: TestUser) -> String {
        ConnectCode.link(for: user.id, publicBaseURL: kindred.configuration.publicBaseURL)
    }

    @Test func scanningConnectsBothPeopleAtOnce() async throws {
        try await withKindred { kindred in
            // setup
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            // act
            let scanned = try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken,
                                                 json: ["code": link(kindred, ada), "note": "Met at the hackathon"])
            // validate
            #expect(scanned.status == .created)
            let connection = try scanned.decode(Components.Schemas.Connection.self)
            #expect(connection.person.username == "ada")
            #expect(connection.note == "Met at the hackathon")
            let adaSide = try await kindred.send(.GET, "/innovation-engine/connections", token: ada.accessToken)
                .decode(Components.Schemas.ConnectionList.self).connections
            #expect(adaSide.map(\.person.username) == ["bob"])
            #expect(adaSide.first?.id == connection.id)
            #expect(adaSide.first?.note == nil, "a note is private to its owner")
        }
    }

    @Test func scanningAgainReturnsTheSameConnection() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let first = try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken, json: ["code": link(kindred, ada)])
            let again = try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken, json: ["code": ada.id.uuidString])
            let reverse = try await kindred.send(.POST, "/innovation-engine/connections", token: ada.accessToken, json: ["code": link(kindred, bob)])
            #expect(first.status == .created)
            #expect(again.status == .ok)
            #expect(reverse.status == .ok)
            let ids = try [first, again, reverse].map { try $0.decode(Components.Schemas.Connection.self).id }
            #expect(Set(ids).count == 1)
            #expect(try await Connection.query(on: kindred.app.db).count() == 1)
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
                                               json: ["code": scanned.id.uuidString]).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .created || $0 == .ok })
            #expect(statuses.filter { $0 == .created }.count == 1)
            #expect(try await Connection.query(on: kindred.app.db).count() == 1)
        }
    }

    @Test func selfUnknownGarbageAndDeletedAreRefused() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let gone = try await kindred.signUp("gone")
            #expect(try await kindred.send(.DELETE, "/me", token: gone.accessToken).status == .noContent)

            let own = try await kindred.send(.POST, "/innovation-engine/connections", token: ada.accessToken, json: ["code": link(kindred, ada)])
            #expect(own.status == .unprocessableEntity)
            #expect(own.problem?.detail.contains("your own code") == true)

            let unknown = try await kindred.send(.POST, "/innovation-engine/connections", token: ada.accessToken, json: ["code": UUID().uuidString])
            #expect(unknown.status == .notFound)
            let deleted = try await kindred.send(.POST, "/innovation-engine/connections", token: ada.accessToken, json: ["code": link(kindred, gone)])
            #expect(deleted.status == .notFound)

            for garbage in ["hello", "https://evil.example.com/c/\(ada.id)", "\(kindred.configuration.publicBaseURL)/c/not-an-id", ""] {
                let response = try await kindred.send(.POST, "/innovation-engine/connections", token: ada.accessToken, json: ["code": garbage])
                #expect(response.status == .unprocessableEntity, "\(garbage)")
                #expect(response.problem?.detail == "That is not an Innovation Engine code.", "\(garbage)")
            }
            #expect(try await Connection.query(on: kindred.app.db).count() == 0)
        }
    }

    @Test func notesArePrivateAndConnectionsCanBeRemoved() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let eve = try await kindred.signUp("eve")
            let connection = try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken, json: ["code": ada.id.uuidString])
                .decode(Components.Schemas.Connection.self)

            let noted = try await kindred.send(.PATCH, "/innovation-engine/connections/\(connection.id)", token: ada.accessToken, json: ["note": "Climbing gym"])
            #expect(try noted.decode(Components.Schemas.Connection.self).note == "Climbing gym")
            let bobView = try await kindred.send(.GET, "/innovation-engine/connections", token: bob.accessToken)
                .decode(Components.Schemas.ConnectionList.self).connections
            #expect(bobView.first?.note == nil)

            // Someone outside the connection can neither note nor remove it, nor learn it exists.
            #expect(try await kindred.send(.PATCH, "/innovation-engine/connections/\(connection.id)", token: eve.accessToken, json: ["note": "x"]).status == .notFound)
            #expect(try await kindred.send(.DELETE, "/innovation-engine/connections/\(connection.id)", token: eve.accessToken).status == .notFound)

            #expect(try await kindred.send(.DELETE, "/innovation-engine/connections/\(connection.id)", token: bob.accessToken).status == .noContent)
            let after = try await kindred.send(.GET, "/innovation-engine/connections", token: ada.accessToken)
                .decode(Components.Schemas.ConnectionList.self).connections
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
                _ = try await kindred.send(.POST, "/innovation-engine/connections", token: friend.accessToken, json: ["code": me.id.uuidString])
            }
            // ann and ben know each other; cat knows a stranger, who is not in my network.
            _ = try await kindred.send(.POST, "/innovation-engine/connections", token: friends[0].accessToken, json: ["code": friends[1].id.uuidString])
            let stranger = try await kindred.signUp("stranger")
            _ = try await kindred.send(.POST, "/innovation-engine/connections", token: friends[2].accessToken, json: ["code": stranger.id.uuidString])

            let first = try await kindred.send(.GET, "/innovation-engine/network", token: me.accessToken).decode(Components.Schemas.Network.self)
            let second = try await kindred.send(.GET, "/innovation-engine/network", token: me.accessToken).decode(Components.Schemas.Network.self)

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

    @Test func theScannedPersonHearsOfItLive() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let socket = try await RealtimeClient.connect(kindred, baseURL: try #require(kindred.baseURL), token: ada.accessToken)

            _ = try await kindred.send(.POST, "/innovation-engine/connections", token: bob.accessToken, json: ["code": ada.id.uuidString])

            let event = try await socket.next()
            guard case .connection_created(let created) = event else { Issue.record("expected connection.created, got \(event)"); return }
            #expect(created.connection.person.username == "bob")
            try await socket.close()
        }
    }

    @Test func theConnectLinkOpensTheWebClient() async throws {
        try await withKindred { kindred in
            let page = try await kindred.app.testing().sendRequest(.GET, "/c/\(UUID().uuidString.lowercased())")
            #expect(page.status == .ok)
            #expect(page.body.string.contains("<script type=\"module\""))
        }
    }
}
