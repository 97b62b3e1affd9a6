import Foundation
import KindredSDK
import Observation

/// A list read a page at a time from one of the session's paged operations (Kinnect: someone's
/// posts, saved posts, followers), for lists the apps'
/// core modules have no model of their own for. It imports no UI framework, so it can move into
/// KindredSDK (and its tests) unchanged.
@MainActor @Observable
final class Pager<Item: Sendable> {
    private(set) var items: [Item] = []
    private(set) var nextCursor: String?
    private(set) var isLoading = false
    /// The first page has arrived at least once (so "nothing here" can be told from "not yet").
    private(set) var hasLoaded = false
    private(set) var error: String?

    private let identity: (Item) -> UUID
    private let fetch: @Sendable (_ cursor: String?) async throws -> Page<Item>

    init(identity: @escaping (Item) -> UUID, fetch: @escaping @Sendable (_ cursor: String?) async throws -> Page<Item>) {
        self.identity = identity
        self.fetch = fetch
    }

    /// Reads the first page again.
    func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let page = try await fetch(nil)
            (items, nextCursor, error, hasLoaded) = (page.items, page.nextCursor, nil, true)
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// The next page, when the last items shown scroll into view.
    func loadMore() async {
        guard let cursor = nextCursor, !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        do {
            let page = try await fetch(cursor)
            let shown = Set(items.map(identity))
            items += page.items.filter { !shown.contains(identity($0)) }
            nextCursor = page.nextCursor
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Takes an item out once the server has agreed (a follower removed, a draft discarded).
    func remove(_ id: UUID) {
        items.removeAll { identity($0) == id }
    }
}
