import Fluent
import Foundation
import KindredAPI
import SQLKit

/// A book as one member sees it: who is in it, whether it is archived, how many pages it has and
/// how many letters to them arrived since they last opened it.
struct MemoriesBookView {
    var book: MemoriesBook
    var members: [User]
    var archived: Bool
    var pageCount: Int
    var unreadLetters: Int
}

/// Memories' books: the shelf, one book, its title and cover, and reading it. Only a book's
/// members learn anything of it; everyone else gets the 404 an unknown id gets.
struct MemoriesBookService {
    let context: ServiceContext

    static let coverColors = ["#7a2e3a", "#2f5d50", "#34487a", "#8a6a2f", "#5b3f7a", "#2f6e7a", "#3f3f46", "#9a4b2b"]

    /// The book `bookID` if `userID` is in it; a 404 otherwise.
    func membership(_ bookID: UUID, of userID: UUID, on database: (any Database)? = nil) async throws -> (MemoriesBook, MemoriesBookMember) {
        let database = database ?? context.database
        guard let member = try await MemoriesBookMember.query(on: database)
            .filter(\.$book.$id == bookID).filter(\.$user.$id == userID).with(\.$book).first()
        else { throw AppError.notFound("book") }
        return (member.book, member)
    }

    func isMember(_ bookID: UUID, _ userID: UUID) async throws -> Bool {
        try await MemoriesBookMember.query(on: context.database).filter(\.$book.$id == bookID).filter(\.$user.$id == userID).count() > 0
    }

    /// The book, for a change: a 404 for non-members, a 409 once archived.
    func writable(_ bookID: UUID, by userID: UUID, on database: (any Database)? = nil) async throws -> MemoriesBook {
        let (book, _) = try await membership(bookID, of: userID, on: database)
        guard try await isActive(bookID, on: database ?? context.database) else { throw Self.archived }
        return book
    }

    static let archived = AppError(.conflict, .conflict, "This book is archived: you are no longer friends, so nothing can be added to it or changed.")

    func isActive(_ bookID: UUID, on database: any Database) async throws -> Bool {
        try await MemoriesFriendship.query(on: database).filter(\.$book.$id == bookID).count() > 0
    }

    func memberIDs(_ bookID: UUID) async throws -> [UUID] {
        try await MemoriesBookMember.query(on: context.database).filter(\.$book.$id == bookID).all().map(\.$user.id)
    }

    /// My shelf, the most recently active book first.
    func shelf(of userID: UUID, page: PageRequest) async throws -> Page<MemoriesBookView> {
        let books = try await MemoriesBook.query(on: context.database)
            .join(MemoriesBookMember.self, on: \MemoriesBook.$id == \MemoriesBookMember.$book.$id)
            .filter(MemoriesBookMember.self, \.$user.$id == userID)
            .page(newestFirst: \.$lastActivityAt, date: \.lastActivityAt, page)
        return Page(items: try await views(books.items, for: userID), nextCursor: books.nextCursor)
    }

    func view(_ bookID: UUID, for userID: UUID) async throws -> MemoriesBookView {
        let (book, _) = try await membership(bookID, of: userID)
        return try await views([book], for: userID)[0]
    }

