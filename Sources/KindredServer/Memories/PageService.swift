import Fluent
import Foundation
import KindredAPI
import MemoriesCanvas

/// A page as its reader gets it: the row, its canvas, its author and the photos on it.
struct MemoriesPageView {
    var page: MemoriesPage
    var canvas: Canvas
    var author: User
    var media: [MediaItem]
}

/// Memories' pages: letters (drafted privately, autosaved, then sent and never changed again),
/// memory pages (made here, changed through `MemoriesOperationService`), and reading them.
struct MemoriesPageService {
    let context: ServiceContext

    var books: MemoriesBookService { MemoriesBookService(context: context) }

    // MARK: - Letters

    /// Starts a letter in `bookID`: mine alone until I send it.
    func createDraft(in bookID: UUID, canvas: Canvas?, by userID: UUID) async throws -> MemoriesPageView {
        try await create(.letter, in: bookID, canvas: canvas, by: userID)
    }

    /// Saves a draft whole. `revision` is the one it was edited from: a save from another device
    /// in between is a 409, never silently overwritten.
    func save(draft draftID: UUID, canvas: Canvas, revision: Int, by userID: UUID) async throws -> MemoriesPage {
        let draft = try await myDraft(draftID, by: userID)
        _ = try await books.writable(draft.$book.id, by: userID)
        guard draft.revision == revision else {
            throw AppError.conflict(field: "revision",
                "This letter was saved on another device since (revision \(draft.revision)). Open it again to go on from there.")
        }
        let encoded = try validated(canvas)
        let photos = try await verify(Self.photos(in: canvas.elements, at: "canvas.elements"), in: draft.$book.id, by: userID,
                                      on: context.database)
        draft.store(canvas, encoded: encoded)
        draft.revision += 1
        try await context.database.writeTransaction { database in
            try await draft.save(on: database)
            try await Self.keep(photos.all, onDraft: draft.requireID(), on: database)
        }
        return draft
    }

    /// Sends a letter: from now on it is a page of the book, and nobody can change it.
    func send(draft draftID: UUID, by userID: UUID) async throws -> MemoriesPageView {
        let draft = try await myDraft(draftID, by: userID)
        let bookID = draft.$book.id
        _ = try await books.writable(bookID, by: userID)
        guard draft.elementCount > 0 else { throw AppError.validation(field: "draftId", "Write something before sending this letter.") }
        let now = context.now
        draft.placedAt = now
        // Its photos join the book only now: until it was sent, the friend could see nothing of it.
        let photos = Self.photos(in: try draft.canvas().elements, at: "canvas.elements")
        try await context.database.writeTransaction { database in
            try await attach(photos, to: bookID, by: userID, on: database)
            try await MemoriesDraftMedia.query(on: database).filter(\.$page.$id == draftID).delete()
            try await draft.save(on: database)
            try await MemoriesBookService.touch(bookID, at: now, on: database)
        }
        try await announce(draft, kind: .letterArrived, by: userID)
        return try await view(draft)
    }

    func deleteDraft(_ draftID: UUID, by userID: UUID) async throws {
        try await myDraft(draftID, by: userID).delete(on: context.database)
    }

    /// My draft `draftID`. Someone else's draft or a memory page is a 404; a letter of mine
    /// already sent is a 409, since it exists but can never change.
    private func myDraft(_ draftID: UUID, by userID: UUID) async throws -> MemoriesPage {
        guard let page = try await MemoriesPage.find(draftID, on: context.database), page.kind == .letter, page.$author.id == userID,
              try await books.isMember(page.$book.id, userID)
        else { throw AppError.notFound("draft") }
        guard page.isDraft else { throw Self.sent }
        return page
    }

    static let sent = AppError(.conflict, .conflict, "This letter has been sent: it is part of the book now, and nobody can change it.")

    // MARK: - Memory pages

    /// Adds a memory page to the end of the book; the friend hears of it.
    func createMemoryPage(in bookID: UUID, canvas: Canvas?, by userID: UUID) async throws -> MemoriesPageView {
        let view = try await create(.memory, in: bookID, canvas: canvas, by: userID)
        try await announce(view.page, kind: .pageAdded, by: userID)
        return view
    }

