import Foundation
import KindredSDK
import Observation

/// Memories' Activity tab: requests, new books, letters and pages, a page at a time, with the
/// unread badge. Memories has no activity event of its own: each event that leaves an item for
/// me (a request, a book, a page) asks the server again, which keeps the count exact.
@MainActor @Observable
public final class MemoriesActivityModel {
    public private(set) var items: [MemoriesActivity] = []
    public private(set) var nextCursor: String?
    public private(set) var unreadCount = 0
    public private(set) var error: String?

    private let session: KindredSession

    public init(session: KindredSession) {
        self.session = session
    }

    public func load() async {
        do {
            let page = try await session.memoriesActivity(limit: 20)
            (items, nextCursor, error) = (page.items, page.nextCursor, nil)
            unreadCount = try await session.memoriesActivityUnread()
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func loadMore() async {
        guard let cursor = nextCursor else { return }
        do {
            let page = try await session.memoriesActivity(limit: 20, cursor: cursor)
            let shown = Set(items.map(\.id))
            items += page.items.filter { !shown.contains($0.id) }
            nextCursor = page.nextCursor
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Asks the server how many are unread, leaving the list as it is.
    public func refreshUnread() async {
        do {
            unreadCount = try await session.memoriesActivityUnread()
        } catch {
            // The badge stays as it was; the next load or event corrects it.
        }
    }

    /// Marks what is on screen read: up to the newest item shown, so one that arrived since
    /// stays unread.
    public func markRead() async {
        guard let newest = items.map(\.createdAt).max() else { return }
        do {
            unreadCount = try await session.markMemoriesActivityRead(through: newest)
            items = items.map { item in
                var item = item
                if item.createdAt <= newest { item.unread = false }
                return item
            }
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Keeps the list and badge current until the caller stops.
    public func followChanges() async {
        for await event in session.events() {
            switch event {
            case .memories_friend_requested, .memories_book_created, .memories_page_added:
                await load()
            case .memories_book_updated:
                // A book read (here or on another device) reads its activity with it.
                await refreshUnread()
            default:
                continue
            }
        }
    }
}
