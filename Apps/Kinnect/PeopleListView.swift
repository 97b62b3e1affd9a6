import KinnectCore
import SwiftUI

/// Someone's followers or whom they follow, most recent first. On my own followers a swipe
/// removes one (they are not told, and may ask again).
struct PeopleListView: View {
    enum Kind {
        case followers
        case following
    }

    let session: KindredSession
    let username: String
    let list: Kind

    @Environment(\.viewer) private var viewer
    @State private var pager: Pager<KinnectPerson>
    @State private var removing: KinnectPerson?
    @State private var removeError: String?
    @State private var showsRemoveError = false

    init(session: KindredSession, username: String, list: Kind) {
        self.session = session
        self.username = username
        self.list = list
        _pager = State(initialValue: Pager(identity: \.profile.id) { cursor in
            switch list {
            case .followers: return try await session.followers(of: username, cursor: cursor)
            case .following: return try await session.following(of: username, cursor: cursor)
            }
        })
    }

    /// My own followers, whom I may remove.
    private var canRemove: Bool {
        list == .followers && viewer?.profile?.username == username
    }

    var body: some View {
        List {
            ForEach(pager.items, id: \.profile.id) { person in
                NavigationLink(value: KinnectRoute.profile(person.profile.username)) {
                    PersonRow(profile: person.profile)
                }
                .swipeActions(edge: .trailing, allowsFullSwipe: false) {
                    if canRemove {
                        Button("Remove", systemImage: "person.badge.minus", role: .destructive) { removing = person }
                    }
                }
            }
            more
        }
        .listStyle(.plain)
        .overlay { emptyState }
        .refreshable { await pager.load() }
        .navigationTitle(list == .followers ? "Followers" : "Following")
        .navigationBarTitleDisplayMode(.inline)
        .task {
            if !pager.hasLoaded { await pager.load() }
        }
        .confirmationDialog("Remove \(removing?.profile.username ?? "this follower")?",
                            isPresented: Binding(get: { removing != nil }, set: { if !$0 { removing = nil } }),
                            titleVisibility: .visible, presenting: removing) { person in
            Button("Remove", role: .destructive) { Task { await remove(person) } }
        } message: { person in
            Text("\(person.profile.shownName) stops seeing your posts and isn't told. They can ask to follow you again.")
        }
        .alert("Could not remove", isPresented: $showsRemoveError) {
            Button("OK") {}
        } message: {
            Text(removeError ?? "")
        }
    }

    @ViewBuilder private var more: some View {
        if let error = pager.error {
            VStack(alignment: .leading, spacing: 6) {
                Text(error).font(.footnote).foregroundStyle(.red)
                Button("Try again") {
                    Task {
                        if pager.hasLoaded { await pager.loadMore() } else { await pager.load() }
                    }
                }
                .buttonStyle(.bordered)
            }
        } else if pager.nextCursor != nil {
            ProgressView()
                .frame(maxWidth: .infinity)
                .task { await pager.loadMore() }
        }
    }

    @ViewBuilder private var emptyState: some View {
        if pager.hasLoaded && pager.items.isEmpty && pager.error == nil {
            ContentUnavailableView(list == .followers ? "No followers yet" : "Not following anyone yet",
                                   systemImage: "person.2")
        } else if !pager.hasLoaded && pager.error == nil {
            ProgressView()
        }
    }

    private func remove(_ person: KinnectPerson) async {
        do {
            try await session.removeFollower(person.profile.username)
            pager.remove(person.profile.id)
        } catch {
            removeError = error.localizedDescription
            showsRemoveError = true
        }
    }
}
