import Crypto
import Fluent
import Foundation
import RinFormats
import RinMatching

/// Bringing a file into a profile's book. The whole file is read and checked in the upload
/// request, before anything is written: a broken file is a 422 naming its lines and nothing of it
/// is kept. A sound one is stored as raw records in one transaction, and `RinImportWorker` turns
/// them into contacts, 100 at a time. The same file into the same book is the same import.
struct RinImportService {
    let context: ServiceContext

    static let maxBytes = 20 << 20
    static let maxRecords = 50_000

    struct Upload {
        var rinImport: RinImport
        /// False when this file had been imported into this book before: the answer is that import.
        var isNew: Bool
    }

    func upload(_ data: Data, fileName: String?, into profileID: UUID, by userID: UUID) async throws -> Upload {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        let bookID = try profile.requireID()
        let digest = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        if let existing = try await RinImport.query(on: context.database).filter(\.$profile.$id == bookID)
            .filter(\.$contentSHA256 == digest).first() {
            return Upload(rinImport: existing, isNew: false)
        }
        let read = try Self.read(data)
        guard !read.records.isEmpty else {
            throw AppError.validation(field: "file", "The file holds no contacts.")
        }
        let warnings = String(decoding: try RinMergeService.encoder.encode(read.warnings.map { RinImportWarningRecord(line: $0.line, message: $0.message) }),
                              as: UTF8.self)
        do {
            return try await context.database.writeTransaction { database in
                let row = RinImport()
                row.$profile.id = bookID
                row.source = read.source
                row.fileName = fileName
                row.contentSHA256 = digest
                row.total = read.records.count
                row.phase = .reading
                row.nextOrdinal = 0
                row.createdContacts = 0
                row.merged = 0
                row.suggested = 0
                row.conflicts = 0
                row.warnings = warnings
                try await row.create(on: database)
                let importID = try row.requireID()
                let raws = read.records.enumerated().map { ordinal, record in
                    RinRawRecord(importID: importID, ordinal: ordinal, firstLine: record.line, sourceUID: record.card.uid,
                                 payload: VCardWriter.write(record.card))
                }
                // Multi-row inserts of 500 (six columns each stays far under SQLite's bound on
                // variables in one statement).
                for start in stride(from: 0, to: raws.count, by: 500) {
                    try await Array(raws[start..<min(start + 500, raws.count)]).create(on: database)
                }
                return Upload(rinImport: row, isNew: true)
            }
        } catch {
            // The same file sent twice at once: the first stands, and this is the second look at it.
            guard let failure = error as? any DatabaseError, failure.isConstraintFailure,
                  let existing = try await RinImport.query(on: context.database).filter(\.$profile.$id == bookID)
                    .filter(\.$contentSHA256 == digest).first()
            else { throw error }
            return Upload(rinImport: existing, isNew: false)
        }
    }

    struct Read {
        var source: RinImport.Source
        var records: [(line: Int?, card: ContactCard)]
        var warnings: [ImportWarning]
    }

