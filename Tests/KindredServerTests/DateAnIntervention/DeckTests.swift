import KindredAPI
import Foundation
import KindredTestSupport
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

/// The deck's rules over HTTP, on SQLite and (in the PostgreSQL pass) on PostgreSQL.
@Suite("Date An Intervention deck")
struct DeckTests {
    static func deck(_ kindred: TestKindred, _ user: TestUser, _ query: String = "limit=100") async throws -> Components.Schemas.InterventionDeck {
        let response = try await kindred.send(.GET, "/date-an-intervention/deck?\(query)", token: user.accessToken)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(Components.Schemas.InterventionDeck.self)
    }

    @discardableResult
    static func swipe(_ kindred: TestKindred, _ user: TestUser, _ id: String, _ direction: String = "like") async throws -> TestingHTTPResponse {
        try await kindred.send(.POST, "/date-an-intervention/swipes", token: user.accessToken, json: ["interventionId": id, "direction": direction])
    }

    @Test func theDeckIsStablePerPersonAndDifferentBetweenPeople() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp(), bob = try await kindred.signUp()
            let first = try await Self.deck(kindred, ada), again = try await Self.deck(kindred, ada)
            #expect(first.cards.map(\.id) == again.cards.map(\.id))
            #expect(first.cards.count == first.remaining)
            #expect(first.remaining >= 50 && first.swiped == 0 && !first.canUndo)
            let bobs = try await Self.deck(kindred, bob)
            #expect(Set(bobs.cards.map(\.id)) == Set(first.cards.map(\.id)))
            #expect(bobs.cards.map(\.id) != first.cards.map(\.id), "each person gets their own shuffle")
            // A page is the start of the same order.
            let page = try await Self.deck(kindred, ada, "limit=5")
            #expect(page.cards.map(\.id) == Array(first.cards.map(\.id).prefix(5)))
            #expect(page.remaining == first.remaining)
        }
    }

    @Test func swipingTakesTheCardOutAndKeepsTheRestInOrder() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp()
            let before = try await Self.deck(kindred, ada).cards.map(\.id)
            let liked = try await Self.swipe(kindred, ada, before[0], "like")
            #expect(liked.status == .created)
            let result = try liked.decode(Components.Schemas.InterventionSwipeResult.self)
            #expect(result.match?.intervention.id == before[0])
            let passed = try await Self.swipe(kindred, ada, before[1], "pass").decode(Components.Schemas.InterventionSwipeResult.self)
            #expect(passed.match == nil)
            let after = try await Self.deck(kindred, ada)
            #expect(after.cards.map(\.id) == Array(before.dropFirst(2)))
            #expect(after.swiped == 2 && after.canUndo)
        }
    }

    @Test func aCardIsSwipedOnceAndUnknownCardsAreNotFound() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp()
            let id = try await Self.deck(kindred, ada).cards[0].id
            #expect(try await Self.swipe(kindred, ada, id).status == .created)
            let again = try await Self.swipe(kindred, ada, id, "pass")
            #expect(again.status == .conflict)
            #expect(again.problem?.errors?.first?.field == "interventionId")
            #expect(try await Self.swipe(kindred, ada, "no-such-thing").status == .notFound)
            let badDirection = try await Self.swipe(kindred, ada, id, "maybe")
            #expect(badDirection.status == .badRequest)
            #expect(try await kindred.send(.GET, "/date-an-intervention/deck?limit=0", token: ada.accessToken).status == .unprocessableEntity)
            #expect(try await kindred.send(.GET, "/date-an-intervention/deck?category=volcano", token: ada.accessToken).status == .badRequest)
        }
    }

    @Test func undoBringsBackTheLatestCardsOneByOne() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp()
            let cards = try await Self.deck(kindred, ada).cards.map(\.id)
            try await Self.swipe(kindred, ada, cards[0], "like")
            kindred.clock.advance(by: 1)
            try await Self.swipe(kindred, ada, cards[1], "superlike")

            let undone = try await kindred.send(.DELETE, "/date-an-intervention/swipes/last", token: ada.accessToken)
            #expect(undone.status == .ok)
            let first = try undone.decode(Components.Schemas.InterventionUndoResult.self)
            #expect(first.intervention.id == cards[1] && first.direction == .superlike && first.canUndo)
            #expect(try await Self.deck(kindred, ada).cards.first?.id == cards[1], "the card is back on top")

            let second = try await kindred.send(.DELETE, "/date-an-intervention/swipes/last", token: ada.accessToken).decode(Components.Schemas.InterventionUndoResult.self)
            #expect(second.intervention.id == cards[0] && second.direction == .like && !second.canUndo)
            let matches = try await kindred.send(.GET, "/date-an-intervention/matches", token: ada.accessToken).decode(Components.Schemas.InterventionMatchPage.self)
            #expect(matches.items.isEmpty, "an undone like is no longer a match")
            let deck = try await Self.deck(kindred, ada)
            #expect(deck.cards.map(\.id) == cards && !deck.canUndo)
            #expect(try await kindred.send(.DELETE, "/date-an-intervention/swipes/last", token: ada.accessToken).status == .notFound)
        }
    }

    @Test func theFilterShowsOneCategoryInTheSameOrder() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp()
            let all = try await Self.deck(kindred, ada).cards
            let ice = try await Self.deck(kindred, ada, "category=ice&limit=100")
            #expect(!ice.cards.isEmpty && ice.cards.allSatisfy { $0.category == .ice })
            #expect(ice.cards.map(\.id) == all.filter { $0.category == .ice }.map(\.id))
            try await Self.swipe(kindred, ada, ice.cards[0].id, "pass")
            try await Self.swipe(kindred, ada, all.first { $0.category == .land }!.id, "pass")
            let after = try await Self.deck(kindred, ada, "category=ice&limit=100")
            #expect(after.swiped == 1 && after.remaining == ice.remaining - 1)
        }
    }

    @Test func resetClearsSwipesButKeepsChats() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp()
            let cards = try await Self.deck(kindred, ada).cards
            let ice = cards.filter { $0.category == .ice }.prefix(2).map(\.id)
            let land = try #require(cards.first { $0.category == .land }?.id)
            for id in ice + [land] { try await Self.swipe(kindred, ada, id) }
            let chatted = try await kindred.send(.POST, "/date-an-intervention/chats/\(land)/messages", token: ada.accessToken, json: ["text": "hi"])
            #expect(chatted.body.string.contains("event: reply"))

            // One category's reset leaves the others.
            let iceReset = try await kindred.send(.POST, "/date-an-intervention/deck/reset", token: ada.accessToken, json: ["category": "ice"])
            #expect(iceReset.status == .ok)
            #expect(iceReset.body.string.contains("\"cleared\" : 2") || iceReset.body.string.contains("\"cleared\":2"))
            #expect(try await Self.deck(kindred, ada).swiped == 1)

            let all = try await kindred.send(.POST, "/date-an-intervention/deck/reset", token: ada.accessToken, json: [String: String]())
            #expect(all.status == .ok)
            let deck = try await Self.deck(kindred, ada)
            #expect(deck.swiped == 0 && deck.cards.map(\.id) == cards.map(\.id), "the same order comes back")
            let chat = try await kindred.send(.GET, "/date-an-intervention/chats/\(land)", token: ada.accessToken).decode(Components.Schemas.InterventionChat.self)
            #expect(chat.messages.count == 2, "the conversation survives the reset")
            // Matching again shows the conversation it already had.
            let rematch = try await Self.swipe(kindred, ada, land).decode(Components.Schemas.InterventionSwipeResult.self)
            #expect(rematch.match?.lastMessage?.role == .assistant)
        }
    }

    @Test func matchesAreNewestFirstAndStatsAddUp() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp()
            let cards = try await Self.deck(kindred, ada).cards
            let ocean = cards.filter { $0.category == .ocean }.map(\.id)
            let srm = try #require(cards.first { $0.category == .srm }?.id)
            for (id, direction) in [(ocean[0], "like"), (ocean[1], "superlike"), (ocean[2], "pass"), (srm, "like")] {
                try await Self.swipe(kindred, ada, id, direction)
                kindred.clock.advance(by: 1)
            }
            let matches = try await kindred.send(.GET, "/date-an-intervention/matches", token: ada.accessToken).decode(Components.Schemas.InterventionMatchPage.self)
            #expect(matches.items.map(\.intervention.id) == [srm, ocean[1], ocean[0]])
            #expect(matches.items[1].direction == .superlike)

            let stats = try await kindred.send(.GET, "/date-an-intervention/stats", token: ada.accessToken).decode(Components.Schemas.InterventionSwipeStats.self)
            #expect(stats.swiped == 4 && stats.likes == 2 && stats.superLikes == 1 && stats.passes == 1)
            #expect(stats.likePercentage == 75)
            #expect(stats.favouriteCategory == .ocean)
            let oceanStats = try #require(stats.categories.first { $0.category == .ocean })
            #expect(oceanStats.swiped == 3 && oceanStats.liked == 2 && oceanStats.passed == 1 && oceanStats.name == "Ocean-based")
            #expect(stats.categories.map(\.total).reduce(0, +) == cards.count)
        }
    }

    @Test func everyonesSwipesAreTheirOwn() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp(), bob = try await kindred.signUp()
            let id = try await Self.deck(kindred, ada).cards[0].id
            try await Self.swipe(kindred, ada, id)
            #expect(try await Self.deck(kindred, bob).swiped == 0)
            #expect(try await kindred.send(.DELETE, "/date-an-intervention/swipes/last", token: bob.accessToken).status == .notFound)
            let detail = try await kindred.send(.GET, "/date-an-intervention/interventions/\(id)", token: bob.accessToken)
            #expect(!detail.body.string.contains("\"swipe\""))
            #expect(try await kindred.send(.GET, "/date-an-intervention/deck").status == .unauthorized)
        }
    }
}
