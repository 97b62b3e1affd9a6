import Fluent
import Foundation
import KindredAPI
import NIOConcurrencyHelpers
import RinFormats
import RinMatching
import Vapor

/// Works an import through, 100 records a transaction, in two passes the progress screen shows:
/// reading (each raw record becomes a contact, normalised) and matching (each new contact against
/// the book as it is by then: sure pairs merged, probable ones suggested). Whoever holds the
/// import's lease works it; a crash loses at most the batch in flight, and a lapsed lease lets any
/// instance take it up again where it stopped. The unique keys (one contact per raw record) make a
/// batch run twice write nothing the second time.
struct RinImportWorker: LeasedWork {
    let context: ServiceContext

    static let batchSize = 100
    static let lease: TimeInterval = 60

    static let noun = "Rin import"

    func perform(_ importID: UUID) async throws {
        try await work(importID)
    }

    func failed(_ importID: UUID) async {
        // The phase stays, so a resume goes on in the same pass; `error` is what clients see as failed.
        try? await RinImport.query(on: context.database).filter(\.$id == importID)
            .set(\.$error, to: "The import stopped on an error; resume it to go on from where it stopped.")
            .set(\.$leaseUntil, to: nil).set(\.$leaseToken, to: nil).update()
        // Devices following the import hear that it stopped, not only a later look.
        if let row = try? await RinImport.find(importID, on: context.database),
           let owner = try? await row.$profile.get(on: context.database) {
            await publish(row, to: owner.$user.id)
        }
    }

    /// - Parameter maxBatches: stops after this many batches with the lease still held, as a
    ///   server that went away would (the resume test's interruption).
    func work(_ importID: UUID, maxBatches: Int = .max) async throws {
        var left = maxBatches
        let token = UUID()
        guard try await claim(importID, token: token) else { return }
        guard let row = try await RinImport.find(importID, on: context.database), row.error == nil else { return }
        let book = try await row.$profile.get(on: context.database)
        let region = try await RinSettings.query(on: context.database).filter(\.$user.$id == book.$user.id).first()?.defaultRegion
            ?? context.configuration.rin.defaultRegion
        while row.phase == .reading {
            try Task.checkCancellation()
            guard left > 0 else { return }
            left -= 1
            try await readBatch(row, token: token, region: region, owner: book.$user.id)
            await publish(row, to: book.$user.id)
        }
        guard row.phase == .matching else { return }
        let index = BookIndex(try await bookIndex(row))
        let dismissed = Set(try await RinSuggestion.query(on: context.database).filter(\.$profile.$id == row.$profile.id)
            .filter(\.$status == .different).all().map { MatchPair($0.$low.id, $0.$high.id) })
        while row.phase == .matching {
            try Task.checkCancellation()
            guard left > 0 else { return }
            left -= 1
            try await matchBatch(row, index: index, dismissed: dismissed, token: token)
            await publish(row, to: book.$user.id)
        }
    }

    /// Takes the import if nobody holds it (or their lease lapsed): a conditional update, so one
    /// worker of all instances wins.
    func claim(_ importID: UUID, token: UUID) async throws -> Bool {
        let now = context.now
        try await RinImport.query(on: context.database).filter(\.$id == importID).filter(\.$phase ~~ [.reading, .matching])
            .group(.or) { $0.filter(\.$leaseUntil == nil).filter(\.$leaseUntil < now) }
            .set(\.$leaseUntil, to: now.addingTimeInterval(Self.lease)).set(\.$leaseToken, to: token).update()
        return try await RinImport.query(on: context.database).filter(\.$id == importID).filter(\.$leaseToken == token).count() == 1
    }

    private func holdLease(_ row: RinImport, token: UUID, on database: any Database) async throws {
        try await RinImport.lock(try row.requireID(), on: database)
        guard let current = try await RinImport.find(row.requireID(), on: database), current.leaseToken == token else { throw LeaseLost() }
        row.leaseUntil = context.now.addingTimeInterval(Self.lease)
    }

