import Foundation
import KindredSDK

public typealias Intervention = Components.Schemas.Intervention
public typealias InterventionCategory = Components.Schemas.InterventionCategory
public typealias InterventionDetail = Components.Schemas.InterventionDetail
public typealias InterventionCatalogue = Components.Schemas.InterventionCatalogue
public typealias Deck = Components.Schemas.InterventionDeck
public typealias SwipeDirection = Components.Schemas.InterventionSwipeDirection
public typealias SwipeResult = Components.Schemas.InterventionSwipeResult
public typealias Match = Components.Schemas.InterventionMatch
public typealias SwipeStats = Components.Schemas.InterventionSwipeStats
public typealias Chat = Components.Schemas.InterventionChat
public typealias ChatMessage = Components.Schemas.InterventionChatMessage
public typealias ChatStreamEvent = Components.Schemas.InterventionChatStreamEvent

/// The Date An Intervention operations, over the SDK's session (auth, retries, problems).
extension KindredSession {
    public func interventionCatalogue(category: InterventionCategory? = nil) async throws -> InterventionCatalogue {
        try await perform { try await client.listInterventions(query: .init(category: category)).ok.body.json }
    }

    public func intervention(_ id: String) async throws -> InterventionDetail {
        try await perform { try await client.getIntervention(path: .init(interventionId: id)).ok.body.json }
    }

    public func deck(category: InterventionCategory? = nil, limit: Int = 10) async throws -> Deck {
        try await perform { try await client.getInterventionDeck(query: .init(category: category, limit: limit)).ok.body.json }
    }

    public func swipe(_ interventionID: String, _ direction: SwipeDirection) async throws -> SwipeResult {
        try await perform {
            try await client.swipeIntervention(body: .json(.init(interventionId: interventionID, direction: direction))).created.body.json
        }
    }

    /// Takes back my latest swipe and returns that card, to go back on top of the deck, and
    /// whether an older swipe is left to undo.
    public func undoSwipe() async throws -> Components.Schemas.InterventionUndoResult {
        try await perform { try await client.undoInterventionSwipe().ok.body.json }
    }

    /// Clears my swipes (all, or one category's); chats stay. Returns how many were cleared.
    @discardableResult
    public func resetDeck(category: InterventionCategory? = nil) async throws -> Int {
        try await perform { try await client.resetInterventionDeck(body: .json(.init(category: category))).ok.body.json.cleared }
    }

    /// My matches, newest first, a page at a time: pass the last page's `nextCursor`.
    public func matches(limit: Int? = nil, cursor: String? = nil) async throws -> Page<Match> {
        try await perform {
            let page = try await client.listInterventionMatches(query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    public func swipeStats() async throws -> SwipeStats {
        try await perform { try await client.getInterventionSwipeStats().ok.body.json }
    }

    public func chat(with interventionID: String) async throws -> Chat {
        try await perform { try await client.getInterventionChat(path: .init(interventionId: interventionID)).ok.body.json }
    }

    /// Sends a message and streams the reply: `message` (mine, saved), `delta`s, then `reply` or `error`.
    /// Reuse `clientMessageID` to resend a message the server may already have: it is not saved twice.
    public func sendChatMessage(_ text: String, to interventionID: String, clientMessageID: String = UUID().uuidString) async throws
        -> AsyncThrowingStream<ChatStreamEvent, any Error> {
        let body = try await perform {
            try await client.sendInterventionChatMessage(path: .init(interventionId: interventionID),
                                             body: .json(.init(text: text, clientMessageId: clientMessageID))).ok.body.textEventStream
        }
        return Self.chatEvents(body)
    }

    /// Asks again for a reply to my last message after the language model failed.
    public func retryChatReply(_ interventionID: String) async throws -> AsyncThrowingStream<ChatStreamEvent, any Error> {
        let body = try await perform {
            try await client.retryInterventionChatReply(path: .init(interventionId: interventionID)).ok.body.textEventStream
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
