import Foundation
import KindredSDK
import Observation

/// "Matches": everything I liked, newest first (a page at a time), with how I swipe.
@MainActor @Observable
public final class MatchesModel {
    public private(set) var matches: [Match] = []
    public private(set) var stats: SwipeStats?
    public private(set) var error: String?
    /// Set while more matches wait on the server; `loadMore()` fetches them.
    public private(set) var nextCursor: String?
    public private(set) var isLoadingMore = false

    private let session: KindredSession

    public init(session: KindredSession) {
        self.session = session
    }

    public func load() async {
        do {
            async let page = session.matches()
            async let stats = session.swipeStats()
            let (first, swipeStats) = (try await page, try await stats)
            (matches, nextCursor, self.stats) = (first.items, first.nextCursor, swipeStats)
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// The next page, appended; a match already shown (it moved while paging) is not repeated.
    public func loadMore() async {
        guard let cursor = nextCursor, !isLoadingMore else { return }
        isLoadingMore = true
        defer { isLoadingMore = false }
        do {
            let page = try await session.matches(cursor: cursor)
            let shown = Set(matches.map(\.intervention.id))
            matches += page.items.filter { !shown.contains($0.intervention.id) }
            nextCursor = page.nextCursor
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    public var favouriteCategoryName: String? { stats?.favouriteCategory?.displayName }
}
