import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

@Suite("Memories friends: requests, and a book made with every friendship")
struct MemoriesFriendTests {
    typealias Schemas = Components.Schemas

    private func ask(_ kindred: TestKindred, _ user: TestUser, _ username: String) async throws -> TestingHTTPResponse {
        try await kindred.send(.POST, "/memories/friend-requests", token: user.accessToken, json: ["username": username])
    }

    private func requests(_ kindred: TestKindred, _ user: TestUser, _ direction: String) async throws -> [String] {
        try await kindred.send(.GET, "/memories/friend-requests?direction=\(direction)", token: user.accessToken)
            .decode(Schemas.MemoriesFriendRequestPage.self).items.map(\.profile.username)
    }

    @Test func acceptingMakesTheFriendshipAndItsBookForBothAtOnce() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await kindred.signUp("ada")
            let grace = try await kindred.signUp("grace")
            let adaSocket = try await RealtimeClient.connect(kindred, baseURL: try #require(kindred.baseURL), token: ada.accessToken)
            let graceSocket = try await RealtimeClient.connect(kindred, baseURL: try #require(kindred.baseURL), token: grace.accessToken)

            // act: Ada asks by username (any case); Grace hears of it, sees it, accepts.
            let asked = try await ask(kindred, ada, "GRACE")
            #expect(asked.status == .created, "\(asked.body.string)")
            #expect(try asked.decode(Schemas.MemoriesFriendRequestResult.self).state == .requested)
            let requested = try await graceSocket.next { event -> Schemas.MemoriesFriendRequest? in
                if case .memories_friend_requested(let event) = event { return event.request }
                return nil
            }
            #expect(requested.profile.username == "ada" && requested.direction == .incoming)
            #expect(try await ask(kindred, ada, "grace").status == .ok, "asking again changes nothing")
            #expect(try await requests(kindred, grace, "incoming") == ["ada"])
            #expect(try await requests(kindred, ada, "outgoing") == ["grace"])
            #expect(try await requests(kindred, ada, "incoming").isEmpty)
            let activity = try await kindred.send(.GET, "/memories/activity", token: grace.accessToken).decode(Schemas.MemoriesActivityPage.self)
            #expect(activity.items.map(\.kind) == [.friendRequested])
            let accepted = try await kindred.send(.POST, "/memories/friend-requests/ada/accept", token: grace.accessToken)
            #expect(accepted.status == .ok, "\(accepted.body.string)")
            let friend = try accepted.decode(Schemas.MemoriesFriend.self)

            // validate: one book, titled from both names, on both shelves, announced to both.
            #expect(friend.profile.username == "ada")
            #expect(friend.book.title == "ada & grace")
            #expect(Set(friend.book.members.map(\.username)) == ["ada", "grace"])
            #expect(!friend.book.archived && friend.book.pageCount == 0)
            for (socket, other) in [(adaSocket, "grace"), (graceSocket, "ada")] {
                let created = try await socket.next { event -> Schemas.MemoriesFriend? in
                    if case .memories_book_created(let event) = event { return event.friend }
                    return nil
                }
                #expect(created.book.id == friend.book.id && created.profile.username == other)
            }
            for user in [ada, grace] {
                let shelf = try await kindred.send(.GET, "/memories/books", token: user.accessToken).decode(Schemas.MemoriesBookPage.self)
                #expect(shelf.items.map(\.id) == [friend.book.id])
                let friends = try await kindred.send(.GET, "/memories/friends", token: user.accessToken).decode(Schemas.MemoriesFriendPage.self)
                #expect(friends.items.map(\.book.id) == [friend.book.id])
            }
            #expect(try await requests(kindred, grace, "incoming").isEmpty)
            let again = try await ask(kindred, grace, "ada")
            #expect(again.status == .ok)
            #expect(try again.decode(Schemas.MemoriesFriendRequestResult.self).friend?.book.id == friend.book.id, "asking a friend answers the friendship")
            let adasActivity = try await kindred.send(.GET, "/memories/activity", token: ada.accessToken).decode(Schemas.MemoriesActivityPage.self)
            #expect(adasActivity.items.map(\.kind) == [.friendAccepted])
            try await adaSocket.close()
            try await graceSocket.close()
        }
    }

