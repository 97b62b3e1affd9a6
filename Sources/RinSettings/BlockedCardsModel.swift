import Foundation
import Observation

/// The Rin profiles I blocked (cards and people), each by the name I knew it by, and lifting a
/// block. A block never named an account, so neither does this list.
@MainActor @Observable
public final class BlockedCardsModel {
    public private(set) var blocks: [RinBlock] = []
    public private(set) var cursor: String?
    public private(set) var isLoading = false
    public private(set) var error: String?
    /// What just happened, for the screen: "… is unblocked."
    public private(set) var notice: String?

    private let context: RinContext
    private let pageSize: Int?

    public init(context: RinContext, pageSize: Int? = nil) {
        self.context = context
        self.pageSize = pageSize
    }

    public var isEmpty: Bool { blocks.isEmpty && !isLoading }

    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let page = try await context.session.rinBlocks(limit: pageSize)
            (blocks, cursor, error) = (page.items, page.nextCursor, nil)
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func loadMore() async {
        guard let cursor else { return }
        do {
            let page = try await context.session.rinBlocks(limit: pageSize, cursor: cursor)
            let known = Set(blocks.map(\.id))
            blocks += page.items.filter { !known.contains($0.id) }
            (self.cursor, error) = (page.nextCursor, nil)
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Lifts the block. A block already lifted elsewhere (404) leaves the list too.
    public func unblock(_ block: RinBlock) async {
        do {
            try await context.session.unblockRin(block.id)
        } catch let failure as KindredError where failure.status == 404 {
            // Gone already: nothing to lift.
        } catch {
            self.error = error.localizedDescription
            return
        }
        blocks.removeAll { $0.id == block.id }
        (notice, error) = ("\(block.label) is unblocked. Asks the block declined stay declined.", nil)
    }
}
