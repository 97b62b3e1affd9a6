import Foundation
import KindredSDK
import Observation

/// One book open in the viewer: its contents in book order, the spread on screen, and the pages
/// near it loaded (a 200-page book opens on its first spread, not after its last page).
@MainActor @Observable
public final class BookModel {
    public let bookID: UUID
    public private(set) var book: MemoriesBook?
    public private(set) var contents: [MemoriesPageSummary] = []
    public private(set) var loaded: [UUID: MemoriesPageDetail] = [:]
    /// The first page on screen.
    public private(set) var position = 0
    /// One page at a time (a phone) or two (a spread).
    public var pagesPerView: Int = 2
    public private(set) var error: String?

    private let session: KindredSession
    private var nextCursor: String?

    public init(session: KindredSession, bookID: UUID) {
        self.session = session
        self.bookID = bookID
    }

    public var visible: [MemoriesPageSummary] {
        Array(contents.dropFirst(position).prefix(pagesPerView))
    }

    public var canTurnForward: Bool { position + pagesPerView < contents.count || nextCursor != nil }
    public var canTurnBack: Bool { position > 0 }

    /// Opens the book: its first pages, the ones on screen loaded, its letters marked read.
    public func open() async {
        do {
            book = try await session.book(bookID)
            let first = try await session.bookPages(bookID)
            (contents, nextCursor) = (first.items, first.nextCursor)
            try await session.markBookRead(bookID)
            error = nil
            await loadAround()
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func turnForward() async {
        guard canTurnForward else { return }
        if position + pagesPerView * 2 >= contents.count { await loadMoreContents() }
        position = min(position + pagesPerView, max(contents.count - 1, 0))
        await loadAround()
    }

    public func turnBack() async {
        guard canTurnBack else { return }
        position = max(position - pagesPerView, 0)
        await loadAround()
    }

    /// Jumps to a page from the contents list.
    public func go(to pageID: UUID) async {
        guard let index = contents.firstIndex(where: { $0.id == pageID }) else { return }
        position = index - index % pagesPerView
        await loadAround()
    }

    public func followChanges() async {
        for await event in session.events() {
            guard case .memories_page_added(let added) = event, added.page.bookId == bookID else { continue }
            if !contents.contains(where: { $0.id == added.page.id }), nextCursor == nil { contents.append(added.page) }
        }
    }

    private func loadMoreContents() async {
        guard let cursor = nextCursor else { return }
        do {
            let page = try await session.bookPages(bookID, cursor: cursor)
            contents += page.items
            nextCursor = page.nextCursor
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// The pages on screen and the next and previous spreads.
    private func loadAround() async {
        let range = max(position - pagesPerView, 0)..<min(position + pagesPerView * 2, contents.count)
        for summary in contents[range] where loaded[summary.id] == nil {
            do {
                loaded[summary.id] = try await session.page(summary.id)
            } catch {
                self.error = error.localizedDescription
            }
        }
    }
}
