import Foundation
import KindredSDK
import Observation

/// "Discover": my card stack. Swipes are optimistic (the card leaves at once) but never lost: if
/// the server refuses one, the card comes back and `error` says why.
@MainActor @Observable
public final class DeckModel {
    /// Top card first.
    public private(set) var cards: [Intervention] = []
    public private(set) var remaining = 0
    public private(set) var canUndo = false
    public private(set) var category: InterventionCategory?
    public private(set) var isLoading = false
    /// The match the latest like made, for an "It's a match!" moment; cleared by `dismissMatch`.
    public private(set) var newMatch: Match?
    public private(set) var error: String?

    private let session: KindredSession
    /// Cards fetched per request; fetching again when the stack runs low keeps one underneath.
    private let pageSize: Int

    public init(session: KindredSession, pageSize: Int = 10) {
        self.session = session
        self.pageSize = pageSize
    }

    public var top: Intervention? { cards.first }

    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            apply(try await session.deck(category: category, limit: pageSize), replacing: true)
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func filter(by category: InterventionCategory?) async {
        self.category = category
        await load()
    }

    public func swipe(_ direction: SwipeDirection) async {
        guard let card = cards.first else { return }
        cards.removeFirst()
        remaining = max(0, remaining - 1)
        do {
            let result = try await session.swipe(card.id, direction)
            canUndo = true
            if let match = result.match { newMatch = match }
            error = nil
            if cards.count < 3 { await topUp() }
        } catch {
            cards.insert(card, at: 0)
            remaining += 1
            self.error = error.localizedDescription
        }
    }

    public func undo() async {
        do {
            let undone = try await session.undoSwipe()
            cards.removeAll { $0.id == undone.intervention.id }
            // Undo can bring back a card from another category; it only returns to this stack if it belongs.
            if category == nil || undone.intervention.category == category {
                cards.insert(undone.intervention, at: 0)
                remaining += 1
            }
            if newMatch?.intervention.id == undone.intervention.id { newMatch = nil }
            canUndo = try await session.deck(category: category, limit: 1).canUndo
            error = nil
        } catch KindredError.problem(let problem) where problem.status == 404 {
            canUndo = false
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func reset() async {
        do {
            try await session.resetDeck(category: category)
            await load()
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func dismissMatch() { newMatch = nil }

    private func topUp() async {
        guard let deck = try? await session.deck(category: category, limit: pageSize) else { return }
        apply(deck, replacing: false)
    }

    private func apply(_ deck: Deck, replacing: Bool) {
        if replacing {
            cards = deck.cards
        } else {
            let known = Set(cards.map(\.id))
            cards += deck.cards.filter { !known.contains($0.id) }
        }
        remaining = deck.remaining
        canUndo = deck.canUndo
    }
}