    /// Books as `userID` sees them, in the order given: a shelf page's books in six queries,
    /// whatever its length (members, their profiles, covers, friendships, and one grouped count).
    func views(_ books: [MemoriesBook], for userID: UUID) async throws -> [MemoriesBookView] {
        guard !books.isEmpty else { return [] }
        let database = context.database
        let ids = try books.map { try $0.requireID() }
        let members = try await MemoriesBookMember.query(on: database).filter(\.$book.$id ~~ ids).sort(\.$createdAt).all()
        let people = try await MemoriesFriendService.users(members.map(\.$user.id), on: database)
        let covers = try await MediaItem.query(on: database).filter(\.$id ~~ books.compactMap(\.$coverMedia.id)).all()
        let active = Set(try await MemoriesFriendship.query(on: database).filter(\.$book.$id ~~ ids).all().map(\.$book.id))
        // Placed pages, and letters to me placed after I last opened the book, per book.
        let counts = try await database.sql().raw("""
            SELECT p.book_id AS book_id, COUNT(*) AS pages,
              SUM(CASE WHEN p.kind = 'letter' AND p.author_id <> \(bind: userID)
                        AND (m.read_through IS NULL OR p.placed_at > m.read_through) THEN 1 ELSE 0 END) AS unread
            FROM \(ident: MemoriesPage.schema) p
            JOIN \(ident: MemoriesBookMember.schema) m ON m.book_id = p.book_id AND m.user_id = \(bind: userID)
            WHERE p.book_id IN (\(binds: ids)) AND p.placed_at IS NOT NULL
            GROUP BY p.book_id
            """).all()
        var pages: [UUID: (count: Int, unread: Int)] = [:]
        for row in counts {
            pages[try row.decode(column: "book_id", as: UUID.self)] =
                (try row.decode(column: "pages", as: Int.self), try row.decode(column: "unread", as: Int?.self) ?? 0)
        }
        return books.map { book in
            let bookID = book.id ?? UUID()
            book.$coverMedia.value = .some(covers.first { $0.id == book.$coverMedia.id })
            return MemoriesBookView(
                book: book, members: members.filter { $0.$book.id == bookID }.compactMap { people[$0.$user.id] },
                archived: !active.contains(bookID), pageCount: pages[bookID]?.count ?? 0, unreadLetters: pages[bookID]?.unread ?? 0)
        }
    }

    /// Changes the title or the cover; both members' devices hear of it.
    func update(_ bookID: UUID, title: String?, coverColor: String?, coverPhotoID: UUID?, removeCoverPhoto: Bool, by userID: UUID) async throws
        -> MemoriesBookView {
        if coverPhotoID != nil, removeCoverPhoto {
            throw AppError.validation(field: "removeCoverPhoto", "Choose a new cover photo or remove it, not both.")
        }
        let book = try await writable(bookID, by: userID)
        if let title { book.title = title.trimmingCharacters(in: .whitespaces) }
        if let coverColor { book.coverColor = coverColor.lowercased() }
        if let coverPhotoID {
            let media = try await MemoriesPageService(context: context)
                .attach([(coverPhotoID, "coverPhotoId")], to: bookID, by: userID, on: context.database)
            book.$coverMedia.id = media.first
        }
        if removeCoverPhoto { book.$coverMedia.id = nil }
        book.lastActivityAt = context.now
        try await book.save(on: context.database)
        // Both members, me too: my other devices show the new title or cover as well.
        for memberID in try await memberIDs(bookID) {
            await context.events.publish(.memoriesBookUpdated(try await view(bookID, for: memberID).dto(context: context)), to: memberID)
        }
        return try await view(bookID, for: userID)
    }

    /// Everything in the book so far has been seen: its unread letters and its activity items clear.
    func markRead(_ bookID: UUID, by userID: UUID) async throws {
        let (book, member) = try await membership(bookID, of: userID)
        // Every opening of a book marks it read; most find nothing new since the last, and
        // then nothing is written (anything placed in the book moves `lastActivityAt` on).
        if let readThrough = member.readThrough, readThrough > book.lastActivityAt { return }
        member.readThrough = context.now
        try await member.save(on: context.database)
        try await MemoriesActivity.query(on: context.database)
            .filter(\.$recipient.$id == userID).filter(\.$book.$id == bookID).filter(\.$readAt == nil)
            .set(\.$readAt, to: context.now).update()
        // My other devices' shelves and badges catch up.
        await context.events.publish(.memoriesBookUpdated(try await view(bookID, for: userID).dto(context: context)), to: userID)
    }

    /// A page was placed or changed: the book moves to the front of both shelves.
    static func touch(_ bookID: UUID, at now: Date, on database: any Database) async throws {
        try await MemoriesBook.query(on: database).filter(\.$id == bookID).set(\.$lastActivityAt, to: now).update()
    }
}

extension MemoriesBook {
    /// A first cover colour, the same for a pair every time.
    static func coverColor(for pair: MemoriesPair) -> String {
        let sum = pair.key.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
        return MemoriesBookService.coverColors[sum % MemoriesBookService.coverColors.count]
    }
}
