import RinAppShell
import SwiftUI

/// The book's front page: how many contacts there are, what waits in Review, importing, the
/// favourites and the newest, then every contact A to Z under its letter, a page at a time. A
/// search (name words, an e-mail, a phone's digits), the favourites or a circle narrows the list
/// and hides the front rows. It opens on what this device kept, then the server's answer.
struct ContactsHomeView: View {
    let home: ContactsHomeModel
    let list: ContactListModel
    @Environment(RinContext.self) private var context
    @Environment(ContactsCoordinator.self) private var coordinator
    @State private var query = ""
    /// The profile whose A–Z pages are shown: they are read again only for another profile, so
    /// coming back from a contact keeps the pages scrolled through.
    @State private var listedProfile: UUID?

    var body: some View {
        Group {
            // An import under way keeps the page, with its line, even while the book is still empty.
            if home.isEmpty && !list.isNarrowed && home.runningImport == nil {
                EmptyBookView()
            } else {
                contacts
            }
        }
        .navigationTitle("Contacts")
        .searchable(text: $query, prompt: "Search by name, phone or e-mail")
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button {
                    coordinator.show(.edit(nil))
                } label: {
                    Label("Add contact", systemImage: "plus")
                }
            }
        }
        // Typing waits a quarter second: each key does not cost a request, and a newer search
        // cancels this one before it is sent.
        .task(id: query) {
            guard (try? await Task.sleep(for: .milliseconds(250))) != nil else { return }
            await list.search(query)
        }
        .task(id: context.profileID) { await load() }
        // An import's batches move the "importing" line; its end brings the new book in.
        .task { await home.followChanges() }
        .refreshable {
            await home.refresh()
            await list.load()
        }
    }

    private var contacts: some View {
        List {
            if let error = home.error ?? list.error {
                MessageRow(text: error, retry: { await load(again: true) })
            }
            if !list.isNarrowed {
                ContactsHomeHeader(home: home)
            }
            ContactFilterPicker(list: list)
            ForEach(list.sections) { section in
                Section(section.letter) {
                    ForEach(section.contacts, id: \.id) { contact in
                        NavigationLink(value: ContactsRoute.contact(contact.id)) {
                            ContactRow(contact: contact)
                        }
                        .swipeActions(edge: .leading) {
                            Button {
                                Task {
                                    await list.toggleFavourite(contact.id)
                                    await home.refresh()
                                }
                            } label: {
                                Label(contact.favourite ? "Unfavourite" : "Favourite",
                                      systemImage: contact.favourite ? "star.slash" : "star")
                            }
                            .tint(.yellow)
                        }
                    }
                }
            }
            if list.hasMore {
                LoadMoreRow { await list.loadMore() }
            }
            if let empty = list.emptyText {
                Text(empty)
                    .foregroundStyle(.secondary)
            }
            if !list.isNarrowed {
                Section {
                    VCardExportButton(title: "Export all (.vcf)", fileName: ContactsHomeModel.exportFileName) {
                        await home.exportAll()
                    }
                }
            }
        }
    }

    /// The home page always; the A–Z pages the first time for this profile, or when asked.
    private func load(again: Bool = false) async {
        await home.load()
        guard let profile = context.profileID, again || profile != listedProfile else { return }
        listedProfile = profile
        await list.load()
        await list.loadCircles()
    }
}
