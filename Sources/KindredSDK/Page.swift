import Foundation

/// One page of a list that can grow, the contract's one pagination shape. Ask for the next page
/// with `nextCursor`; nil means this was the last.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    public var nextCursor: String?

    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension KindredSession {
    /// Every item of a paged list, following `nextCursor` page by page (at most `maximumPages`,
    /// so a server that keeps answering with a cursor cannot keep the caller forever).
    public nonisolated func all<Item: Sendable>(
        maximumPages: Int = 100, _ page: @Sendable (_ cursor: String?) async throws -> Page<Item>
    ) async throws -> [Item] {
        var items: [Item] = []
        var cursor: String?
        for _ in 0..<maximumPages {
            let next = try await page(cursor)
            items += next.items
            guard let following = next.nextCursor else { return items }
            cursor = following
        }
        return items
    }
}
