import Foundation
import KindredSDK
import Observation

/// The Activity tab: grouped activity a page at a time, the unread badge (kept live by the
/// `kinnect.activity.created` event), marking read, and follow requests confirmed or deleted
/// inline (the item leaves at once and comes back if the server says no).
@MainActor @Observable
public final class ActivityModel {
    public private(set) var items: [KinnectActivity] = []
    public private(set) var nextCursor: String?
    public private(set) var unreadCount = 0
    public private(set) var error: String?

    private let session: KindredSession

    public init(session: KindredSession) {
        self.session = session
    }

    public func load() async {
        do {
            let page = try await session.activity(limit: 20)
            (items, nextCursor, error) = (page.items, page.nextCursor, nil)
            unreadCount = try await session.unreadActivityCount()
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func loadMore() async {
        guard let cursor = nextCursor else { return }
        do {
            let page = try await session.activity(limit: 20, cursor: cursor)
            let shown = Set(items.map(\.id))
            items += page.items.filter { !shown.contains($0.id) }
            nextCursor = page.nextCursor
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Marks what is on screen read: everything up to the newest item shown, so an item that
    /// arrived since stays unread.
    public func markRead() async {
        guard let newest = items.map(\.latestAt).max() else { return }
        do {
            unreadCount = try await session.markActivityRead(through: newest)
            items = items.map { item in
                var item = item
                if item.latestAt <= newest { item.unread = false }
                return item
            }
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func confirm(_ item: KinnectActivity) async {
        await resolve(item) { try await $0.confirmFollowRequest(from: $1) }
    }

    public func delete(_ item: KinnectActivity) async {
        await resolve(item) { try await $0.deleteFollowRequest(from: $1) }
    }

    /// Keeps the badge current until the caller stops.
    public func followChanges() async {
        for await event in session.events() {
            guard case .kinnect_activity_created(let created) = event else { continue }
            unreadCount = created.unreadCount
        }
    }

    private func resolve(_ item: KinnectActivity, _ call: @Sendable (KindredSession, String) async throws -> Void) async {
        guard item.kind == .followRequested, let username = item.actors.first?.username,
              let index = items.firstIndex(where: { $0.id == item.id })
        else { return }
        items.remove(at: index)
        do {
            try await call(session, username)
            error = nil
        } catch {
            items.insert(item, at: min(index, items.count))
            self.error = error.localizedDescription
        }
    }
}