    private func create(_ kind: MemoriesPage.Kind, in bookID: UUID, canvas: Canvas?, by userID: UUID) async throws -> MemoriesPageView {
        _ = try await books.writable(bookID, by: userID)
        let canvas = canvas ?? Canvas()
        let encoded = try validated(canvas)
        let photos = Self.photos(in: canvas.elements, at: "canvas.elements")
        let page = MemoriesPage(bookID: bookID, authorID: userID, kind: kind, canvas: canvas, encoded: encoded)
        let now = context.now
        if kind == .memory { page.placedAt = now }
        try await context.database.writeTransaction { database in
            switch kind {
            case .memory:
                // A memory page is the book's the moment it is made, photos and all.
                try await attach(photos, to: bookID, by: userID, on: database)
                try await page.create(on: database)
                try await MemoriesBookService.touch(bookID, at: now, on: database)
            case .letter:
                let checked = try await verify(photos, in: bookID, by: userID, on: database)
                try await page.create(on: database)
                try await Self.keep(checked.all, onDraft: page.requireID(), on: database)
            }
        }
        return try await view(page)
    }

    /// Tells the friend a page is in the book, live and in their activity; my other devices
    /// hear of it too (without an activity item: I know what I wrote).
    private func announce(_ page: MemoriesPage, kind: MemoriesActivity.Kind, by userID: UUID) async throws {
        let bookID = page.$book.id
        let author = try await ProfileService.user(userID, on: context.database)
        let members = try await books.memberIDs(bookID)
        for friendID in members where friendID != userID {
            try await MemoriesActivity(recipient: friendID, actor: userID, kind: kind, book: bookID, page: page.requireID())
                .create(on: context.database)
        }
        await context.events.publish(.memoriesPageAdded(try page.summaryDTO(author: author, context: context)), to: members)
        if kind == .letterArrived {
            for friendID in members where friendID != userID {
                await context.notify(friendID, MemoriesNotifications.letterArrived(from: author, in: bookID))
            }
        }
    }

    // MARK: - Reading

    /// A page for one of its book's members; a draft for its writer only.
    func page(_ pageID: UUID, seenBy userID: UUID) async throws -> MemoriesPageView {
        guard let page = try await MemoriesPage.find(pageID, on: context.database),
              try await books.isMember(page.$book.id, userID),
              !page.isDraft || page.$author.id == userID
        else { throw AppError.notFound("page") }
        return try await view(page, seenBy: userID)
    }

    /// The book's contents in book order.
    func contents(of bookID: UUID, seenBy userID: UUID, page: PageRequest) async throws -> Page<(MemoriesPage, User)> {
        _ = try await books.membership(bookID, of: userID)
        let pages = try await MemoriesPage.query(on: context.database).summaryFields()
            .filter(\.$book.$id == bookID).filter(\.$placedAt != nil)
            .page(oldestFirst: \.$placedAt, date: \.placedAt, page)
        return try await withAuthors(pages)
    }

    /// My drafts in the book, the most recently saved first.
    func drafts(in bookID: UUID, of userID: UUID, page: PageRequest) async throws -> Page<(MemoriesPage, User)> {
        _ = try await books.membership(bookID, of: userID)
        let pages = try await MemoriesPage.query(on: context.database).summaryFields()
            .filter(\.$book.$id == bookID).filter(\.$author.$id == userID).filter(\.$kind == .letter).filter(\.$placedAt == nil)
            .page(newestFirst: \.$updatedAt, date: \.updatedAt, page)
        return try await withAuthors(pages)
    }

    private func withAuthors(_ pages: Page<MemoriesPage>) async throws -> Page<(MemoriesPage, User)> {
        let authors = try await MemoriesFriendService.users(pages.items.map(\.$author.id), on: context.database)
        return Page(items: pages.items.compactMap { page in authors[page.$author.id].map { (page, $0) } }, nextCursor: pages.nextCursor)
    }