    /// A vCard file, or a Google or Outlook CSV export, told apart by its first line.
    static func read(_ data: Data) throws -> Read {
        let head = String(decoding: data.prefix(64), as: UTF8.self)
            .trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}"))).uppercased()
        do {
            if head.hasPrefix("BEGIN:VCARD") {
                let parsed = try VCardParser(limits: .init(bytes: maxBytes, cards: maxRecords)).parse(data)
                return Read(source: .vcard, records: parsed.cards.map { (nil, ContactCard($0)) }, warnings: parsed.warnings)
            }
            let parsed = try ContactsCSV(limits: .init(bytes: maxBytes, rows: maxRecords)).read(data)
            return Read(source: parsed.format == .outlook ? .outlookCSV : .googleCSV, records: parsed.contacts.map { ($0.line, $0.card) },
                        warnings: parsed.warnings)
        } catch let error as VCardError {
            throw AppError.validation(field: "file", error.description)
        } catch let error as CSVError {
            throw AppError.validation(field: "file", error.description)
        }
    }

    func get(_ importID: UUID, by userID: UUID) async throws -> RinImport {
        guard let row = try await RinImport.query(on: context.database).filter(\.$id == importID)
            .join(RinProfile.self, on: \RinImport.$profile.$id == \RinProfile.$id)
            .filter(RinProfile.self, \.$user.$id == userID).first()
        else { throw AppError.notFound("import") }
        return row
    }

    /// A failed or stalled import, ready to go on from where it stopped.
    func resume(_ importID: UUID, by userID: UUID) async throws -> RinImport {
        let row = try await get(importID, by: userID)
        guard row.phase != .done else { return row }
        // A failure leaves the phase where it stood, so the import goes on in the same pass.
        row.error = nil
        row.leaseUntil = nil
        row.leaseToken = nil
        try await row.save(on: context.database)
        return row
    }

    func list(_ profileID: UUID, by userID: UUID, page: PageRequest) async throws -> Page<RinImport> {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        return try await RinImport.query(on: context.database).filter(\.$profile.$id == profile.requireID())
            .page(newestFirst: \.$createdAt, date: \.createdAt, page)
    }
}

extension RinContact {
    /// A card from a file, as a new contact of `profileID`'s book and its values.
    static func from(_ card: ContactCard, profileID: UUID, region: String) -> (RinContact, [ContactValue]) {
        let contact = RinContact(profileID: profileID)
        func text(_ value: String?) -> String? {
            guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
            return String(value.prefix(RinContactService.textLimit))
        }
        contact.givenName = text(card.name?.given)
        contact.familyName = text(card.name?.family)
        contact.middleName = text(card.name?.additional)
        contact.namePrefix = text(card.name?.prefixes)
        contact.nameSuffix = text(card.name?.suffixes)
        contact.displayName = text(card.formattedName)
        contact.nickname = text(card.nicknames.first)
        contact.organization = text(card.organization?.name)
        contact.title = text(card.title)
        contact.birthday = card.birthday.flatMap { text($0.raw) }.map(RinContactKeys.birthday)
        contact.note = card.note.flatMap { String($0.prefix(RinContactService.noteLimit)) }
        var values: [ContactValue] = []
        func add(_ kind: ContactValue.Kind, _ value: String, types: [String], preferred: Bool) {
            guard let value = text(value) else { return }
            values.append(ContactValue(kind: kind, label: RinContactKeys.label(types), value: value,
                                       normalized: RinContactKeys.normalized(value, kind: kind, region: region), isPrimary: preferred))
        }
        for phone in card.phones { add(.phone, phone.value, types: phone.types, preferred: phone.preferred) }
        for email in card.emails { add(.email, email.value, types: email.types, preferred: email.preferred) }
        for address in card.addresses {
            let lines = [address.poBox, address.extended, address.street, [address.postalCode, address.locality].filter { !$0.isEmpty }.joined(separator: " "),
                         address.region, address.country].filter { !$0.isEmpty }
            add(.address, lines.joined(separator: "\n"), types: address.types, preferred: address.preferred)
        }
        for url in card.urls { add(.url, url.value, types: url.types, preferred: url.preferred) }
        return (contact, RinContactKeys.withOnePrimaryPerKind(Array(values.prefix(RinContactService.valuesPerContact))))
    }
}

extension RinContactKeys {
    /// The label a person would read, from a vCard's or CSV's types: `cell` is a mobile, and the
    /// types that only say what a value is (`voice`, `internet`, `pref`) are no label.
    static func label(_ types: [String]) -> String? {
        let plain = types.map { $0.lowercased() }.filter { !["voice", "internet", "pref", "x400", "text"].contains($0) }
        guard let first = plain.first else { return nil }
        return first == "cell" ? "mobile" : String(first.prefix(RinContactService.labelLimit))
    }
}

/// A line the file's reader skipped or guessed at, as an import keeps it.
struct RinImportWarningRecord: Codable {
    var line: Int
    var message: String
}
