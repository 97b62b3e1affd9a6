import Foundation
import KindredSDK

public typealias Intervention = Components.Schemas.Intervention
public typealias InterventionCategory = Components.Schemas.InterventionCategory
public typealias InterventionDetail = Components.Schemas.InterventionDetail
public typealias InterventionCatalogue = Components.Schemas.InterventionCatalogue
public typealias Deck = Components.Schemas.Deck
public typealias SwipeDirection = Components.Schemas.SwipeDirection
public typealias SwipeResult = Components.Schemas.SwipeResult
public typealias Match = Components.Schemas.Match
public typealias SwipeStats = Components.Schemas.SwipeStats
public typealias Chat = Components.Schemas.Chat
public typealias ChatMessage = Components.Schemas.ChatMessage
public typealias ChatStreamEvent = Components.Schemas.ChatStreamEvent

/// The Date An Intervention operations, over the SDK's session (auth, retries, problems).
extension KindredSession {
    public func interventionCatalogue(category: InterventionCategory? = nil) async throws -> InterventionCatalogue {
        try await perform { try await client.listInterventions(query: .init(category: category)).ok.body.json }
    }

    public func intervention(_ id: String) async throws -> InterventionDetail {
        try await perform { try await client.getIntervention(path: .init(interventionId: id)).ok.body.json }
    }

    public func deck(category: InterventionCategory? = nil, limit: Int = 10) async throws -> Deck {
        try await perform { try await client.getDeck(query: .init(category: category, limit: limit)).ok.body.json }
    }

    public func swipe(_ interventionID: String, _ direction: SwipeDirection) async throws -> SwipeResult {
        try await perform {
            try await client.swipe(body: .json(.init(interventionId: interventionID, direction: direction))).created.body.json
        }
    }

    /// Takes back my latest swipe and returns that card, to go back on top of the deck, and
    /// whether an older swipe is left to undo.
    public func undoSwipe() async throws -> Components.Schemas.UndoResult {
        try await perform { try await client.undoSwipe().ok.body.json }
    }

    /// Clears my swipes (all, or one category's); chats stay. Returns how many were cleared.
    @discardableResult
    public func resetDeck(category: InterventionCategory? = nil) async throws -> Int {
        try await perform { try await client.resetDeck(body: .json(.init(category: category))).ok.body.json.cleared }
    }

    public func matches() async throws -> [Match] {
        try await perform { try await client.listMatches().ok.body.json.matches }
    }

    public func swipeStats() async throws -> SwipeStats {
        try await perform { try await client.getSwipeStats().ok.body.json }
    }

    public func chat(with interventionID: String) async throws -> Chat {
        try await perform { try await client.getChat(path: .init(interventionId: interventionID)).ok.body.json }
    }

    /// Sends a message and streams the reply: `message` (mine, saved), `delta`s, then `reply` or `error`.
    /// Reuse `clientMessageID` to resend a message the server may already have: it is not saved twice.
    public func sendChatMessage(_ text: String, to interventionID: String, clientMessageID: String = UUID().uuidString) async throws
        -> AsyncThrowingStream<ChatStreamEvent, any Error> {
        let body = try await perform {
            try await client.sendChatMessage(path: .init(interventionId: interventionID),
                                             body: .json(.init(text: text, clientMessageId: clientMessageID))).ok.body.textEventStream
        }
        return Self.chatEvents(body)
    }

    /// Asks again for a reply to my last message after the language model failed.
    public func retryChatReply(_ interventionID: String) async throws -> AsyncThrowingStream<ChatStreamEvent, any Error> {
        let body = try await perform {
            try await client.retryChatReply(path: .init(interventionId: interventionID)).ok.body.textEventStream
        }
        return Self.chatEvents(body)
    }

    private static func chatEvents(_ body: HTTPBody) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let events = body.asDecodedServerSentEventsWithJSONData(of: ChatStreamEvent.self, decoder: decoder)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await event in events {
                        if let data = event.data { continuation.yield(data) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: KindredError.transport(String(describing: error)))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
