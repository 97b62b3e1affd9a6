import RinAppShell
import SwiftUI

/// Picking contacts of the book for a circle: search, tick, add. Those already listed in the
/// circle say so; adding someone already in changes nothing on the server either.
struct AddMembersView: View {
    @State private var list: ContactListModel
    @State private var members: CircleMembersModel
    @State private var chosen: Set<UUID> = []
    @State private var query = ""
    @State private var isAdding = false
    @Environment(\.dismiss) private var dismiss

    init(context: RinContext, circleID: UUID) {
        _list = State(initialValue: ContactListModel(context: context))
        _members = State(initialValue: CircleMembersModel(context: context, circleID: circleID))
    }

    var body: some View {
        List {
            if let error = members.error ?? list.error {
                MessageRow(text: error)
            }
            ForEach(list.contacts, id: \.id) { contact in
                let already = inCircle.contains(contact.id)
                Button {
                    if chosen.contains(contact.id) { chosen.remove(contact.id) } else { chosen.insert(contact.id) }
                } label: {
                    HStack {
                        Image(systemName: already || chosen.contains(contact.id) ? "checkmark.circle.fill" : "circle")
                            .foregroundStyle(already ? Color.secondary : RinTheme.accent)
                        ContactRow(contact: contact)
                    }
                }
                .buttonStyle(.plain)
                .disabled(already)
                .accessibilityValue(already ? "Already in this circle" : chosen.contains(contact.id) ? "Chosen" : "")
            }
            if list.hasMore {
                LoadMoreRow { await list.loadMore() }
            }
            if let empty = list.emptyText {
                Text(empty == "Your book is empty" ? "Your book is empty: add contacts first." : empty)
                    .foregroundStyle(.secondary)
            }
        }
        .navigationTitle("Add to \(members.circle?.name ?? "circle")")
        .navigationBarTitleDisplayMode(.inline)
        .searchable(text: $query, prompt: "Search your contacts")
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                if isAdding {
                    ProgressView()
                } else {
                    Button(chosen.isEmpty ? "Add" : "Add \(chosen.count)") { Task { await add() } }
                        .disabled(chosen.isEmpty)
                }
            }
        }
        .task {
            await members.load()
            await list.load()
        }
        .task(id: query) {
            guard (try? await Task.sleep(for: .milliseconds(250))) != nil else { return }
            await list.search(query)
        }
    }

    /// The contacts among the members read so far.
    private var inCircle: Set<UUID> { Set(members.members.compactMap(\.contactId)) }

    private func add() async {
        isAdding = true
        defer { isAdding = false }
        if await members.add(contacts: Array(chosen)) { dismiss() }
    }
}
