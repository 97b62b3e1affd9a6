import MemoriesCore
import SwiftUI

/// What happened in my friendships and books, newest first: requests, accepted requests,
/// letters that arrived, pages the friend added. A tap opens the book at the page, or Friends
/// for a request. Read again each time the tab shows.
struct ActivityView: View {
    let session: KindredSession
    /// Shows the Friends tab, where a request is answered.
    let openFriends: @MainActor () -> Void

    @State private var activity: Pager<MemoriesActivity>

    init(session: KindredSession, openFriends: @escaping @MainActor () -> Void) {
        self.session = session
        self.openFriends = openFriends
        _activity = State(initialValue: Pager(identity: \.id) { cursor in
            try await session.memoriesActivity(cursor: cursor)
        })
    }

    var body: some View {
        NavigationStack {
            List {
                if let error = activity.error, !activity.items.isEmpty {
                    Text(error).font(.footnote).foregroundStyle(.red)
                }
                ForEach(activity.items, id: \.id) { item in
                    row(item)
                        .listRowBackground(item.unread ? Color.accentColor.opacity(0.08) : nil)
                }
                if activity.nextCursor != nil {
                    ProgressView()
                        .frame(maxWidth: .infinity)
                        .task { await activity.loadMore() }
                }
            }
            .listStyle(.plain)
            .overlay { emptyState }
            .refreshable { await activity.load() }
            .navigationTitle("Activity")
            .memoriesRoutes(session: session)
        }
        .task { await activity.load() }
    }

    @ViewBuilder private func row(_ item: MemoriesActivity) -> some View {
        if item.kind == .friendRequested {
            Button { openFriends() } label: { ActivityRow(item: item) }
                .buttonStyle(.plain)
                .accessibilityHint("Opens Friends, to answer")
        } else if let route = item.route {
            NavigationLink(value: route) { ActivityRow(item: item) }
        } else {
            ActivityRow(item: item)
        }
    }

    @ViewBuilder private var emptyState: some View {
        if activity.items.isEmpty {
            if let error = activity.error {
                ContentUnavailableView {
                    Label("Activity did not load", systemImage: "exclamationmark.triangle")
                } description: {
                    Text(error)
                } actions: {
                    Button("Try again") { Task { await activity.load() } }
                }
            } else if activity.hasLoaded {
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
        .accessibilityValue(item.unread ? "New" : "")
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
