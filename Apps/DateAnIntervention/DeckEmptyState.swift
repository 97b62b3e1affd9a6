import DateAnInterventionCore
import SwiftUI

/// What Discover shows with no card on top: dealing, a deck that did not load, more cards to
/// fetch, or every card swiped (with the way to reset).
struct DeckEmptyState: View {
    @Environment(DeckModel.self) private var model
    /// Asks before resetting; the confirmation lives with the screen.
    let onReset: @MainActor () -> Void

    var body: some View {
        if model.isLoading {
            ProgressView("Dealing cards…")
        } else if let error = model.error {
            ContentUnavailableView {
                Label("The deck did not load", systemImage: "exclamationmark.triangle")
            } description: {
                Text(error)
            } actions: {
                Button("Try again") { Task { await model.load() } }
            }
        } else if model.remaining > 0 {
            // Cards are left on the server, but fetching more after the last swipe failed.
            ContentUnavailableView {
                Label("More cards are waiting", systemImage: "rectangle.stack")
            } actions: {
                Button("Deal more") { Task { await model.load() } }
            }
        } else {
            ContentUnavailableView {
                Label("You’ve seen every card", systemImage: "globe.europe.africa.fill")
            } description: {
                Text(text)
            } actions: {
                Button("Reset deck", action: onReset)
                    .buttonStyle(.borderedProminent)
            }
        }
    }

    private var text: String {
        guard let category = model.category else {
            return "You have swiped every intervention. Reset the deck to see them all again; your conversations are kept."
        }
        return "You have swiped every \(category.displayName) card. Pick another category, or reset these cards to see them again."
    }
}
