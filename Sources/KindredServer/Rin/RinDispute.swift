import Fluent
import Foundation
import SQLKit

/// Someone says a detail on a profile they may see (a phone, an e-mail, an address) is wrong or
/// theirs (docs/RIN-PART2.md §5). The subject corrects or removes it, or keeps it with a statement
/// of their own; a kept one, or one unanswered for 14 days, is the moderators' to uphold or
/// dismiss. The field as the claimant saw it is kept, so the dispute still reads after a change.
final class RinDispute: Model, @unchecked Sendable {
    static let schema = "rin_disputes"

    enum Status: String, Codable, Sendable, CaseIterable {
        /// Waiting for the subject's answer.
        case open
        /// The subject kept the field with a statement: the moderators decide.
        case answered
        /// The subject changed or removed the field.
        case corrected
        case withdrawn
        case upheld
        case dismissed

        var isOpen: Bool { self == .open || self == .answered }
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "claimant_user_id") var claimantUser: User
    /// The profile the claimant acted as: the subject sees the claimant as that profile.
    @Parent(key: "claimant_profile_id") var claimantProfile: RinProfile
    @Parent(key: "subject_user_id") var subjectUser: User
    @Parent(key: "subject_profile_id") var subjectProfile: RinProfile
    @OptionalParent(key: "field_id") var field: RinProfileField?
    @Field(key: "field_key") var fieldKey: String
    @Field(key: "field_kind") var fieldKind: String
    @OptionalField(key: "field_label") var fieldLabel: String?
    @Field(key: "field_value") var fieldValue: String
    @Field(key: "statement") var statement: String
    @Field(key: "status") var status: Status
    @OptionalField(key: "response") var response: String?
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "answered_at") var answeredAt: Date?
    @OptionalField(key: "resolved_at") var resolvedAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $claimantUser, $claimantProfile, $subjectUser, $subjectProfile, $field, $fieldKey, $fieldKind, $fieldLabel,
         $fieldValue, $statement, $status, $response, $createdAt, $answeredAt, $resolvedAt]
    }

    init() {}
}

/// A photo the claimant attached (their own upload): the claimant and the moderators see it,
/// never the subject.
final class RinDisputeEvidence: Model, @unchecked Sendable {
    static let schema = "rin_dispute_evidence"

    @ID(key: .id) var id: UUID?
    @Parent(key: "dispute_id") var dispute: RinDispute
    @Parent(key: "media_id") var media: MediaItem
    @Field(key: "position") var position: Int

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $dispute, $media, $position]
    }

    init() {}

    init(disputeID: UUID, mediaID: UUID, position: Int) {
        $dispute.id = disputeID
        $media.id = mediaID
        self.position = position
    }
}

struct CreateRinDisputes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RinDispute.schema)
            .id()
            .field("claimant_user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("claimant_profile_id", .uuid, .required, .references(RinProfile.schema, .id, onDelete: .cascade))
            .field("subject_user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("subject_profile_id", .uuid, .required, .references(RinProfile.schema, .id, onDelete: .cascade))
            .field("field_id", .uuid, .references(RinProfileField.schema, .id, onDelete: .setNull))
            .field("field_key", .string, .required)
            .field("field_kind", .string, .required)
            .field("field_label", .string)
            .field("field_value", .string, .required)
            .field("statement", .string, .required)
            .field("status", .string, .required)
            .field("response", .string)
            .field("created_at", .datetime, .required)
            .field("answered_at", .datetime)
            .field("resolved_at", .datetime)
            .create()
        try await database.schema(RinDisputeEvidence.schema)
            .id()
            .field("dispute_id", .uuid, .required, .references(RinDispute.schema, .id, onDelete: .cascade))
            .field("media_id", .uuid, .required, .references(MediaItem.schema, .id, onDelete: .cascade))
            .field("position", .int, .required)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "rin_disputes_claimant").on(RinDispute.schema).column("claimant_user_id").column("created_at").run()
        try await sql.create(index: "rin_disputes_subject").on(RinDispute.schema).column("subject_user_id").column("created_at").run()
        try await sql.create(index: "rin_dispute_evidence_dispute").on(RinDisputeEvidence.schema).column("dispute_id").run()
        try await sql.create(index: "rin_dispute_evidence_media").on(RinDisputeEvidence.schema).column("media_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RinDisputeEvidence.schema).delete()
        try await database.schema(RinDispute.schema).delete()
    }
}
