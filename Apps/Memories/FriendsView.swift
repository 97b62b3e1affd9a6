import MemoriesCore
import SwiftUI

/// Friends: ask someone by username, answer the requests that came to me (they arrive live),
/// cancel mine, and my friends, each a way into our book. Unfriending asks first: our book is
/// archived, not deleted. Report and Block are on every person's menu.
struct FriendsView: View {
    let session: KindredSession
    @Environment(FriendsModel.self) private var model
    @State private var loaded = false
    @State private var unfriending: MemoriesFriend?
    @State private var reporting: ReportSubject?
    @State private var blocking: Profile?

    var body: some View {
        NavigationStack {
            List {
                AddFriendSection()
                if let error = model.error, model.fieldErrors.isEmpty {
                    Section {
                        Text(error).font(.footnote).foregroundStyle(.red)
                    }
                }
                if !model.incoming.isEmpty {
                    Section("Asked to be your friend") {
                        ForEach(model.incoming, id: \.profile.id) { request in
                            FriendRequestRow(request: request, accept: { await model.accept(request) }, delete: { await model.delete(request) })
                                .contextMenu { safetyActions(for: request.profile) }
                        }
                    }
                }
                if !model.outgoing.isEmpty {
                    Section("Waiting for an answer") {
                        ForEach(model.outgoing, id: \.profile.id) { request in
                            FriendRequestRow(request: request, accept: {}, delete: { await model.delete(request) })
                                .contextMenu { safetyActions(for: request.profile) }
                        }
                    }
                }
                friendsSection
            }
            .refreshable { await model.load() }
            .navigationTitle("Friends")
            .confirmationDialog("Unfriend \(unfriending?.profile.shownName ?? "them")?",
                                isPresented: Binding(get: { unfriending != nil }, set: { if !$0 { unfriending = nil } }),
                                titleVisibility: .visible, presenting: unfriending) { friend in
                Button("Unfriend", role: .destructive) { Task { await model.unfriend(friend) } }
            } message: { friend in
                Text("Your book will be archived. You and \(friend.profile.shownName) can both still read it, but neither of you can add to it.")
            }
            .sheet(item: $reporting) { subject in
                ReportSheet(session: session, subject: subject)
            }
            .blockConfirmation(
                session: session, person: $blocking,
                consequence: "If you're friends, your book is archived: you both keep reading it, and neither of you can add to it."
            ) { await model.load() }
            .memoriesRoutes(session: session)
        }
        .task {
            await model.load()
            loaded = true
        }
    }

    private var friendsSection: some View {
        Section("Friends") {
            if model.friends.isEmpty, loaded {
                Text("No friends here yet. When someone accepts, your book together appears on your shelf.")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
            ForEach(model.friends, id: \.profile.id) { friend in
                NavigationLink(value: MemoriesRoute.book(friend.book.id)) {
                    PersonRow(profile: friend.profile,
                              detail: Text("Friends since \(friend.since.formatted(date: .abbreviated, time: .omitted))"))
                }
                .swipeActions {
                    // Not a destructive role: that would take the row away before the question is answered.
                    Button("Unfriend") { unfriending = friend }
                        .tint(.red)
                }
                .contextMenu {
                    Button("Unfriend…", systemImage: "person.crop.circle.badge.minus") { unfriending = friend }
                    safetyActions(for: friend.profile)
                }
            }
        }
    }

    @ViewBuilder private func safetyActions(for person: Profile) -> some View {
        Button("Report \(person.username)…", systemImage: "exclamationmark.bubble") { reporting = .profile(person) }
        Button("Block \(person.username)", systemImage: "hand.raised", role: .destructive) { blocking = person }
    }
}

/// Asks someone to be friends by their username; the server's reason shows under the field
/// ("No one is called …"), and the field clears once the request is sent.
private struct AddFriendSection: View {
    @Environment(FriendsModel.self) private var model
    @State private var username = ""
    @State private var asking = false

    private var trimmed: String { username.trimmingCharacters(in: .whitespaces) }

    var body: some View {
        Section {
            HStack {
                TextField("Username", text: $username)
                    .textContentType(.username)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                    .submitLabel(.send)
                    .onSubmit { Task { await ask() } }
                if asking {
                    ProgressView()
                } else {
                    Button("Ask") { Task { await ask() } }
                        .buttonStyle(.borderedProminent)
                        .disabled(trimmed.isEmpty)
                }
            }
        } header: {
            Text("Add a friend")
        } footer: {
            if let message = model.fieldErrors["username"] {
                Text(message).foregroundStyle(.red)
            } else {
                Text("Ask someone by their Kindred username. Once they accept, a book for the two of you appears on both your shelves.")
            }
        }
    }

    private func ask() async {
        guard !asking, !trimmed.isEmpty else { return }
        asking = true
        defer { asking = false }
        await model.ask(trimmed)
        if model.error == nil, model.fieldErrors.isEmpty { username = "" }
    }
}
