import RinAppShell
import SwiftUI

/// Choosing one other contact of the book (to merge with): a search over the A–Z list, a page at
/// a time, with its own `ContactListModel` so the book's list underneath keeps its place.
struct ContactPickerSheet: View {
    let title: String
    /// Contacts not to offer (the one being merged into).
    let excluding: Set<UUID>
    let pick: @MainActor (UUID) -> Void
    @State private var list: ContactListModel
    @State private var query = ""
    @Environment(\.dismiss) private var dismiss

    init(context: RinContext, title: String, excluding: Set<UUID>, pick: @escaping @MainActor (UUID) -> Void) {
        self.title = title
        self.excluding = excluding
        self.pick = pick
        _list = State(initialValue: ContactListModel(context: context))
    }

    var body: some View {
        NavigationStack {
            List {
                if let error = list.error {
                    MessageRow(text: error, retry: { await list.load() })
                }
                ForEach(list.contacts.filter { !excluding.contains($0.id) }, id: \.id) { contact in
                    Button {
                        pick(contact.id)
                        dismiss()
                    } label: {
                        ContactRow(contact: contact)
                    }
                    .buttonStyle(.plain)
                }
                if list.hasMore {
                    LoadMoreRow { await list.loadMore() }
                }
                if let empty = list.emptyText {
                    Text(empty)
                        .foregroundStyle(.secondary)
                }
            }
            .navigationTitle(title)
            .navigationBarTitleDisplayMode(.inline)
            .searchable(text: $query, placement: .navigationBarDrawer(displayMode: .always), prompt: "Search your contacts")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
            }
            .task { await list.load() }
            .task(id: query) {
                guard (try? await Task.sleep(for: .milliseconds(250))) != nil else { return }
                await list.search(query)
            }
        }
    }
}
