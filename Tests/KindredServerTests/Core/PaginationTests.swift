import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import SQLKit
import Testing
import Vapor
@testable import KindredServer

@Suite("One pagination shape")
struct PaginationTests {
    @Test func connectionsComeNewestFirstAPageAtATimeEachOnce() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            var names: [String] = []
            for index in 0..<7 {
                let other = try await kindred.signUp("friend\(index)")
                let code = try await kindred.send(.GET, "/innovation-engine/code", token: ada.accessToken)
                    .decode(Components.Schemas.InnovationEngineCode.self).code
                // Two connections made in the same instant still have one order.
                if index % 2 == 0 { kindred.clock.advance(by: 1) }
                #expect(try await kindred.send(.POST, "/innovation-engine/connections", token: other.accessToken, json: ["code": code]).status == .created)
                names.append(other.username)
            }
            let pages = try await kindred.everyPage("/innovation-engine/connections", token: ada.accessToken, limit: 3,
                                            as: Components.Schemas.InnovationEngineConnectionPage.self,
                                            cursor: \.nextCursor, count: \.items.count)
            let seen = pages.flatMap(\.items).map(\.person.username)
            #expect(pages.count == 3 && pages.last?.nextCursor == nil)
            #expect(Set(seen) == Set(names) && seen.count == names.count)
            let all = try await kindred.send(.GET, "/innovation-engine/connections", token: ada.accessToken)
                .decode(Components.Schemas.InnovationEngineConnectionPage.self)
            #expect(all.items.map(\.person.username) == seen, "the pages are the whole list in its order")
            #expect(all.nextCursor == nil, "50 by default")
        }
    }

    @Test func aConnectionRemovedWhileScrollingSkipsNothingElse() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            var ids: [UUID] = []
            for index in 0..<4 {
                let other = try await kindred.signUp("friend\(index)")
                let code = try await kindred.send(.GET, "/innovation-engine/code", token: ada.accessToken)
                    .decode(Components.Schemas.InnovationEngineCode.self).code
                kindred.clock.advance(by: 1)
                let made = try await kindred.send(.POST, "/innovation-engine/connections", token: other.accessToken, json: ["code": code])
                ids.append(try made.decode(Components.Schemas.InnovationEngineConnection.self).id)
            }
            let first = try await kindred.send(.GET, "/innovation-engine/connections?limit=2", token: ada.accessToken)
                .decode(Components.Schemas.InnovationEngineConnectionPage.self)
            #expect(first.items.map(\.id) == [ids[3], ids[2]])
            // act: the last row of the first page goes away before the next page is read.
            #expect(try await kindred.send(.DELETE, "/innovation-engine/connections/\(ids[2])", token: ada.accessToken).status == .noContent)
            let cursor = try #require(first.nextCursor)
            let second = try await kindred.send(.GET, "/innovation-engine/connections?limit=2&cursor=\(cursor)", token: ada.accessToken)
                .decode(Components.Schemas.InnovationEngineConnectionPage.self)
            #expect(second.items.map(\.id) == [ids[1], ids[0]])
            #expect(second.nextCursor == nil)
        }
    }

    @Test func matchesAndSessionsArePagesToo() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let deck = try await kindred.send(.GET, "/date-an-intervention/deck?limit=5", token: ada.accessToken)
                .decode(Components.Schemas.InterventionDeck.self)
            for card in deck.cards {
                kindred.clock.advance(by: 1)
                let swiped = try await kindred.send(.POST, "/date-an-intervention/swipes", token: ada.accessToken,
                                                    json: ["interventionId": card.id, "direction": "like"])
                #expect(swiped.status == .created)
            }
            let matches = try await kindred.everyPage("/date-an-intervention/matches", token: ada.accessToken, limit: 2,
                                              as: Components.Schemas.InterventionMatchPage.self, cursor: \.nextCursor, count: \.items.count)
            #expect(matches.flatMap(\.items).map(\.intervention.id) == deck.cards.map(\.id).reversed())

            for _ in 0..<3 {
                kindred.clock.advance(by: 1)
                #expect(try await kindred.send(.POST, "/auth/sign-in", json: ["email": ada.email, "password": ada.password]).status == .ok)
            }
            let sessions = try await kindred.everyPage("/me/sessions", token: ada.accessToken, limit: 3,
                                               as: Components.Schemas.SessionPage.self, cursor: \.nextCursor, count: \.items.count)
            let listed = sessions.flatMap(\.items)
            #expect(listed.count == 4 && Set(listed.map(\.id)).count == 4)
            #expect(listed.filter(\.current).map(\.id) == [ada.sessionID])
        }
    }

    @Test func aCursorThatIsNotOursIsAClearError() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            for cursor in ["nonsense", "bm90LWEtY3Vyc29y", String(repeating: "A", count: 200)] {
                let response = try await kindred.send(.GET, "/me/sessions?cursor=\(cursor)", token: ada.accessToken)
                #expect(response.status == .unprocessableEntity, "\(cursor): \(response.body.string)")
                #expect(response.problem?.errors?.first?.field == "cursor")
            }
            // The contract's bounds, like every other bound: a 422 naming the parameter.
            for (query, field) in [("limit=0", "limit"), ("limit=101", "limit"), ("cursor=" + String(repeating: "A", count: 201), "cursor")] {
                let response = try await kindred.send(.GET, "/innovation-engine/connections?\(query)", token: ada.accessToken)
                #expect(response.status == .unprocessableEntity, "\(query): \(response.status) \(response.body.string)")
                #expect(response.problem?.errors?.first?.field == field)
            }
        }
    }

    @Test func aCursorRoundTripsExactly() throws {
        let date = Date(timeIntervalSince1970: 1_790_000_000.123456)
        let cursor = PageCursor(date: date, id: UUID())
        #expect(PageCursor(encoded: cursor.encoded) == cursor)
        #expect(PageCursor(encoded: cursor.encoded + "=") == nil)
        #expect(try PageRequest(limit: nil, cursor: nil).limit == PageRequest.defaultLimit)
    }
}
