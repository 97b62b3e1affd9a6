import KinnectCore
import SwiftUI

/// Activity: what happened around me, newest first and grouped ("ada and 3 others liked your
/// post"). Follow requests are answered right in the list. Looking at the list marks it read,
/// which clears the tab's badge; something new while I look is read in at once.
struct ActivityView: View {
    let session: KindredSession
    @Environment(ActivityModel.self) private var model
    @State private var isShown = false
    @State private var catchingUp = false
    @State private var loaded = false

    var body: some View {
        NavigationStack {
            List {
                if let error = model.error, !model.items.isEmpty {
                    Text(error)
                        .font(.footnote)
                        .foregroundStyle(.red)
                }
                ForEach(model.items, id: \.id) { item in
                    row(item)
                        .listRowBackground(item.unread ? Color.accentColor.opacity(0.08) : nil)
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
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    NavigationLink(value: KinnectRoute.followRequests) {
                        Label("Follow requests", systemImage: "person.badge.plus")
                    }
                }
            }
            .kinnectRoutes(session: session)
        }
        // Every time the tab is shown: the list as it is now, then read.
        .task { await catchUp() }
        .onAppear { isShown = true }
        .onDisappear { isShown = false }
        .onChange(of: model.unreadCount) { _, unread in
            guard isShown, unread > 0 else { return }
            Task { await catchUp() }
        }
    }

    @ViewBuilder private func row(_ item: KinnectActivity) -> some View {
        if item.kind == .followRequested, let person = item.actors.first {
            FollowRequestRow(profile: person, since: item.latestAt,
                             confirm: { await model.confirm(item) },
                             delete: { await model.delete(item) })
        } else if let route = item.route {
            NavigationLink(value: route) { ActivityRow(item: item) }
        } else {
            ActivityRow(item: item)
        }
    }

    private func catchUp() async {
        // The badge changes while this runs (load, then read); that must not start another.
        guard !catchingUp else { return }
        catchingUp = true
        defer { catchingUp = false }
        await model.load()
        loaded = true
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
                ContentUnavailableView("Nothing yet", systemImage: "heart",
                                       description: Text("When people ask to follow you, or like and comment on your posts, you'll see it here."))
            } else {
                ProgressView()
            }
        }
    }
}
