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
    private var queue: Task<Void, Never>?
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

    /// Swipes the top card. Pass the id the view animated away: if an undo has put another card on
    /// top meanwhile, nothing happens. Swipes and undos reach the server in the order they were made.
    public func swipe(_ direction: SwipeDirection, id: String? = nil) async {
        guard let card = cards.first, id == nil || card.id == id else { return }
        cards.removeFirst()
        remaining = max(0, remaining - 1)
        await inOrder {
            do {
                let result = try await self.session.swipe(card.id, direction)
                self.canUndo = true
                if let match = result.match { self.newMatch = match }
                self.error = nil
                if self.cards.count < 3 { await self.topUp() }
            } catch {
                self.cards.insert(card, at: 0)
                self.remaining += 1
                self.error = error.localizedDescription
            }
        }
    }

    public func undo() async {
        await inOrder { await self.performUndo() }
    }

    private func performUndo() async {
        do {
            let undone = try await session.undoSwipe()
            cards.removeAll { $0.id == undone.intervention.id }
            // Undo can bring back a card from another category; it only returns to this stack if it belongs.
            if category == nil || undone.intervention.category == category {
                cards.insert(undone.intervention, at: 0)
                remaining += 1
            }
            if newMatch?.intervention.id == undone.intervention.id { newMatch = nil }
            canUndo = undone.canUndo
            error = nil
        } catch KindredError.problem(let problem) where problem.status == 404 {
            canUndo = false
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Clears my swipes in the category the deck shows (every category when it shows all, or when
    /// `everything` is set). Chats stay.
    public func reset(everything: Bool = false) async {
        do {
            try await session.resetDeck(category: everything ? nil : category)
            await load()
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func dismissMatch() { newMatch = nil }

    /// Runs after every operation already queued, so the server sees them in the order made.
    private func inOrder(_ operation: @escaping @MainActor () async -> Void) async {
        let previous = queue
        let next = Task { @MainActor in
            await previous?.value
            await operation()
        }
        queue = next
        await next.value
    }

    /// Fetches more cards as the deck runs low. A failure is shown, as every other operation's
    /// is: the person would otherwise see the deck end early with no reason.
    private func topUp() async {
        do {
            apply(try await session.deck(category: category, limit: pageSize), replacing: false)
        } catch {
            self.error = error.localizedDescription
        }
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
