import RinAppShell
import SwiftUI

/// The card a share link opened (`rin://cards/<token>`): whose it is, as they let the profile in
/// use see them, and adding it to the book as a contact linked to them, or blocking it (that profile
/// only). A link replaced or never made reads as a link that doesn't work.
struct CardView: View {
    @State private var model: CardModel
    @Environment(ContactsCoordinator.self) private var coordinator
    @State private var confirmsBlock = false

    init(context: RinContext, token: String) {
        _model = State(initialValue: CardModel(context: context, token: token))
    }

    var body: some View {
        Group {
            if let block = model.block {
                ContentUnavailableView("Blocked", systemImage: "hand.raised",
                                       description: Text("\(block.label) is blocked: you and this card won’t see each other in Rin. They aren’t told. Unblock it in Settings, Blocked cards."))
            } else if model.isMissing {
                ContentUnavailableView("This link doesn’t work", systemImage: "link.badge.plus",
                                       description: Text("It was replaced or never existed. Ask them for their current link."))
            } else if let card = model.card {
                List {
                    if let error = model.error {
                        MessageRow(text: error)
                    }
                    Section {
                        PersonCard(view: card.person)
                    }
                    Section {
                        if card.isOwn {
                            Text("This is your own card: share its link with others.")
                                .foregroundStyle(.secondary)
                        } else if let contactID = card.contactId {
                            Button("Open contact") { _ = coordinator.open(.contact(contactID)) }
                        } else {
                            Button {
                                Task { await add() }
                            } label: {
                                Label(model.isWorking ? "Adding…" : "Add to contacts", systemImage: "plus")
                            }
                            .disabled(model.isWorking)
                        }
                    } footer: {
                        if !card.isOwn && card.contactId == nil {
                            Text("Adding them puts them in your Contacts circle: they see what that circle shows of you.")
                        }
                    }
                    if !card.isOwn {
                        Section {
                            Button("Block this card", role: .destructive) { confirmsBlock = true }
                                .disabled(model.isWorking)
                        } footer: {
                            Text("Only this profile is blocked, never the rest of its owner. They aren’t told.")
                        }
                    }
                }
            } else if let error = model.error {
                LoadFailedView(message: error) { await model.load() }
            } else {
                ProgressView()
            }
        }
        .navigationTitle(model.card == nil ? "A shared card" : model.name)
        .navigationBarTitleDisplayMode(.inline)
        .task { await model.load() }
        .confirmationDialog("Block \(model.name)?", isPresented: $confirmsBlock, titleVisibility: .visible) {
            Button("Block", role: .destructive) { Task { await model.blockCard() } }
        } message: {
            Text("You and this card won’t see each other in Rin, and pending asks between you are declined.")
        }
    }

    /// The new contact's page takes the card's place.
    private func add() async {
        if let contact = await model.add() { _ = coordinator.open(.contact(contact.id)) }
    }
}