    private func readBatch(_ row: RinImport, token: UUID, region: String, owner: UUID) async throws {
        let importID = try row.requireID()
        let start = row.nextOrdinal, end = min(start + Self.batchSize, row.total)
        // Raw records never change once stored, so one read serves the photos and the batch.
        let raws = try await RinRawRecord.query(on: context.database).filter(\.$rinImport.$id == importID)
            .filter(\.$ordinal >= start).filter(\.$ordinal < end).sort(\.$ordinal).all()
        let photos = try await photos(of: raws, in: importID, owner: owner)
        try await context.database.writeTransaction { database in
            try await holdLease(row, token: token, on: database)
            let fed = Set(try await RinContactSource.query(on: database).filter(\.$rawRecord.$id ~~ raws.compactMap(\.id)).all().map(\.$rawRecord.id))
            // A batch is three multi-row inserts (contacts, their values, their sources), not a few
            // statements per contact: reading was 2.4 ms a record that way.
            var made: [(contact: RinContact, values: [ContactValue], raw: UUID)] = []
            // Of two duplicates the older survives a merge, then the lower id (§2.3): a batch's
            // contacts are stamped a microsecond apart in the file's order, so the first card
            // survives, as it would imported alone; read off one clock, two could share a
            // microsecond and leave the survivor to their random ids.
            let batchTime = context.now
            for raw in raws where !fed.contains(try raw.requireID()) {
                guard let card = try? VCardParser().parse(raw.payload).cards.first.map(ContactCard.init) else { continue }
                let (contact, values) = RinContact.from(card, profileID: row.$profile.id, region: region)
                contact.createdAt = batchTime.addingTimeInterval(Double(made.count) / 1_000_000).roundedToMicroseconds
                contact.$photo.id = photos[try raw.requireID()]
                contact.sortKey = RinContactKeys.sortKey(contact.shownName)
                contact.searchText = RinContactKeys.searchText(contact, values: values)
                made.append((contact, values, try raw.requireID()))
            }
            try await made.map(\.contact).create(on: database)
            var values: [RinContactValue] = []
            var sources: [RinContactSource] = []
            for entry in made {
                let contactID = try entry.contact.requireID()
                for (position, value) in entry.values.enumerated() {
                    values.append(RinContactValue(contactID: contactID, profileID: row.$profile.id, value: value, position: position))
                }
                sources.append(RinContactSource(contactID: contactID, rawRecordID: entry.raw))
            }
            try await values.create(on: database)
            try await sources.create(on: database)
            row.createdContacts += made.count
            row.nextOrdinal = end
            if end >= row.total {
                // Matching walks the same records again, now against the whole book.
                row.phase = .matching
                row.nextOrdinal = 0
            }
            try await row.save(on: database)
        }
    }

    /// The pictures the batch's cards carry, stored as the owner's uploads before the batch's
    /// transaction (storing one writes a file and a row of its own): each goes through the media
    /// checks and loses its metadata (GPS, EXIF) as any upload does. A picture given only as a
    /// link is never fetched, and one that is not a readable image is left out; the card is read
    /// all the same. A batch repeated after a stop may store a picture twice: the unused copy is
    /// swept with other unused uploads.
    private func photos(of raws: [RinRawRecord], in importID: UUID, owner: UUID) async throws -> [UUID: UUID] {
        let fed = Set(try await RinContactSource.query(on: context.database).filter(\.$rawRecord.$id ~~ raws.compactMap(\.id)).all()
            .map(\.$rawRecord.id))
        var photos: [UUID: UUID] = [:]
        for raw in raws where !fed.contains(try raw.requireID()) && raw.payload.contains("PHOTO") {
            guard let card = try? VCardParser().parse(raw.payload).cards.first.map(ContactCard.init),
                  case .inline(let data, _) = card.photo, MediaType.sniff(Array(data.prefix(64)))?.isImage == true
            else { continue }
            do {
                photos[try raw.requireID()] = try await MediaService(context: context).upload(Array(data), by: owner).requireID()
            } catch let error as AppError {
                context.logger.debug("A card's photo was left out of Rin import \(importID): \(error.detail)")
            }
        }
        return photos
    }

    /// The book as matching sees it: every live contact but this import's not yet matched.
    private func bookIndex(_ row: RinImport) async throws -> MatchIndex {
        let pending = Set(try await contacts(of: row, from: row.nextOrdinal, to: row.total, on: context.database).map(\.id))
        let live = try await RinContact.query(on: context.database).filter(\.$profile.$id == row.$profile.id)
            .filter(\.$mergedInto.$id == nil).all()
            .filter { !pending.contains($0.id) }
        let values = try await values(of: live.compactMap(\.id), on: context.database)
        return MatchIndex(live.map { $0.matchRecord(values: values[$0.id ?? UUID()] ?? []) }, reservingCapacity: pending.count)
    }

    /// The book's index while one import matches, changed in place by each batch. Only the task
    /// running `work` touches it, one batch after another. A batch whose transaction fails has
    /// changed it all the same, but the error ends `work` and the index with it (a resumed import
    /// builds its own): copying it for a rollback copied every table of the index on every batch
    /// (about 4 MB for a book of 10,000, retaining and releasing each of its records).
    private final class BookIndex: @unchecked Sendable {
        var index: MatchIndex
        init(_ index: MatchIndex) { self.index = index }
    }

