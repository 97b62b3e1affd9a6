import Foundation
import KindredSDK
import Observation

/// My books, the most recently active first; a book made by an accepted request, a letter
/// arriving or a change of title shows at once.
@MainActor @Observable
public final class ShelfModel {
    public private(set) var books: [MemoriesBook] = []
    public private(set) var nextCursor: String?
    public private(set) var error: String?

    private let session: KindredSession

    public init(session: KindredSession) {
        self.session = session
    }

    public var unreadLetters: Int { books.reduce(0) { $0 + $1.unreadLetters } }

    public func load() async {
        do {
            let page = try await session.books()
            (books, nextCursor, error) = (page.items, page.nextCursor, nil)
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func loadMore() async {
        guard let cursor = nextCursor else { return }
        do {
            let page = try await session.books(cursor: cursor)
            let shown = Set(books.map(\.id))
            books += page.items.filter { !shown.contains($0.id) }
            nextCursor = page.nextCursor
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func followChanges() async {
        for await event in session.events() {
            switch event {
            case .memories_book_created(let created): put(created.friend.book)
            case .memories_book_updated(let updated): put(updated.book)
            case .memories_page_added(let added):
                // The counts and order come from the server; one small read keeps them exact.
                if let book = try? await session.book(added.page.bookId) { put(book) }
            default: continue
            }
        }
    }

    private func put(_ book: MemoriesBook) {
        books.removeAll { $0.id == book.id }
        let index = books.firstIndex { $0.lastActivityAt < book.lastActivityAt } ?? books.endIndex
        books.insert(book, at: index)
    }
}
