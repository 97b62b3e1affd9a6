import MemoriesCore
import SwiftUI

/// What happened in my friendships and books, newest first: requests, accepted requests,
/// letters that arrived, pages the friend added. A tap opens the book at the page, or Friends
/// for a request. Looking at the list marks it read up to the newest item shown (as on the
/// web), which clears the tab's badge; something new while I look is read at once.
struct ActivityView: View {
    let session: KindredSession
    /// Shows the Friends tab, where a request is answered.
    let openFriends: @MainActor () -> Void

    @Environment(MemoriesActivityModel.self) private var model
    /// A book opened from here: the list is not on screen while it is.
    @State private var path = NavigationPath()
    @State private var isShown = false
    @State private var catchingUp = false
    @State private var loaded = false
    /// What was new when I looked. Marking read clears `unread` at once; these keep their tint
    /// until the tab is next shown, as the web keeps it until it reads the list again.
    @State private var newItems: Set<UUID> = []

    var body: some View {
        NavigationStack(path: $path) {
            List {
                if let error = model.error, !model.items.isEmpty {
                    Text(error).font(.footnote).foregroundStyle(.red)
                }
                ForEach(model.items, id: \.id) { item in
                    row(item)
                        .listRowBackground(isNew(item) ? Color.accentColor.opacity(0.08) : nil)
                }
                if model.nextCursor != nil {
                    ProgressView()
                        .frame(maxWidth: .infinity)
                        .task { await model.loadMore() }
                }
            }
            .listStyle(.plain)
            .overlay { emptyState }
            .refreshable { await catchUp() }
            .navigationTitle("Activity")
            .memoriesRoutes(session: session)
        }
        // Every time the tab is shown: the list as it is now, then read.
        .task { await catchUp() }
        .onAppear { isShown = true }
        .onDisappear { isShown = false }
        // The model read the list again for something new (a request, a book, a page): if I am
        // looking, I have seen it.
        .onChange(of: model.unreadCount) { _, unread in
            guard unread > 0, !catchingUp else { return }
            Task { await markSeen() }
        }
        // Back from a book opened here: what came meanwhile is on screen now.
        .onChange(of: path.isEmpty) { _, isEmpty in
            guard isEmpty, model.unreadCount > 0, !catchingUp else { return }
            Task { await markSeen() }
        }
    }

    @ViewBuilder private func row(_ item: MemoriesActivity) -> some View {
        if item.kind == .friendRequested {
            Button { openFriends() } label: { ActivityRow(item: item, isNew: isNew(item)) }
                .buttonStyle(.plain)
                .accessibilityHint("Opens Friends, to answer")
        } else if let route = item.route {
            NavigationLink(value: route) { ActivityRow(item: item, isNew: isNew(item)) }
        } else {
            ActivityRow(item: item, isNew: isNew(item))
        }
    }

    private func isNew(_ item: MemoriesActivity) -> Bool {
        item.unread || newItems.contains(item.id)
    }

    private func catchUp() async {
        // The badge changes while this runs (load, then read); that must not start another.
        guard !catchingUp else { return }
        catchingUp = true
        defer { catchingUp = false }
        await model.load()
        loaded = true
        newItems = []
        await markSeen()
    }

    /// Marks read up to the newest item shown, if the list is what is on screen (not a book
    /// opened from it, not another tab).
    private func markSeen() async {
        guard isShown, path.isEmpty else { return }
        newItems.formUnion(model.items.filter(\.unread).map(\.id))
        await model.markRead()
    }

    @ViewBuilder private var emptyState: some View {
        if model.items.isEmpty {
            if let error = model.error {
                ContentUnavailableView {
                    Label("Activity did not load", systemImage: "exclamationmark.triangle")
                } description: {
                    Text(error)
                } actions: {
                    Button("Try again") { Task { await catchUp() } }
                }
            } else if loaded {
                ContentUnavailableView("Nothing yet", systemImage: "bell",
                                       description: Text("Friend requests, letters and new pages in your books show up here."))
            } else {
                ProgressView()
            }
        }
    }
}

/// One thing that happened: who, what, and when.
struct ActivityRow: View {
    let item: MemoriesActivity
    /// Unread when the list was shown (it may have been marked read since).
    let isNew: Bool

    @ScaledMetric(relativeTo: .body) private var faceSize: CGFloat = 40

    var body: some View {
        HStack(alignment: .top, spacing: 12) {
            AvatarView(profile: item.actor, size: faceSize)
            VStack(alignment: .leading, spacing: 2) {
                Text("\(Text(item.actor.shownName).fontWeight(.semibold)) \(item.what)")
                    .font(.subheadline)
                    .fixedSize(horizontal: false, vertical: true)
                Text(item.createdAt, format: .relative(presentation: .named))
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            Spacer(minLength: 0)
            symbol
        }
        .padding(.vertical, 4)
        .accessibilityElement(children: .combine)
        .accessibilityValue(isNew ? "New" : "")
    }

    @ViewBuilder private var symbol: some View {
        switch item.kind {
        case .letterArrived: PageKindBadge(kind: .letter)
        case .pageAdded: PageKindBadge(kind: .memory)
        case .friendRequested, .friendAccepted:
            Image(systemName: "person.badge.plus")
                .foregroundStyle(.secondary)
                .accessibilityHidden(true)
        }
    }
}