    private func matchBatch(_ row: RinImport, index: BookIndex, dismissed: Set<MatchPair>, token: UUID) async throws {
        let start = row.nextOrdinal, end = min(start + Self.batchSize, row.total)
        return try await context.database.writeTransaction { database in
            try await holdLease(row, token: token, on: database)
            let batch = try await contacts(of: row, from: start, to: end, on: database).filter { $0.$mergedInto.id == nil }
            let values = try await values(of: batch.compactMap(\.id), on: database)
            let plan = index.index.match(batch.map { $0.matchRecord(values: values[$0.id ?? UUID()] ?? []) }, dismissed: dismissed)
            let merges = RinMergeService(database: database, now: context.now)
            for planned in plan.merges {
                guard let survivor = try await RinContact.find(planned.survivorID, on: database),
                      let absorbed = try await RinContact.find(planned.absorbedID, on: database),
                      survivor.$mergedInto.id == nil, absorbed.$mergedInto.id == nil
                else { continue }
                let (_, conflicts) = try await merges.merge(survivor: survivor, absorbed: absorbed, kind: .auto, verdict: planned.verdict)
                row.merged += 1
                row.conflicts += conflicts
            }
            for suggestion in plan.suggestions {
                let pair = suggestion.pair
                guard try await RinSuggestion.query(on: database).filter(\.$low.$id == pair.low).filter(\.$high.$id == pair.high).count() == 0
                else { continue }
                let record = RinSuggestion()
                record.$profile.id = row.$profile.id
                record.$low.id = pair.low
                record.$high.id = pair.high
                record.confidence = suggestion.confidence
                record.evidence = String(decoding: try RinMergeService.encoder.encode(suggestion.evidence), as: UTF8.self)
                record.status = .pending
                try await record.create(on: database)
                row.suggested += 1
            }
            row.nextOrdinal = end
            if end >= row.total {
                row.phase = .done
                row.finishedAt = context.now
                row.leaseUntil = nil
                row.leaseToken = nil
            }
            try await row.save(on: database)
        }
    }

    /// The contacts this import's raw records `from..<to` fed, in record order.
    private func contacts(of row: RinImport, from start: Int, to end: Int, on database: any Database) async throws -> [RinContact] {
        guard start < end else { return [] }
        // Their ids only: the payloads (the whole file, for the book's index) are not read here.
        let raws = try await RinRawRecord.query(on: database).filter(\.$rinImport.$id == row.requireID())
            .filter(\.$ordinal >= start).filter(\.$ordinal < end).sort(\.$ordinal).field(\.$id).all()
        let sources = try await RinContactSource.query(on: database).filter(\.$rawRecord.$id ~~ raws.compactMap(\.id)).all()
        let byRaw = Dictionary(sources.map { ($0.$rawRecord.id, $0.$contact.id) }, uniquingKeysWith: { first, _ in first })
        let ids = raws.compactMap { $0.id.flatMap { byRaw[$0] } }
        guard !ids.isEmpty else { return [] }
        let rows = try await RinContact.query(on: database).filter(\.$id ~~ ids).all()
        let byID = Dictionary(rows.compactMap { row in row.id.map { ($0, row) } }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    private func values(of ids: [UUID], on database: any Database) async throws -> [UUID: [RinContactValue]] {
        guard !ids.isEmpty else { return [:] }
        var result: [UUID: [RinContactValue]] = [:]
        // In slices: PostgreSQL binds at most 65,535 values in one statement, and a book may hold
        // more contacts than that (SQLiteNIO builds SQLite to take 250,000).
        for start in stride(from: 0, to: ids.count, by: 5_000) {
            let slice = Array(ids[start..<min(start + 5_000, ids.count)])
            for value in try await RinContactValue.query(on: database).filter(\.$contact.$id ~~ slice).sort(\.$position).all() {
                result[value.$contact.id, default: []].append(value)
            }
        }
        return result
    }

    private func publish(_ row: RinImport, to userID: UUID) async {
        guard let dto = try? row.dto() else { return }
        await context.events.publish(.rinImportProgressed(dto), to: userID)
    }
}

extension RinImport {
    static func lock(_ importID: UUID, on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.dialect.name != "sqlite" else { return }
        try await sql.raw("SELECT id FROM \(ident: RinImport.schema) WHERE id = \(bind: importID) FOR UPDATE").run()
    }
}

/// The imports this instance is working on, so shutdown stops them between batches.
typealias RinImportRunner = LeasedWorkRunner<RinImportWorker>

struct RinImportRunnerKey: StorageKey { typealias Value = RinImportRunner }

extension Application {
    /// Set up by `RinApp.configure`.
    var rinImports: RinImportRunner {
        guard let runner = storage[RinImportRunnerKey.self] else { fatalError("RinApp.configure makes the import runner") }
        return runner
    }
}

/// Takes up, at start, imports whose worker stopped (a crash, a deploy); stops this instance's
/// workers between batches at shutdown.
struct RinImportLifecycle: LifecycleHandler {
    func didBoot(_ application: Application) throws {
        let runner = application.rinImports
        let context = application.context
        Task {
            let now = context.now
            let unfinished = (try? await RinImport.query(on: context.database).filter(\.$phase ~~ [.reading, .matching])
                .group(.or) { $0.filter(\.$leaseUntil == nil).filter(\.$leaseUntil < now) }.all(\.$id)) ?? []
            for id in unfinished { runner.start(id, context: context) }
        }
    }

    func shutdownAsync(_ application: Application) async {
        await application.rinImports.stopAll()
    }

    func shutdown(_ application: Application) {}
}
