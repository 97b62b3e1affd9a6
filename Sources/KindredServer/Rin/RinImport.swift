import Fluent
import Foundation

/// One file (or one device's contacts) brought into a profile's book, worked through in batches
/// of 100 records by `RinImportWorker`: its counts and phase are what the progress screen shows.
final class RinImport: Model, CreationStamped, UpdateStamped, @unchecked Sendable {
    static let schema = "rin_imports"

    enum Source: String, Codable, Sendable {
        case vcard, googleCSV = "google-csv", outlookCSV = "outlook-csv"
    }

    enum Phase: String, Codable, Sendable {
        /// Records are being read into contacts.
        case reading
        /// Each batch's new contacts are being matched against the book.
        case matching
        case done
        case failed
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "profile_id") var profile: RinProfile
    @Field(key: "source") var source: Source
    @OptionalField(key: "file_name") var fileName: String?
    @Field(key: "content_sha256") var contentSHA256: String
    @Field(key: "total") var total: Int
    @Field(key: "phase") var phase: Phase
    /// The first record not yet in the book: a crash loses at most the batch in flight.
    @Field(key: "next_ordinal") var nextOrdinal: Int
    @Field(key: "created_contacts") var createdContacts: Int
    @Field(key: "merged") var merged: Int
    @Field(key: "suggested") var suggested: Int
    @Field(key: "conflicts") var conflicts: Int
    /// `[{"line": n, "message": "…"}]`, as the file's reader reported them.
    @Field(key: "warnings") var warnings: String
    /// While a worker holds it; a lapsed lease lets any instance take the import up again.
    @OptionalField(key: "lease_until") var leaseUntil: Date?
    /// Which worker holds the lease: the conditional update that takes a lease writes its own.
    @OptionalField(key: "lease_token") var leaseToken: UUID?
    @OptionalField(key: "error") var error: String?
    @OptionalField(key: "created_at") var createdAt: Date?
    @OptionalField(key: "updated_at") var updatedAt: Date?
    @OptionalField(key: "finished_at") var finishedAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $profile, $source, $fileName, $contentSHA256, $total, $phase, $nextOrdinal, $createdContacts, $merged, $suggested,
         $conflicts, $warnings, $leaseUntil, $leaseToken, $error, $createdAt, $updatedAt, $finishedAt]
    }

    init() {}
}

/// One record of an import as it arrived, as vCard 4.0 text: the immutable snapshot that
/// provenance and undo rest on. Never updated.
final class RinRawRecord: Model, @unchecked Sendable {
    static let schema = "rin_raw_records"

    @ID(key: .id) var id: UUID?
    @Parent(key: "import_id") var rinImport: RinImport
    @Field(key: "ordinal") var ordinal: Int
    @OptionalField(key: "first_line") var firstLine: Int?
    @OptionalField(key: "source_uid") var sourceUID: String?
    @Field(key: "payload") var payload: String

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $rinImport, $ordinal, $firstLine, $sourceUID, $payload]
    }

    init() {}

    init(importID: UUID, ordinal: Int, firstLine: Int?, sourceUID: String?, payload: String) {
        $rinImport.id = importID
        self.ordinal = ordinal
        self.firstLine = firstLine
        self.sourceUID = sourceUID
        self.payload = payload
    }
}

/// Which raw record fed which contact.
final class RinContactSource: Model, @unchecked Sendable {
    static let schema = "rin_contact_sources"

    @ID(key: .id) var id: UUID?
    @Parent(key: "contact_id") var contact: RinContact
    @Parent(key: "raw_record_id") var rawRecord: RinRawRecord

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $contact, $rawRecord]
    }

    init() {}

    init(contactID: UUID, rawRecordID: UUID) {
        $contact.id = contactID
        $rawRecord.id = rawRecordID
    }
}

/// Two contacts made one: the absorbed stays (pointing at the survivor) and `before` holds both
/// as they were, so undo restores exactly that.
final class RinMerge: Model, CreationStamped, @unchecked Sendable {
    static let schema = "rin_merges"

    enum Kind: String, Codable, Sendable {
        /// Sure (docs/RIN.md §2.3), made by an import.
        case auto
        /// A suggestion the owner accepted.
        case accepted
        /// Two contacts the owner chose.
        case manual
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "profile_id") var profile: RinProfile
    @Parent(key: "survivor_id") var survivor: RinContact
    @Parent(key: "absorbed_id") var absorbed: RinContact
    /// The book's merges in the order they were made, which undo's stack order follows (two
    /// merges in one second would tie on a date).
    @Field(key: "seq") var seq: Int
    @Field(key: "kind") var kind: Kind
    @Field(key: "confidence") var confidence: Double
    /// `MatchEvidence` as JSON.
    @Field(key: "evidence") var evidence: String
    /// `RinMergeSnapshot` as JSON.
    @Field(key: "before") var before: String
    @OptionalField(key: "created_at") var createdAt: Date?
    @OptionalField(key: "undone_at") var undoneAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $profile, $survivor, $absorbed, $seq, $kind, $confidence, $evidence, $before, $createdAt, $undoneAt]
    }

    init() {}
}

/// Two contacts that may be one person, waiting for the owner: merge, or "different people".
final class RinSuggestion: Model, CreationStamped, @unchecked Sendable {
    static let schema = "rin_suggestions"

    enum Status: String, Codable, Sendable {
        case pending, merged
        /// The owner said these are different people: never suggested again.
        case different
        /// One of the two was merged or deleted another way.
        case superseded
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "profile_id") var profile: RinProfile
    @Parent(key: "low_id") var low: RinContact
    @Parent(key: "high_id") var high: RinContact
    @Field(key: "confidence") var confidence: Double
    @Field(key: "evidence") var evidence: String
    @Field(key: "status") var status: Status
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $profile, $low, $high, $confidence, $evidence, $status, $createdAt]
    }

    init() {}
}

/// A single-valued field with two values after a merge (two birthdays): the survivor shows its
/// own until the owner picks; both are kept meanwhile.
final class RinConflict: Model, CreationStamped, @unchecked Sendable {
    static let schema = "rin_conflicts"

    enum Status: String, Codable, Sendable {
        case open, resolved
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "contact_id") var contact: RinContact
    @OptionalParent(key: "merge_id") var merge: RinMerge?
    @Field(key: "field") var field: String
    /// `[{"value": "…", "from": "<contact id>"}]`.
    @Field(key: "options") var options: String
    @Field(key: "status") var status: Status
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $contact, $merge, $field, $options, $status, $createdAt]
    }

    init() {}
}