    func view(_ page: MemoriesPage, seenBy viewerID: UUID? = nil) async throws -> MemoriesPageView {
        let canvas = try page.canvas()
        let author = try await ProfileService.user(page.$author.id, on: context.database)
        let ids = canvas.mediaIDs
        var media: [MediaItem] = []
        if !ids.isEmpty {
            // Only what is in this book (or, on a draft, its writer's own uploads); and, as
            // everywhere, nothing of someone blocked either way.
            var inBook = try await MemoriesBookMedia.query(on: context.database)
                .filter(\.$book.$id == page.$book.id).filter(\.$media.$id ~~ ids).all().map(\.$media.id)
            if page.isDraft {
                inBook += try await MemoriesDraftMedia.query(on: context.database)
                    .filter(\.$page.$id == page.requireID()).filter(\.$media.$id ~~ ids).all().map(\.$media.id)
            }
            var hidden: Set<UUID> = []
            if let viewerID { hidden = try await Blocks.hidden(from: viewerID, on: context.database) }
            media = try await MediaItem.query(on: context.database).filter(\.$id ~~ inBook).all()
                .filter { !hidden.contains($0.$owner.id) }
        }
        return MemoriesPageView(page: page, canvas: canvas, author: author, media: media)
    }

    // MARK: - Checking what is written

    /// Checks a whole page; returns its stored form.
    func validated(_ canvas: Canvas) throws -> Data {
        var validator = CanvasValidator()
        validator.check(canvas)
        try Self.throwIfInvalid(validator)
        let encoded = try canvas.encoded()
        validator.checkSize(encoded.count, at: "canvas")
        try Self.throwIfInvalid(validator)
        return encoded
    }

    /// Each photo's media id and where it was written, for a precise complaint.
    static func photos(in elements: [CanvasElement], at path: String) -> [(UUID, String)] {
        elements.enumerated().compactMap { index, element in
            if case .photo(let photo) = element.content { return (photo.mediaId, "\(path)[\(index)].mediaId") }
            return nil
        }
    }

    /// The photos a page of mine may show: each already in the book, or an image upload of mine.
    struct CheckedPhotos {
        var inBook: Set<UUID>
        var mine: Set<UUID>
        var all: Set<UUID> { inBook.union(mine) }
    }

    /// Checks `references` (media id, where it was written) against the book and my uploads.
    func verify(_ references: [(UUID, String)], in bookID: UUID, by userID: UUID, on database: any Database) async throws -> CheckedPhotos {
        guard !references.isEmpty else { return CheckedPhotos(inBook: [], mine: []) }
        let ids = Array(Set(references.map(\.0)))
        let inBook = Set(try await MemoriesBookMedia.query(on: database).filter(\.$book.$id == bookID).filter(\.$media.$id ~~ ids).all()
            .map(\.$media.id))
        let mine = try await MediaItem.query(on: database).filter(\.$id ~~ ids).filter(\.$owner.$id == userID).all()
        let images = Set(mine.filter { $0.mediaType?.isImage == true }.compactMap(\.id))
        var problems: [AppError.FieldError] = []
        for (id, field) in references where !inBook.contains(id) && !images.contains(id) {
            let message = mine.contains { $0.id == id }
                ? "Only photos go on a page; that upload is a video."
                : "Upload the photo first; that media id is not one of yours or this book's."
            problems.append(.init(field: field, message: message))
        }
        guard problems.isEmpty else { throw AppError.validation(Array(problems.prefix(CanvasValidator.problemLimit))) }
        return CheckedPhotos(inBook: inBook, mine: images.subtracting(inBook))
    }

    /// Places media in the book (checked as `verify` does): from then on both members may see it
    /// and no sweep removes it.
    @discardableResult
    func attach(_ references: [(UUID, String)], to bookID: UUID, by userID: UUID, on database: any Database) async throws -> [UUID] {
        let checked = try await verify(references, in: bookID, by: userID, on: database)
        for id in checked.mine {
            do {
                try await MemoriesBookMedia(bookID: bookID, mediaID: id).create(on: database)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                // Placed by another save a moment ago: it is in the book, which is all that matters.
            }
        }
        return references.map(\.0)
    }

    /// Records the photos a draft shows now, in place of those it showed before.
    static func keep(_ mediaIDs: Set<UUID>, onDraft draftID: UUID, on database: any Database) async throws {
        try await MemoriesDraftMedia.query(on: database).filter(\.$page.$id == draftID).delete()
        for id in mediaIDs { try await MemoriesDraftMedia(pageID: draftID, mediaID: id).create(on: database) }
    }

    static func throwIfInvalid(_ validator: CanvasValidator) throws {
        guard !validator.isValid else { return }
        throw AppError.validation(validator.problems.map { AppError.FieldError(field: $0.field, message: $0.message) })
    }
}
