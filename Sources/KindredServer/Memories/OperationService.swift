import Fluent
import Foundation
import KindredAPI
import MemoriesCanvas
import SQLKit

/// One operation in its page's order, as the members' devices get it.
struct MemoriesSequencedOperation {
    var seq: Int
    var by: String
    var operation: CanvasOperation
}

/// Puts a memory page's operations in one order and applies them. Each page's operations are
/// numbered one after another under a lock on the page's row (SQLite: the one writer; PostgreSQL:
/// `FOR UPDATE`), so two people editing at once, on any instances, get one sequence; every client
/// applies that sequence with the same `Canvas.apply` and ends on the same page.
struct MemoriesOperationService {
    let context: ServiceContext

    func apply(_ operations: [CanvasOperation], to pageID: UUID, by userID: UUID) async throws -> (seq: Int, [MemoriesSequencedOperation]) {
        guard let page = try await MemoriesPage.find(pageID, on: context.database),
              try await MemoriesBookService(context: context).isMember(page.$book.id, userID),
              !page.isDraft || page.$author.id == userID
        else { throw AppError.notFound("page") }
        guard page.kind == .memory else {
            throw AppError(.conflict, .conflict, page.isDraft
                ? "A letter is saved whole while it is a draft (PUT /memories/drafts/{draftId}), not changed by operations."
                : MemoriesPageService.sent.detail)
        }
        let bookID = page.$book.id
        _ = try await MemoriesBookService(context: context).writable(bookID, by: userID)
        var validator = CanvasValidator()
        for (index, operation) in operations.enumerated() { validator.check(operation, at: "operations[\(index)]") }
        try MemoriesPageService.throwIfInvalid(validator)
        let photos = operations.enumerated().flatMap { index, operation -> [(UUID, String)] in
            guard case .add(let element) = operation.action else { return [] }
            return MemoriesPageService.photos(in: [element], at: "operations[\(index)].element").map { ($0.0, "operations[\(index)].element.mediaId") }
        }
        try await MemoriesPageService(context: context).attach(photos, to: bookID, by: userID, on: context.database)
        let me = try await ProfileService.user(userID, on: context.database)
        let now = context.now

        let (seq, sequenced, fresh, canvas) = try await context.database.writeTransaction { database in
            try await Self.lock(pageID, on: database)
            guard let page = try await MemoriesPage.find(pageID, on: database) else { throw AppError.notFound("page") }
            // Sent before (an offline queue sent again, a retry after a lost answer): answered
            // with their first place, never applied twice.
            let known = try await MemoriesPageOperation.query(on: database)
                .filter(\.$page.$id == pageID).filter(\.$opID ~~ operations.map(\.id)).all()
            var places = Dictionary(uniqueKeysWithValues: known.map { ($0.opID, $0.seq) })
            var canvas = try MemoriesCanvasCache.shared.canvas(of: pageID, at: page.seq) ?? EncodedCanvas(page.canvas())
            var authors = page.elementAuthors
            var seq = page.seq
            var fresh: [MemoriesSequencedOperation] = []
            for operation in operations where places[operation.id] == nil {
                seq += 1
                places[operation.id] = seq
                canvas.apply(operation)
                switch operation.action {
                case .add(let element) where authors[element.id] == nil: authors[element.id] = userID
                case .delete(let id): authors[id] = nil
                default: break
                }
                fresh.append(MemoriesSequencedOperation(seq: seq, by: me.username, operation: operation))
            }
            // A resent operation is answered as it was first sequenced, by whoever sent it first.
            let knownAuthors = try await MemoriesFriendService.users(known.map(\.$author.id), on: database)
            let firstSent = Dictionary(known.map { ($0.opID, $0) }, uniquingKeysWith: { first, _ in first })
            var answered = Set<UUID>()
            let sequenced = try operations.compactMap { operation -> MemoriesSequencedOperation? in
                guard answered.insert(operation.id).inserted, let place = places[operation.id] else { return nil }
                guard let first = firstSent[operation.id] else { return MemoriesSequencedOperation(seq: place, by: me.username, operation: operation) }
                return MemoriesSequencedOperation(seq: place, by: knownAuthors[first.$author.id]?.username ?? "",
                                                  operation: try JSONDecoder().decode(CanvasOperation.self, from: Data(first.body.utf8)))
            }
            guard !fresh.isEmpty else { return (page.seq, sequenced, fresh, canvas) }
            var limits = CanvasValidator()
            limits.checkTotals(elements: canvas.canvas.elements.count, points: canvas.canvas.pointCount, at: "operations")
            let encoded = canvas.encoded
            limits.checkSize(encoded.count, at: "operations")
            try MemoriesPageService.throwIfInvalid(limits)
            page.store(canvas.canvas, encoded: encoded)
            page.elementAuthors = authors
            page.seq = seq
            try await page.save(on: database)
            for operation in fresh {
                let body = String(decoding: try JSONEncoder().encode(operation.operation), as: UTF8.self)
                try await MemoriesPageOperation(pageID: pageID, opID: operation.operation.id, seq: operation.seq, authorID: userID, body: body)
                    .create(on: database)
            }
            try await MemoriesBookService.touch(bookID, at: now, on: database)
            return (seq, sequenced, fresh, canvas)
        }
        if !fresh.isEmpty {
            MemoriesCanvasCache.shared.keep(canvas, of: pageID, at: seq)
            let members = try await MemoriesBookService(context: context).memberIDs(bookID)
            await context.events.publish(.memoriesPageChanged(pageID: pageID, bookID: bookID, seq: seq, operations: fresh), to: members)
        }
        return (seq, sequenced)
    }

    /// Holds the page's row until the transaction ends. SQLite's write transaction already
    /// admits one writer at a time.
    static func lock(_ pageID: UUID, on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.dialect.name != "sqlite" else { return }
        try await sql.raw("SELECT id FROM \(ident: MemoriesPage.schema) WHERE id = \(bind: pageID) FOR UPDATE").run()
    }

    /// Tells the other member where I am on a memory page; nothing is stored.
    func presence(on pageID: UUID, editing: Bool, x: Double?, y: Double?, by userID: UUID) async throws {
        guard let page = try await MemoriesPage.find(pageID, on: context.database), page.kind == .memory,
              try await MemoriesBookService(context: context).isMember(page.$book.id, userID)
        else { throw AppError.notFound("page") }
        // Nobody edits an archived book, so nobody is shown editing one.
        _ = try await MemoriesBookService(context: context).writable(page.$book.id, by: userID)
        let me = try await ProfileService.user(userID, on: context.database)
        let others = try await MemoriesBookService(context: context).memberIDs(page.$book.id).filter { $0 != userID }
        await context.events.publish(.memoriesPresenceUpdated(pageID: pageID, profile: try context.profile(of: me), editing: editing, x: x, y: y),
                                     to: others)
    }
}
