import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

@Suite("Kinnect follows: private accounts and follow requests")
struct FollowTests {
    typealias Schemas = Components.Schemas

    private func follow(_ kindred: TestKindred, _ user: TestUser, _ username: String) async throws -> TestingHTTPResponse {
        try await kindred.send(.POST, "/kinnect/follows", token: user.accessToken, json: ["username": username])
    }

    private func profile(_ kindred: TestKindred, _ user: TestUser, _ username: String) async throws -> Schemas.KinnectProfile {
        let response = try await kindred.send(.GET, "/kinnect/profiles/\(username)", token: user.accessToken)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(Schemas.KinnectProfile.self)
    }

    @Test func aRequestIsConfirmedAndTheFollowerSeesTheRest() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let adaSocket = try await RealtimeClient.connect(kindred, baseURL: try #require(kindred.baseURL), token: ada.accessToken)
            let bobSocket = try await RealtimeClient.connect(kindred, baseURL: try #require(kindred.baseURL), token: bob.accessToken)

            // act: Bob asks; Ada hears of it, sees the request, confirms it.
            let asked = try await follow(kindred, bob, "ADA")
            #expect(asked.status == .created, "\(asked.body.string)")
            #expect(try asked.decode(Schemas.KinnectFollow.self).state == .requested)
            guard case .kinnect_follow_requested(let requested) = try await adaSocket.next() else { Issue.record("no request event"); return }
            #expect(requested.person.profile.username == "bob")
            #expect(try await follow(kindred, bob, "ada").status == .ok, "asking again changes nothing")
            let before = try await profile(kindred, bob, "ada")
            #expect(before.following == .requested && !before.canSeePosts && before.followerCount == 0)
            #expect(try await kindred.send(.GET, "/kinnect/profiles/ada/followers", token: bob.accessToken).status == .notFound,
                    "a pending requester sees no followers")
            let requests = try await kindred.send(.GET, "/kinnect/follow-requests", token: ada.accessToken).decode(Schemas.KinnectPersonPage.self)
            #expect(requests.items.map(\.profile.username) == ["bob"])
            let confirmed = try await kindred.send(.POST, "/kinnect/follow-requests/bob/confirm", token: ada.accessToken)
            #expect(confirmed.status == .ok, "\(confirmed.body.string)")

            // validate
            guard case .kinnect_follow_accepted(let accepted) = try await bobSocket.next() else { Issue.record("no accepted event"); return }
            #expect(accepted.person.profile.username == "ada")
            let after = try await profile(kindred, bob, "ada")
            #expect(after.following == .following && after.canSeePosts && after.followerCount == 1 && !after.followsMe)
            let adasView = try await profile(kindred, ada, "bob")
            #expect(adasView.followsMe && adasView.following == .none && !adasView.canSeePosts && adasView.followingCount == 1)
            let followers = try await kindred.send(.GET, "/kinnect/profiles/ada/followers", token: bob.accessToken)
                .decode(Schemas.KinnectPersonPage.self)
            #expect(followers.items.map(\.profile.username) == ["bob"])
            let following = try await kindred.send(.GET, "/kinnect/profiles/bob/following", token: bob.accessToken)
                .decode(Schemas.KinnectPersonPage.self)
            #expect(following.items.map(\.profile.username) == ["ada"])
            #expect(try await kindred.send(.GET, "/kinnect/follow-requests", token: ada.accessToken)
                .decode(Schemas.KinnectPersonPage.self).items.isEmpty)
            try await adaSocket.close()
            try await bobSocket.close()
        }
    }

    @Test func requestsCanBeCancelledOrDeletedAndFollowersRemoved() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let cyd = try await kindred.signUp("cyd")
            // Cancel: Bob takes his request back.
            #expect(try await follow(kindred, bob, "ada").status == .created)
            #expect(try await kindred.send(.DELETE, "/kinnect/follows/ada", token: bob.accessToken).status == .noContent)
            #expect(try await profile(kindred, bob, "ada").following == .none)
            // Delete: Ada turns Cyd down; confirming it afterwards finds nothing.
            #expect(try await follow(kindred, cyd, "ada").status == .created)
            #expect(try await kindred.send(.DELETE, "/kinnect/follow-requests/cyd", token: ada.accessToken).status == .noContent)
            #expect(try await kindred.send(.POST, "/kinnect/follow-requests/cyd/confirm", token: ada.accessToken).status == .notFound)
            #expect(try await profile(kindred, cyd, "ada").following == .none)
            // Remove a follower: Bob follows, then Ada removes him; he can ask again.
            #expect(try await follow(kindred, bob, "ada").status == .created)
            #expect(try await kindred.send(.DELETE, "/kinnect/followers/bob", token: ada.accessToken).status == .notFound,
                    "a request is not a follower")
            #expect(try await kindred.send(.POST, "/kinnect/follow-requests/bob/confirm", token: ada.accessToken).status == .ok)
            #expect(try await kindred.send(.DELETE, "/kinnect/followers/bob", token: ada.accessToken).status == .noContent)
            #expect(try await profile(kindred, bob, "ada").following == .none)
            #expect(try await follow(kindred, bob, "ada").status == .created)
            // Unfollow: confirmed, then Bob leaves.
            #expect(try await kindred.send(.POST, "/kinnect/follow-requests/bob/confirm", token: ada.accessToken).status == .ok)
            #expect(try await kindred.send(.DELETE, "/kinnect/follows/ada", token: bob.accessToken).status == .noContent)
            #expect(try await kindred.send(.DELETE, "/kinnect/follows/ada", token: bob.accessToken).status == .notFound)
            #expect(try await follow(kindred, ada, "ada").status == .unprocessableEntity, "nobody follows themselves")
            #expect(try await follow(kindred, ada, "nobody").status == .notFound)
        }
    }

    @Test func parallelRequestsMakeOneFollow() async throws {
        try await withKindred { kindred in
            _ = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for _ in 0..<6 { group.addTask { try await follow(kindred, bob, "ada").status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 1 && statuses.filter { $0 == .ok }.count == 5, "\(statuses)")
            #expect(try await KinnectFollow.query(on: kindred.app.db).count() == 1)
        }
    }

    @Test func aBlockEndsFollowsBothWaysAndHidesEachFromTheOther() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            #expect(try await follow(kindred, bob, "ada").status == .created)
            #expect(try await kindred.send(.POST, "/kinnect/follow-requests/bob/confirm", token: ada.accessToken).status == .ok)
            #expect(try await follow(kindred, ada, "bob").status == .created)
            // act
            #expect(try await kindred.send(.POST, "/blocks", token: ada.accessToken, json: ["username": "bob"]).status == .created)
            // validate
            #expect(try await KinnectFollow.query(on: kindred.app.db).count() == 0)
            for (user, other) in [(ada, "bob"), (bob, "ada")] {
                #expect(try await kindred.send(.GET, "/kinnect/profiles/\(other)", token: user.accessToken).status == .notFound)
                #expect(try await follow(kindred, user, other).status == .notFound, "\(user.username) can't ask \(other)")
            }
        }
    }

    /// Every Kinnect operation, by each kind of caller: the owner, an approved follower, a pending
    /// requester, a stranger, someone blocked, and nobody signed in.
    @Test func whoSeesWhat() async throws {
        try await withKindred { kindred in
            let owner = try await kindred.signUp("owner")
            let follower = try await kindred.signUp("follower")
            let requester = try await kindred.signUp("requester")
            let stranger = try await kindred.signUp("stranger")
            let blocked = try await kindred.signUp("blocked")
            #expect(try await follow(kindred, follower, "owner").status == .created)
            #expect(try await kindred.send(.POST, "/kinnect/follow-requests/follower/confirm", token: owner.accessToken).status == .ok)
            #expect(try await follow(kindred, requester, "owner").status == .created)
            #expect(try await kindred.send(.POST, "/blocks", token: owner.accessToken, json: ["username": "blocked"]).status == .created)

            let reads: [(path: String, expected: [String: HTTPStatus])] = [
                ("/kinnect/profiles/owner", ["owner": .ok, "follower": .ok, "requester": .ok, "stranger": .ok, "blocked": .notFound]),
                ("/kinnect/profiles/owner/followers", ["owner": .ok, "follower": .ok, "requester": .notFound, "stranger": .notFound, "blocked": .notFound]),
                ("/kinnect/profiles/owner/following", ["owner": .ok, "follower": .ok, "requester": .notFound, "stranger": .notFound, "blocked": .notFound]),
            ]
            let everyone = [owner, follower, requester, stranger, blocked]
            for read in reads {
                for user in everyone {
                    let status = try await kindred.send(.GET, read.path, token: user.accessToken).status
                    #expect(status == read.expected[user.username], "\(user.username) GET \(read.path): \(status)")
                }
                #expect(try await kindred.send(.GET, read.path).status == .unauthorized, "nobody signed in: \(read.path)")
            }
            // Acting on someone else's requests or followers is only ever about one's own.
            for user in [follower, stranger, blocked] {
                #expect(try await kindred.send(.POST, "/kinnect/follow-requests/requester/confirm", token: user.accessToken).status == .notFound)
                #expect(try await kindred.send(.DELETE, "/kinnect/followers/follower", token: user.accessToken).status == .notFound)
            }
            let requests = try await kindred.send(.GET, "/kinnect/follow-requests", token: stranger.accessToken).decode(Schemas.KinnectPersonPage.self)
            #expect(requests.items.isEmpty, "only my own requests")
            for (method, path) in [(HTTPMethod.POST, "/kinnect/follows"), (.DELETE, "/kinnect/follows/owner"), (.GET, "/kinnect/follow-requests"),
                                   (.POST, "/kinnect/follow-requests/requester/confirm"), (.DELETE, "/kinnect/follow-requests/requester"),
                                   (.DELETE, "/kinnect/followers/follower")] {
                #expect(try await kindred.send(method, path, json: method == .POST ? ["username": "owner"] : nil).status == .unauthorized)
            }
        }
    }
}
