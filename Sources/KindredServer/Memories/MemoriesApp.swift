import Fluent
import Foundation
import KindredAPI
import MemoriesCanvas
import Vapor

/// What Memories asks of the foundation.
enum MemoriesApp: KindredApp {
    static let id = "memories"
    static let name = "Memories"
    static let contractPrefix = "Memories"

    /// My friends and requests, the books I share and their pages (a friend's letter once it is
    /// sent: until then it is their draft), my own operations on pages, and my activity.
    static let exportedTables: [ExportedTable] = [
        ExportedTable("memories_friend_requests", .account("requester_id"), .account("recipient_id")),
        ExportedTable("memories_friendships", .account("low_user_id"), .account("high_user_id")),
        ExportedTable("memories_book_members", .account("user_id")),
        ExportedTable("memories_books", .child("memories_book_members", "book_id")),
        ExportedTable("memories_pages", .account("author_id"),
                      .parent("book_id", in: "memories_books").when("kind = 'memory' OR placed_at IS NOT NULL")),
        ExportedTable("memories_page_operations", .account("author_id")),
        ExportedTable("memories_book_media", .parent("book_id", in: "memories_books")),
        ExportedTable("memories_draft_media", .parent("page_id", in: "memories_pages")),
        ExportedTable("memories_activity", .account("recipient_id")),
    ]

    /// A page may be 2 MiB as stored; a client's JSON of the same page can be a little longer
    /// (more digits), so the body may be a quarter more. The canvas's own checks decide the rest.
    static let notificationKinds = MemoriesNotifications.all

    static let pageBodyLimit = CanvasLimits.bytes + CanvasLimits.bytes / 4

    static let operations: [String: OperationPolicy] = [
        "createMemoriesPage": .init(bodyLimit: pageBodyLimit),
        "createMemoriesDraft": .init(bodyLimit: pageBodyLimit),
        "saveMemoriesDraft": .init(bodyLimit: pageBodyLimit),
        "applyMemoriesOperations": .init(bodyLimit: pageBodyLimit),
    ]

    /// A photo placed in a book (on a page, or as its cover) is seen by the book's members.
    static func mayView(_ item: MediaItem, viewerID: UUID, on database: any Database) async throws -> Bool {
        let books = try await MemoriesBookMedia.query(on: database).filter(\.$media.$id == item.requireID()).all().map(\.$book.id)
        guard !books.isEmpty else { return false }
        return try await MemoriesBookMember.query(on: database).filter(\.$book.$id ~~ books).filter(\.$user.$id == viewerID).count() > 0
    }

    /// Photos placed in a book stay as long as the book does, and those on a draft as long as it waits.
    static func mediaInUse(_ ids: [UUID], on database: any Database) async throws -> Set<UUID> {
        let placed = try await MemoriesBookMedia.query(on: database).filter(\.$media.$id ~~ ids).all().map(\.$media.id)
        let drafted = try await MemoriesDraftMedia.query(on: database).filter(\.$media.$id ~~ ids).all().map(\.$media.id)
        return Set(placed + drafted)
    }

    /// A block ends the friendship and any request between the two; the book is archived.
    static func endRelationships(between blockerID: UUID, and blockedID: UUID, in context: ServiceContext) async throws {
        try await MemoriesFriendService(context: context).endEverything(between: blockerID, and: blockedID)
    }

    /// My part of a shared memory page goes with my account and the friend keeps theirs: my
    /// elements are taken off each page, and a page I added passes to the friend (or goes, if
    /// nothing of theirs is on it). My letters, drafts, operations and the rest cascade.
    static func removeContent(of userID: UUID, on database: any Database) async throws {
        let memberships = try await MemoriesBookMember.query(on: database).filter(\.$user.$id == userID).all()
        guard !memberships.isEmpty else { return }
        let bookIDs = memberships.map(\.$book.id)
        let others = try await MemoriesBookMember.query(on: database).filter(\.$book.$id ~~ bookIDs).filter(\.$user.$id != userID).all()
        let friendByBook = Dictionary(others.map { ($0.$book.id, $0.$user.id) }, uniquingKeysWith: { first, _ in first })
        // A book whose other member has gone already goes with its last reader, pages and all.
        let lastReader = bookIDs.filter { friendByBook[$0] == nil }
        if !lastReader.isEmpty { try await MemoriesBook.query(on: database).filter(\.$id ~~ lastReader).delete() }
        let shared = bookIDs.filter { friendByBook[$0] != nil }
        for page in try await MemoriesPage.query(on: database).filter(\.$book.$id ~~ shared).filter(\.$kind == .memory).all() {
            var authors = page.elementAuthors
            let mine = Set(authors.filter { $0.value == userID }.map(\.key))
            var canvas = try page.canvas()
            canvas.elements.removeAll { mine.contains($0.id) }
            if page.$author.id == userID {
                guard let friendID = friendByBook[page.$book.id], !canvas.elements.isEmpty else {
                    try await page.delete(on: database)
                    continue
                }
                page.$author.id = friendID
            }
            if !mine.isEmpty {
                for id in mine { authors[id] = nil }
                page.store(canvas, encoded: try canvas.encoded())
                page.elementAuthors = authors
                // A change outside the sequence: a device that had the page open sees the gap
                // at the next operation and loads the page again.
                page.seq += 1
            }
            try await page.save(on: database)
        }
    }

    static func seedDemo(_ app: Application, people: [User]) async throws {
        try await MemoriesDemo.seed(app, people: people)
    }
}