    @Test func requestsAreCancelledDeclinedAndRefusedWhereTheyMakeNoSense() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let grace = try await kindred.signUp("grace")
            let cyd = try await kindred.signUp("cyd")
            // Cancel: Ada takes hers back; Grace has nothing to accept.
            #expect(try await ask(kindred, ada, "grace").status == .created)
            #expect(try await kindred.send(.DELETE, "/memories/friend-requests/grace", token: ada.accessToken).status == .noContent)
            #expect(try await kindred.send(.POST, "/memories/friend-requests/ada/accept", token: grace.accessToken).status == .notFound)
            #expect(try await requests(kindred, grace, "incoming").isEmpty)
            // Decline: Grace turns Cyd down; nobody is friends, and Cyd may ask again.
            #expect(try await ask(kindred, cyd, "grace").status == .created)
            #expect(try await kindred.send(.DELETE, "/memories/friend-requests/cyd", token: grace.accessToken).status == .noContent)
            #expect(try await requests(kindred, cyd, "outgoing").isEmpty)
            #expect(try await ask(kindred, cyd, "grace").status == .created)
            // A requester cannot accept their own request.
            #expect(try await kindred.send(.POST, "/memories/friend-requests/grace/accept", token: cyd.accessToken).status == .notFound)
            // Myself, nobody, someone blocked either way.
            let myself = try await ask(kindred, ada, "ada")
            #expect(myself.status == .unprocessableEntity)
            #expect(myself.problem?.errors?.first?.field == "username")
            #expect(try await ask(kindred, ada, "nobody_here").status == .notFound)
            #expect(try await kindred.send(.POST, "/blocks", token: cyd.accessToken, json: ["username": "ada"]).status == .created)
            #expect(try await ask(kindred, ada, "cyd").status == .notFound)
            #expect(try await ask(kindred, cyd, "ada").status == .notFound)
            #expect(try await kindred.send(.GET, "/memories/books", token: ada.accessToken).decode(Schemas.MemoriesBookPage.self).items.isEmpty)
        }
    }

    @Test func crossingRequestsBecomeOneFriendship() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let grace = try await kindred.signUp("grace")
            #expect(try await ask(kindred, ada, "grace").status == .created)
            // Grace asks Ada without having seen Ada's request: that is an acceptance.
            let crossed = try await ask(kindred, grace, "ada")
            #expect(crossed.status == .ok, "\(crossed.body.string)")
            let result = try crossed.decode(Schemas.MemoriesFriendRequestResult.self)
            #expect(result.state == .friends)
            #expect(result.friend?.book.members.count == 2)
            #expect(try await MemoriesFriendship.query(on: kindred.app.db).count() == 1)
            #expect(try await MemoriesBook.query(on: kindred.app.db).count() == 1)
            #expect(try await MemoriesFriendRequest.query(on: kindred.app.db).count() == 0)
        }
    }

    @Test func concurrentAsksAndAcceptsStillMakeOneFriendshipWithItsBook() async throws {
        try await withKindred { kindred in
            var people: [TestUser] = []
            for index in 0..<6 { people.append(try await kindred.signUp("pal\(index)")) }
            let everyone = people
            // Pairs 0–1 and 2–3 ask each other at the same moment; pair 4–5's request is accepted
            // from two devices at once.
            #expect(try await ask(kindred, people[4], people[5].username).status == .created)
            try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for (one, other) in [(0, 1), (1, 0), (2, 3), (3, 2)] {
                    group.addTask {
                        try await kindred.send(.POST, "/memories/friend-requests", token: everyone[one].accessToken,
                                               json: ["username": everyone[other].username]).status
                    }
                }
                for _ in 0..<3 {
                    group.addTask {
                        try await kindred.send(.POST, "/memories/friend-requests/\(everyone[4].username)/accept", token: everyone[5].accessToken).status
                    }
                }
                for try await status in group { #expect([.ok, .created].contains(status)) }
            }
            let friendships = try await MemoriesFriendship.query(on: kindred.app.db).all()
            #expect(friendships.count == 3)
            #expect(try await MemoriesBook.query(on: kindred.app.db).count() == 3)
            #expect(try await MemoriesFriendRequest.query(on: kindred.app.db).count() == 0)
            for friendship in friendships {
                // Never a friendship without its book and both members.
                let book = try await MemoriesBook.find(friendship.$book.id, on: kindred.app.db)
                #expect(book?.pairKey == friendship.pairKey)
                #expect(try await MemoriesBookMember.query(on: kindred.app.db).filter(\.$book.$id == friendship.$book.id).count() == 2)
            }
        }
    }

    @Test func unfriendingOrBlockingArchivesTheBookAndFriendingAgainReopensIt() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let grace = try await kindred.signUp("grace")
            let friend = try await kindred.befriend(ada, grace)
            let bookID = friend.book.id
            let letter = try await kindred.memoriesLetter(in: bookID, by: ada)
            let page = try await kindred.memoryPage(in: bookID, by: grace)

            #expect(try await kindred.send(.DELETE, "/memories/friends/ada", token: grace.accessToken).status == .noContent)
            #expect(try await kindred.send(.DELETE, "/memories/friends/ada", token: grace.accessToken).status == .notFound)
            try await expectArchived(kindred, bookID: bookID, letterID: letter.id, pageID: page.id, users: [ada, grace])

            // Friends again: the same book, open again, with its pages.
            let again = try await kindred.befriend(grace, ada)
            #expect(again.book.id == bookID && !again.book.archived && again.book.pageCount == 2)
            #expect(try await kindred.send(.POST, "/memories/books/\(bookID)/pages", token: ada.accessToken,
                                           json: PageDraftBody(canvas: nil)).status == .created)

            // A block ends it the same way, and neither can ask again.
            #expect(try await kindred.send(.POST, "/blocks", token: ada.accessToken, json: ["username": "grace"]).status == .created)
            try await expectArchived(kindred, bookID: bookID, letterID: letter.id, pageID: page.id, users: [ada, grace])
            #expect(try await ask(kindred, grace, "ada").status == .notFound)
        }
    }

    /// Both keep reading; nobody adds to it or changes it.
    private func expectArchived(_ kindred: TestKindred, bookID: UUID, letterID: UUID, pageID: UUID, users: [TestUser]) async throws {
        for user in users {
            let book = try await kindred.send(.GET, "/memories/books/\(bookID)", token: user.accessToken)
            #expect(book.status == .ok)
            #expect(try book.decode(Schemas.MemoriesBook.self).archived)
            #expect(try await kindred.send(.GET, "/memories/pages/\(letterID)", token: user.accessToken).status == .ok)
            let contents = try await kindred.send(.GET, "/memories/books/\(bookID)/pages", token: user.accessToken)
            #expect(try contents.decode(Schemas.MemoriesPageSummaryPage.self).items.count >= 2)
            let writes: [(HTTPMethod, String, (any Encodable)?)] = [
                (.POST, "/memories/books/\(bookID)/pages", PageDraftBody(canvas: nil)),
                (.POST, "/memories/books/\(bookID)/drafts", PageDraftBody(canvas: nil)),
                (.PATCH, "/memories/books/\(bookID)", ["title": "Still us"]),
                (.POST, "/memories/pages/\(pageID)/operations", ["operations": [CanvasOperationSample.add]]),
            ]
            for (method, path, body) in writes {
                let response = try await kindred.send(method, path, token: user.accessToken, json: body)
                #expect(response.status == .conflict, "\(method) \(path): \(response.status) \(response.body.string)")
            }
        }
    }
}

import MemoriesCanvas

enum CanvasOperationSample {
    static var add: CanvasOperation { CanvasOperation(.add(MemoriesSamples.stroke("s\(Int.random(in: 0...1_000_000))"))) }
}
