import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import Vapor
@testable import KindredServer

/// The reusable queries, called directly against a real database (SQLite here, PostgreSQL in the
/// suite's second run), so a query that is right only through one handler's use of it is caught.
@Suite("Reusable queries on a real database")
struct QueryTests {
    @Test func blocksAnswerForEitherDirectionAndListWhoIsHidden() async throws {
        try await withKindred { kindred in
            let db = kindred.app.db
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let cyd = try await kindred.signUp("cyd")
            let dee = try await kindred.signUp("dee")
            try await Block(blocker: ada.id, blocked: bob.id).create(on: db)
            try await Block(blocker: cyd.id, blocked: ada.id).create(on: db)
            #expect(try await Blocks.between(ada.id, bob.id, on: db))
            #expect(try await Blocks.between(bob.id, ada.id, on: db), "either direction")
            #expect(try await Blocks.between(ada.id, cyd.id, on: db))
            #expect(try await !Blocks.between(ada.id, dee.id, on: db))
            #expect(try await !Blocks.between(bob.id, cyd.id, on: db), "only the pair that blocked")
            #expect(try await Blocks.hidden(from: ada.id, on: db) == [bob.id, cyd.id])
            #expect(try await Blocks.hidden(from: bob.id, on: db) == [ada.id])
            #expect(try await ProfileService.visibleUser(username: "ADA", to: bob.id, on: db) == nil)
            #expect(try await ProfileService.visibleUser(username: "ada", to: ada.id, on: db)?.id == ada.id, "always yourself")
            #expect(try await ProfileService.visibleUser(username: "ada", to: dee.id, on: db)?.id == ada.id)
        }
    }

    @Test func connectionsInvolvingSomeoneAndBetweenAPair() async throws {
        try await withKindred { kindred in
            let db = kindred.app.db
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let cyd = try await kindred.signUp("cyd")
            try await InnovationEngineConnection(between: ada.id, and: bob.id).create(on: db)
            try await InnovationEngineConnection(between: cyd.id, and: ada.id).create(on: db)
            let adas = try await ConnectionService.involving(ada.id, on: db).all()
            #expect(Set(adas.map { $0.other(than: ada.id) }) == [bob.id, cyd.id])
            #expect(adas.allSatisfy { $0.low.username.isEmpty == false && $0.high.username.isEmpty == false }, "both people loaded")
            #expect(try await ConnectionService.involving(bob.id, on: db).count() == 1)
            let (low, high) = InnovationEngineConnection.ordered(cyd.id, ada.id)
            #expect(try await ConnectionService.between(low, high, on: db) != nil)
            let (bobLow, bobHigh) = InnovationEngineConnection.ordered(bob.id, cyd.id)
            #expect(try await ConnectionService.between(bobLow, bobHigh, on: db) == nil)
        }
    }

    @Test func activeSessionsLeaveOutEndedOnes() async throws {
        try await withKindred { kindred in
            let db = kindred.app.db
            let ada = try await kindred.signUp("ada")
            for _ in 0..<2 {
                #expect(try await kindred.send(.POST, "/auth/sign-in", json: ["email": ada.email, "password": ada.password]).status == .ok)
            }
            let all = try await UserSession.query(on: db).filter(\.$user.$id == ada.id).all()
            all[0].revokedAt = kindred.clock.now
            try await all[0].save(on: db)
            all[1].expiresAt = kindred.clock.now.addingTimeInterval(-1)
            try await all[1].save(on: db)
            let active = try await UserSession.active(of: ada.id, at: kindred.clock.now, on: db).all()
            #expect(active.map(\.id) == [all[2].id])
        }
    }

    @Test func swipesNewestFirstAndEachConversationsLatestMessage() async throws {
        try await withKindred { kindred in
            let db = kindred.app.db
            let ada = try await kindred.signUp("ada")
            for (id, direction) in [("biochar", "like"), ("cool-roofs", "pass"), ("space-sunshade", "superlike")] {
                kindred.clock.advance(by: 1)
                #expect(try await kindred.send(.POST, "/date-an-intervention/swipes", token: ada.accessToken,
                                               json: ["interventionId": id, "direction": direction]).status == .created)
            }
            #expect(try await DeckService.swipes(of: ada.id, on: db).map(\.interventionID) == ["space-sunshade", "cool-roofs", "biochar"])
            for text in ["First", "Second"] {
                kindred.clock.advance(by: 1)
                let sent = try await kindred.send(.POST, "/date-an-intervention/chats/biochar/messages", token: ada.accessToken, json: ["text": text])
                #expect(sent.body.string.contains("event: reply"))
            }
            let latest = try await ChatService.latestMessages(of: ada.id, on: db)
            #expect(Array(latest.keys) == ["biochar"])
            #expect(latest["biochar"]?.role == .assistant, "the reply to the second message is the newest")
            #expect(try await ChatService.latestMessage(of: ada.id, with: "biochar", on: db)?.id == latest["biochar"]?.id)
            #expect(try await ChatService.latestMessage(of: ada.id, with: "space-sunshade", on: db) == nil)
        }
    }
}
