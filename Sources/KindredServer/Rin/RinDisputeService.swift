import Fluent
import Foundation
import KindredAPI
import RinPolicy

/// Disputes (docs/RIN-PART2.md §5). The claimant must see the field (it is Allowed for the profile
/// they act as); the subject sees the claimant only as they may see that profile, and never the
/// claimant's photos; neither learns anything else of the other's profiles.
struct RinDisputeService {
    let context: ServiceContext

    static let perDay = RateLimiter.Limit(count: 5, window: 24 * 3600)
    static let statementLimit = 2000
    static let maxEvidence = 5
    /// Unanswered this long, a dispute is the moderators' too.
    static let moderatorsAfter: TimeInterval = 14 * 24 * 3600
    /// Unanswered this long, it lowers the subject's Trust (moderate, §4.5).
    static let penaltyAfter: TimeInterval = 72 * 3600

    enum Role: String, Sendable { case claimant, subject }

    struct Draft {
        var fieldKey: String
        var statement: String
        var evidence: [UUID]
    }

    /// As sent: a correction or a statement may be missing, which is told after the dispute is
    /// found (someone else's dispute is 404 whatever the body).
    enum Answer {
        case correct(String?)
        case remove
        case keep(String?)
    }

    /// A statement: some words, within the limit, as any multi-line text.
    static func statement(_ raw: String) -> Result<String, AppError.FieldError> {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(.init(field: "statement", message: "Say in a few words what is wrong.")) }
        return TextRules.check(trimmed, field: "statement", limit: statementLimit, lines: .multiple,
                               tooLong: "A statement is at most \(statementLimit) characters.")
    }

    func open(against profileID: UUID, _ draft: Draft, actingAs acting: UUID?, by userID: UUID) async throws -> RinDispute {
        let claimant = try await RinProfileService(context: context).acting(acting, by: userID)
        guard let subject = try await RinProfile.find(profileID, on: context.database) else { throw AppError.notFound("profile") }
        guard subject.$user.id != userID else {
            throw AppError.validation(field: "profileId", "That's one of your own profiles: change the detail instead.")
        }
        let view = try await RinVisibility.view(of: subject, by: .profile(claimant), context: context)
        guard let shown = view.fields.first(where: { $0.key == draft.fieldKey }), case .field(let fieldID)? = RinFieldKey(draft.fieldKey) else {
            throw AppError.notFound("field")
        }
        var validator = FieldValidator()
        let statement = validator.check(Self.statement(draft.statement))
        let evidenceFits: Result<Void, AppError.FieldError> = draft.evidence.count <= Self.maxEvidence && Set(draft.evidence).count == draft.evidence.count
            ? .success(()) : .failure(.init(field: "evidence", message: "Attach at most \(Self.maxEvidence) different photos."))
        _ = validator.check(evidenceFits)
        try validator.throwIfInvalid()
        guard let statement else { throw AppError.validation(validator.errors) }
        if !draft.evidence.isEmpty {
            let media = try await MediaItem.query(on: context.database).filter(\.$id ~~ draft.evidence).all()
            guard media.count == draft.evidence.count, media.allSatisfy({ $0.$owner.id == userID && ($0.mediaType?.isImage ?? false) }) else {
                throw AppError.validation(field: "evidence", "Attach photos you uploaded yourself.")
            }
        }
        let subjectProfileID = try subject.requireID()
        if try await RinDispute.query(on: context.database).filter(\.$claimantUser.$id == userID)
            .filter(\.$subjectProfile.$id == subjectProfileID).filter(\.$fieldKey == draft.fieldKey)
            .filter(\.$status ~~ [.open, .answered]).first() != nil {
            throw AppError.conflict(field: "fieldKey", "You already have an open dispute about this detail.")
        }
        _ = try await RateLimiter(database: context.database, now: context.now).hit("rin.disputes:\(userID)", userID: userID, limit: Self.perDay)
        let dispute = RinDispute()
        dispute.$claimantUser.id = userID
        dispute.$claimantProfile.id = try claimant.requireID()
        dispute.$subjectUser.id = subject.$user.id
        dispute.$subjectProfile.id = subjectProfileID
        dispute.$field.id = fieldID
        dispute.fieldKey = draft.fieldKey
        dispute.fieldKind = shown.kind.rawValue
        dispute.fieldLabel = shown.label?.rawValue
        dispute.fieldValue = shown.value
        dispute.statement = statement
        dispute.status = .open
        dispute.createdAt = context.now
        let evidence = draft.evidence
        try await context.database.writeTransaction { database in
            try await dispute.create(on: database)
            for (position, media) in evidence.enumerated() {
                try await RinDisputeEvidence(disputeID: try dispute.requireID(), mediaID: media, position: position).create(on: database)
            }
        }
        await announce(dispute)
        return dispute
    }

    /// A dispute I am party to, and which party; anyone else's is 404.
    func dispute(_ id: UUID, by userID: UUID) async throws -> (RinDispute, Role) {
        guard let dispute = try await RinDispute.find(id, on: context.database) else { throw AppError.notFound("dispute") }
        if dispute.$claimantUser.id == userID { return (dispute, .claimant) }
        if dispute.$subjectUser.id == userID { return (dispute, .subject) }
        throw AppError.notFound("dispute")
    }

    /// The subject's answer: correct or remove the field (resolved), or keep it with a statement
    /// (for the moderators).
    func answer(_ id: UUID, _ answer: Answer, by userID: UUID) async throws -> RinDispute {
        let (dispute, role) = try await dispute(id, by: userID)
        guard role == .subject else { throw AppError.conflict(field: "disputeId", "Only the person it is about answers a dispute.") }
        guard dispute.status == .open else { throw AppError.conflict(field: "disputeId", "This dispute was answered already.") }
        let profiles = RinProfileService(context: context)
        switch answer {
        case .correct(let value):
            guard let value else { throw AppError.validation(field: "value", "Say what the detail should be.") }
            guard let fieldID = dispute.$field.id else {
                throw AppError.conflict(field: "action", "The detail was removed since: there is nothing to correct.")
            }
            _ = try await profiles.updateField(fieldID, of: dispute.$subjectProfile.id, with: .init(value: value), by: userID)
            dispute.status = .corrected
            dispute.resolvedAt = context.now
        case .remove:
            if let fieldID = dispute.$field.id { try await profiles.deleteField(fieldID, of: dispute.$subjectProfile.id, by: userID) }
            dispute.status = .corrected
            dispute.resolvedAt = context.now
        case .keep(let raw):
            guard let raw else { throw AppError.validation(field: "statement", "Say why the detail is right.") }
            let response = try Self.statement(raw).mapError { AppError.validation([$0]) }.get()
            dispute.response = response
            dispute.status = .answered
        }
        dispute.answeredAt = context.now
        try await dispute.save(on: context.database)
        await announce(dispute)
        return dispute
    }

    /// The claimant takes it back. Closed already: as it is.
    func withdraw(_ id: UUID, by userID: UUID) async throws -> RinDispute {
        let (dispute, role) = try await dispute(id, by: userID)
        guard role == .claimant else { throw AppError.conflict(field: "disputeId", "Only the person who raised a dispute withdraws it.") }
        guard dispute.status.isOpen else { return dispute }
        dispute.status = .withdrawn
        dispute.resolvedAt = context.now
        try await dispute.save(on: context.database)
        await announce(dispute)
        return dispute
    }

    /// A moderator's decision on an open dispute.
    func decide(_ id: UUID, upheld: Bool) async throws -> RinDispute {
        guard let dispute = try await RinDispute.find(id, on: context.database) else { throw AppError.notFound("dispute") }
        guard dispute.status.isOpen else { return dispute }
        dispute.status = upheld ? .upheld : .dismissed
        dispute.resolvedAt = context.now
        try await dispute.save(on: context.database)
        await announce(dispute)
        return dispute
    }

    /// With the moderators: kept with a statement, or unanswered for 14 days.
    static func isWithModerators(_ dispute: RinDispute, now: Date) -> Bool {
        dispute.status == .answered || (dispute.status == .open && now.timeIntervalSince(dispute.createdAt) > moderatorsAfter)
    }

    private func announce(_ dispute: RinDispute) async {
        guard let id = dispute.id else { return }
        await context.events.publish(.rinDisputeChanged(disputeId: id), to: [dispute.$claimantUser.id, dispute.$subjectUser.id])
    }

    // MARK: - As each side sees it

    /// As its party `role` sees it. A party's profile can be gone while this is read: its account
    /// is being deleted, and its disputes with it; that dispute is then 404 (`dtoIfPartiesRemain`
    /// leaves it out of a list).
    func dto(_ dispute: RinDispute, role: Role) async throws -> Components.Schemas.RinDispute {
        guard let dto = try await dtoIfPartiesRemain(dispute, role: role) else { throw AppError.notFound("dispute") }
        return dto
    }

    func dtoIfPartiesRemain(_ dispute: RinDispute, role: Role) async throws -> Components.Schemas.RinDispute? {
        let database = context.database
        guard let subject = try await RinProfile.find(dispute.$subjectProfile.id, on: database),
              let claimant = try await RinProfile.find(dispute.$claimantProfile.id, on: database)
        else { return nil }
        let other: Components.Schemas.RinPersonView
        switch role {
        case .claimant: other = try await RinNetworkService.view(of: subject, by: claimant, context: context)
        case .subject: other = try await RinNetworkService.view(of: claimant, by: subject, context: context)
        }
        // The claimant's photos are for the claimant and the moderators only.
        var evidence: [Components.Schemas.Media] = []
        if role == .claimant {
            let rows = try await RinDisputeEvidence.query(on: database).filter(\.$dispute.$id == dispute.requireID())
                .sort(\.$position).with(\.$media).all()
            evidence = try rows.map { try $0.media.dto(mediaURLs: context.services.mediaURLs, now: context.now) }
        }
        return .init(
            id: try dispute.requireID(), role: role == .claimant ? .claimant : .subject,
            status: .init(rawValue: dispute.status.rawValue) ?? .open,
            withModerators: Self.isWithModerators(dispute, now: context.now),
            field: .init(key: dispute.fieldKey, kind: .init(rawValue: dispute.fieldKind) ?? .phone,
                         label: dispute.fieldLabel.flatMap(Components.Schemas.RinFieldLabel.init(rawValue:)), value: dispute.fieldValue),
            statement: dispute.statement, response: dispute.response, evidence: evidence, other: other,
            createdAt: dispute.createdAt, answeredAt: dispute.answeredAt, resolvedAt: dispute.resolvedAt)
    }
}

extension Components.Schemas.RealtimeEvent {
    static func rinDisputeChanged(disputeId: UUID) -> Self {
        .rin_dispute_changed(.init(_type: "rin.dispute.changed", disputeId: disputeId))
    }
}
