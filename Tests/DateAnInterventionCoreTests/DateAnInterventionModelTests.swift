import DateAnInterventionCore
import Foundation
import KindredTestSupport
import Testing
@testable import KindredServer

/// The app's models over the SDK, against a real server on a real socket.
@MainActor
@Suite("Date An Intervention models")
struct DateAnInterventionModelTests {
    static func signedIn(_ kindred: TestKindred, _ name: String = "ada") async throws -> KindredSession {
        let session = KindredSession(serverURL: try #require(kindred.baseURL))
        try await session.signUp(email: "\(name)@example.com", password: "analytical", username: name)
        return session
    }

    @Test func swipingUndoingAndFilteringTheDeck() async throws {
        try await withKindred(running: true) { kindred in
            let session = try await Self.signedIn(kindred)
            let deck = DeckModel(session: session, pageSize: 4)
            await deck.load()
            let first = try #require(deck.top)
            #expect(deck.cards.count == 4 && deck.remaining >= 50 && !deck.canUndo)

            await deck.swipe(.like)
            #expect(deck.newMatch?.intervention.id == first.id)
            #expect(deck.top?.id != first.id && deck.canUndo)
            await deck.swipe(.pass)
            await deck.swipe(.superlike)
            #expect(deck.cards.count >= 3, "the stack tops itself up")

            await deck.undo()
            await deck.undo()
            await deck.undo()
            #expect(deck.top?.id == first.id && !deck.canUndo)
            #expect(deck.newMatch == nil, "undoing the like takes back its match")

            await deck.filter(by: .ocean)
            #expect(!deck.cards.isEmpty && deck.cards.allSatisfy { $0.category == .ocean })
            #expect(deck.error == nil)
        }
    }

    @Test func aRefusedSwipePutsTheCardBack() async throws {
        try await withKindred(running: true) { kindred in
            let session = try await Self.signedIn(kindred)
            let deck = DeckModel(session: session)
            await deck.load()
            let top = try #require(deck.top)
            // Someone (another device) already swiped it.
            _ = try await session.swipe(top.id, .pass)
            await deck.swipe(.like)
            #expect(deck.top?.id == top.id)
            #expect(deck.error?.contains("already swiped") == true)
        }
    }

    @Test func profileMatchesAndComparison() async throws {
        try await withKindred(running: true) { kindred in
            let session = try await Self.signedIn(kindred)
            let profile = ProfileModel(session: session, interventionID: "biochar")
            await profile.load()
            #expect(profile.intervention?.name == "Biochar" && !profile.canMessage)
            await profile.swipe(.superlike)
            #expect(profile.canMessage)

            let matches = MatchesModel(session: session)
            await matches.load()
            #expect(matches.matches.map(\.intervention.id) == ["biochar"])
            #expect(matches.stats?.superLikes == 1 && matches.favouriteCategoryName == "Land-based")

            let comparison = ComparisonModel(session: session)
            await comparison.compare("stratospheric-aerosol-injection", "cool-roofs")
            let readiness = try #require(comparison.rows.first { $0.label == "Tech readiness" })
            #expect(readiness.leader == .second, "cool roofs are far more ready than aerosol injection")
            #expect(comparison.rows.first { $0.label == "Impact scale" }?.leader == .first)
        }
    }

    @Test func chatStreamsTheReplyAsItArrives() async throws {
        try await withKindred(running: true) { kindred in
            let session = try await Self.signedIn(kindred)
            _ = try await session.swipe("cool-roofs", .like)
            let chat = ChatModel(session: session, interventionID: "cool-roofs")
            await chat.load()
            #expect(chat.isOffline && chat.messages.isEmpty)

            let sending = Task { await chat.send("What are your risks?") }
            // The reply is seen part-way: more than nothing, less than all of it. The first word can
            // take seconds when the whole suite shares two cores (the message is saved first).
            try await eventually(timeout: .seconds(30)) { await MainActor.run { (chat.streamingReply?.split(separator: " ").count ?? 0) >= 3 } }
            #expect(chat.isSending && !chat.isTyping)
            #expect(chat.messages.map(\.role) == [.user])
            await sending.value
            #expect(chat.messages.map(\.role) == [.user, .assistant])
            #expect(chat.messages.last?.offline == true && chat.streamingReply == nil && chat.error == nil)

            // A fresh model reads the same conversation back.
            let reopened = ChatModel(session: session, interventionID: "cool-roofs")
            await reopened.load()
            #expect(reopened.messages.map(\.id) == chat.messages.map(\.id))
        }
    }

    @Test func aFailedReplyKeepsTheMessageAndRetries() async throws {
        let mock = try await MockLLMServer.start(.anthropic)
        do {
            try await withKindred(running: true, adjust: {
                $0.dateAnIntervention.llm = LLMConfiguration(provider: .anthropic, baseURL: mock.baseURL, apiKey: SecretString("sk-ant-test"),
                                          model: "mock", timeout: 5, maxTokens: 100)
            }) { kindred in
                let session = try await Self.signedIn(kindred)
                _ = try await session.swipe("biochar", .like)
                let chat = ChatModel(session: session, interventionID: "biochar")
                await chat.load()
                #expect(!chat.isOffline)

                mock.respond(with: .fail(status: 529, message: "Overloaded"))
                await chat.send("Are you permanent?")
                #expect(chat.messages.map(\.text) == ["Are you permanent?"])
                #expect(chat.canRetry && chat.error?.contains("Your message is saved") == true)

                mock.respond(with: .reply(["For", " centuries,", " mostly."]))
                await chat.retry()
                #expect(chat.messages.map(\.text) == ["Are you permanent?", "For centuries, mostly."])
                #expect(!chat.canRetry && chat.error == nil)
                #expect(chat.messages.last?.offline == false)
            }
        } catch {
            try? await mock.shutdown()
            throw error
        }
        try await mock.shutdown()
    }
}
