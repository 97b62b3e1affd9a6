import Foundation
import KindredSDK
import Observation

/// My letters in progress in one book, the most recently saved first: resumed from any device,
/// discarded with a swipe (gone at once, back if the server says no).
@MainActor @Observable
public final class DraftsModel {
    public let bookID: UUID
    public private(set) var drafts: [MemoriesPageSummary] = []
    public private(set) var nextCursor: String?
    public private(set) var error: String?

    private let session: KindredSession

    public init(session: KindredSession, bookID: UUID) {
        self.session = session
        self.bookID = bookID
    }

    public func load() async {
        do {
            let page = try await session.drafts(in: bookID)
            (drafts, nextCursor, error) = (page.items, page.nextCursor, nil)
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func loadMore() async {
        guard let cursor = nextCursor else { return }
        do {
            let page = try await session.drafts(in: bookID, cursor: cursor)
            let shown = Set(drafts.map(\.id))
            drafts += page.items.filter { !shown.contains($0.id) }
            nextCursor = page.nextCursor
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func discard(_ draft: MemoriesPageSummary) async {
        guard let index = drafts.firstIndex(where: { $0.id == draft.id }) else { return }
        drafts.remove(at: index)
        do {
            try await session.deleteDraft(draft.id)
            error = nil
        } catch {
            drafts.insert(draft, at: min(index, drafts.count))
            self.error = error.localizedDescription
        }
    }
}
