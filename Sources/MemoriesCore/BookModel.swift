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
    private var loading: Set<UUID> = []

    public init(session: KindredSession, bookID: UUID) {
        self.session = session
        self.bookID = bookID
    }

    public var visible: [MemoriesPageSummary] {
        Array(contents.dropFirst(position).prefix(pagesPerView))
    }

    public var canTurnForward: Bool { position + pagesPerView < contents.count || nextCursor != nil }
    public var canTurnBack: Bool { position > 0 }
    /// More of the contents is on the server than `contents` holds.
    public var hasMoreContents: Bool { nextCursor != nil }
    /// An archived book (the friendship ended): read, never added to.
    public var isReadOnly: Bool { book?.archived ?? true }

    /// Where a spread starts: 0, 2, 4… on a spread, any page one at a time.
    private func spreadStart(_ index: Int) -> Int {
        index - index % max(pagesPerView, 1)
    }

    /// Opens the book (again, if it was open): its first pages, the ones on screen loaded, its
    /// letters marked read.
    public func open() async {
        do {
            book = try await session.book(bookID)
            let first = try await session.bookPages(bookID)
            (contents, nextCursor) = (first.items, first.nextCursor)
            position = 0
            loaded.removeAll()
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
        position = spreadStart(min(position + pagesPerView, max(contents.count - 1, 0)))
        await loadAround()
    }

    public func turnBack() async {
        guard canTurnBack else { return }
        position = max(position - pagesPerView, 0)
        await loadAround()
    }

    /// Jumps to a page (from the contents list, or an activity item about a page further on
    /// than the contents read so far).
    public func go(to pageID: UUID) async {
        while !contents.contains(where: { $0.id == pageID }), nextCursor != nil {
            let before = contents.count
            await loadMoreContents()
            if contents.count == before { return }  // failed: `error` says why
        }
        guard let index = contents.firstIndex(where: { $0.id == pageID }) else { return }
        position = spreadStart(index)
        await loadAround()
    }

    /// A page I just made here (a letter sent, a memory page added): at the end of the book,
    /// once, whether or not its event has come, and turned to.
    public func added(_ page: MemoriesPageDetail) async {
        loaded[page.id] = page
        await added(MemoriesPageSummary(
            id: page.id, bookId: page.bookId, kind: page.kind, state: page.state, author: page.author, createdAt: page.createdAt,
            placedAt: page.placedAt, updatedAt: page.updatedAt, elementCount: page.canvas.elements.count))
        await go(to: page.id)
    }

    /// A page at the end of the book, once; read at once if it lands on the pages on screen or
    /// their neighbours (an empty book's first page, the blank side of the last spread).
    func added(_ page: MemoriesPageSummary) async {
        guard !contents.contains(where: { $0.id == page.id }), nextCursor == nil else { return }
        contents.append(page)
        book?.pageCount += 1
        await loadAround()
    }

    /// The next part of the contents (a contents list scrolled to its end).
    public func loadMoreContents() async {
        guard let cursor = nextCursor else { return }
        do {
            let page = try await session.bookPages(bookID, cursor: cursor)
            let known = Set(contents.map(\.id))
            contents += page.items.filter { !known.contains($0.id) }
            nextCursor = page.nextCursor
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// New pages (the friend's, and mine from other devices), changes to loaded pages and to the
    /// book itself, until the caller stops.
    public func followChanges() async {
        for await event in session.events() {
            switch event {
            case .memories_page_added(let added) where added.page.bookId == bookID:
                await self.added(added.page)
                // Read as it arrives, as the book is open (mine, from another device, too: harmless).
                try? await session.markBookRead(bookID)
            case .memories_page_changed(let changed) where changed.bookId == bookID:
                await pageChanged(changed)
            case .memories_book_updated(let updated) where updated.book.id == bookID:
                book = updated.book
            default:
                continue
            }
        }
    }

    /// A loaded page follows its operations in order; one that arrived out of order, or that
    /// adds a photo (which needs its signed URL), is read again.
    private func pageChanged(_ changed: Components.Schemas.MemoriesPageChangedEvent) async {
        guard var page = loaded[changed.pageId] else { return }
        for operation in changed.operations.sorted(by: { $0.seq < $1.seq }) where operation.seq > page.seq {
            guard operation.seq == page.seq + 1 else { return await reload(changed.pageId) }
            page.canvas.apply(operation.operation)
            page.seq = operation.seq
        }
        let known = Set(page.media.map(\.id))
        if page.canvas.mediaIDs.contains(where: { !known.contains($0) }) { return await reload(changed.pageId) }
        loaded[changed.pageId] = page
    }

    private func reload(_ pageID: UUID) async {
        do {
            loaded[pageID] = try await session.page(pageID)
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// The pages on screen and the next and previous spreads.
    private func loadAround() async {
        let range = max(position - pagesPerView, 0)..<min(position + pagesPerView * 2, contents.count)
        for summary in contents[range] where loaded[summary.id] == nil && !loading.contains(summary.id) {
            // A turn while this one waits would ask for the same page again.
            loading.insert(summary.id)
            defer { loading.remove(summary.id) }
            do {
                loaded[summary.id] = try await session.page(summary.id)
            } catch {
                self.error = error.localizedDescription
            }
        }
    }
}
