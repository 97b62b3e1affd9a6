import RinAppShell
import SwiftUI

/// A book with nobody in it yet: how to fill it, in the web's words.
struct EmptyBookView: View {
    @Environment(ContactsCoordinator.self) private var coordinator

    var body: some View {
        ContentUnavailableView {
            Label("Your book is empty", systemImage: "book.closed")
        } description: {
            Text("Import your contacts, or add the people you know one by one. Link a contact to someone on Rin to see what they share with you.")
        } actions: {
            Button("Import contacts") { coordinator.show(.imports) }
                .buttonStyle(.borderedProminent)
            Button("Add a contact") { coordinator.show(.edit(nil)) }
                .buttonStyle(.bordered)
        }
    }
}
