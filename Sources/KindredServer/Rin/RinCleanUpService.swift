import Fluent
import Foundation
import RinMatching

/// What an import leaves for the owner to look at: suggestions to merge or dismiss, merges to
/// undo, conflicts to settle; and merging two contacts by hand. Only the book's owner reaches any
/// of it; anyone else's is answered as not found.
struct RinCleanUpService {
    let context: ServiceContext

    // MARK: - Suggestions

    func suggestions(_ profileID: UUID, by userID: UUID, page: PageRequest) async throws -> Page<RinSuggestion> {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        return try await RinSuggestion.query(on: context.database).filter(\.$profile.$id == profile.requireID())
            .filter(\.$status == .pending).with(\.$low) { $0.with(\.$photo) }.with(\.$high) { $0.with(\.$photo) }
            .page(newestFirst: \.$createdAt, date: \.createdAt, page)
    }

    private func ownedSuggestion(_ suggestionID: UUID, by userID: UUID) async throws -> RinSuggestion {
        guard let suggestion = try await RinSuggestion.query(on: context.database).filter(\.$id == suggestionID)
            .join(RinProfile.self, on: \RinSuggestion.$profile.$id == \RinProfile.$id)
            .filter(RinProfile.self, \.$user.$id == userID).first()
        else { throw AppError.notFound("suggestion") }
        return suggestion
    }

    /// Merges the pair (the older contact survives). A suggestion answered already is a 409.
    func accept(_ suggestionID: UUID, by userID: UUID) async throws -> RinMerge {
        let suggestion = try await ownedSuggestion(suggestionID, by: userID)
        guard suggestion.status == .pending else {
            throw AppError.conflict(field: "suggestionId", "This suggestion was answered already.")
        }
        return try await context.database.writeTransaction { database in
            try await RinProfile.lock(suggestion.$profile.id, on: database)
            guard let low = try await RinContact.find(suggestion.$low.id, on: database),
                  let high = try await RinContact.find(suggestion.$high.id, on: database),
                  low.$mergedInto.id == nil, high.$mergedInto.id == nil
            else { throw AppError.conflict(field: "suggestionId", "One of the two was merged or deleted since.") }
            let (survivor, absorbed) = Self.survivorFirst(low, high)
            let evidence = try? RinMergeService.decoder.decode(MatchEvidence.self, from: Data(suggestion.evidence.utf8))
            let verdict = evidence.map { MatchVerdict(confidence: suggestion.confidence, isSure: false, evidence: $0) }
            let (merge, _) = try await RinMergeService(database: database, now: context.now)
                .merge(survivor: survivor, absorbed: absorbed, kind: .accepted, verdict: verdict)
            suggestion.status = .merged
            try await suggestion.save(on: database)
            return merge
        }
    }

    /// "Different people": never suggested again. Hiding a card for now stores nothing (docs/RIN.md §2.3).
    func dismiss(_ suggestionID: UUID, by userID: UUID) async throws {
        let suggestion = try await ownedSuggestion(suggestionID, by: userID)
        guard suggestion.status == .pending else { return }
        suggestion.status = .different
        try await suggestion.save(on: context.database)
    }

    // MARK: - Merges

    /// Two contacts of one book made one by hand; the older survives.
    func merge(_ contactID: UUID, with otherID: UUID, by userID: UUID) async throws -> RinMerge {
        let contacts = RinContactService(context: context)
        let one = try await contacts.owned(contactID, by: userID)
        let other = try await contacts.owned(otherID, by: userID)
        guard one.$profile.id == other.$profile.id else { throw AppError.notFound("contact") }
        guard one.id != other.id else { throw AppError.validation(field: "otherId", "Choose another contact to merge with.") }
        return try await context.database.writeTransaction { database in
            try await RinProfile.lock(one.$profile.id, on: database)
            let (survivor, absorbed) = Self.survivorFirst(one, other)
            let (merge, _) = try await RinMergeService(database: database, now: context.now)
                .merge(survivor: survivor, absorbed: absorbed, kind: .manual, verdict: nil)
            return merge
        }
    }

    func merges(_ profileID: UUID, by userID: UUID, automaticOnly: Bool, page: PageRequest) async throws -> Page<RinMerge> {
        let profileID = try await RinProfileService(context: context).owned(profileID, by: userID).requireID()
        let query = RinMerge.query(on: context.database).filter(\.$profile.$id == profileID).filter(\.$undoneAt == nil)
            .with(\.$survivor).with(\.$absorbed)
        if automaticOnly { query.filter(\.$kind == .auto) }
        return try await query.page(newestFirst: \.$createdAt, date: \.createdAt, page)
    }

    /// Restores both contacts as they were. The answer is both, the survivor first.
    func undo(_ mergeID: UUID, discardEdits: Bool, by userID: UUID) async throws -> (RinContact, RinContact) {
        guard let merge = try await RinMerge.query(on: context.database).filter(\.$id == mergeID)
            .join(RinProfile.self, on: \RinMerge.$profile.$id == \RinProfile.$id)
            .filter(RinProfile.self, \.$user.$id == userID).first()
        else { throw AppError.notFound("merge") }
        guard merge.undoneAt == nil else { throw AppError.conflict(field: "mergeId", "This merge was undone already.") }
        do {
            try await context.database.writeTransaction { database in
                try await RinProfile.lock(merge.$profile.id, on: database)
                try await RinMergeService(database: database, now: context.now).undo(merge, discardEdits: discardEdits)
            }
        } catch RinMergeService.UndoRefusal.laterMerge {
            throw AppError.conflict(field: "mergeId", "A later merge includes one of these contacts. Undo that one first.")
        } catch RinMergeService.UndoRefusal.editedSince {
            throw AppError.conflict(field: "discardEdits",
                                    "The merged contact was edited since. Undoing puts both back as they were before the merge and loses those edits; send discardEdits to go ahead.")
        }
        let contacts = RinContactService(context: context)
        return (try await contacts.owned(merge.$survivor.id, by: userID), try await contacts.owned(merge.$absorbed.id, by: userID))
    }

    // MARK: - Conflicts

    func conflicts(_ profileID: UUID, by userID: UUID, page: PageRequest) async throws -> Page<RinConflict> {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        return try await RinConflict.query(on: context.database).filter(\.$status == .open)
            .join(RinContact.self, on: \RinConflict.$contact.$id == \RinContact.$id)
            .filter(RinContact.self, \.$profile.$id == profile.requireID())
            .filter(RinContact.self, \.$mergedInto.$id == nil)
            .with(\.$contact).page(newestFirst: \.$createdAt, date: \.createdAt, page)
    }

    /// Sets the field to the option chosen; the other value is let go.
    func resolve(_ conflictID: UUID, choice: Int, by userID: UUID) async throws -> RinContact {
        guard let conflict = try await RinConflict.query(on: context.database).filter(\.$id == conflictID)
            .join(RinContact.self, on: \RinConflict.$contact.$id == \RinContact.$id)
            .join(RinProfile.self, on: \RinContact.$profile.$id == \RinProfile.$id)
            .filter(RinProfile.self, \.$user.$id == userID).first()
        else { throw AppError.notFound("conflict") }
        guard conflict.status == .open else { throw AppError.conflict(field: "conflictId", "This was settled already.") }
        let options = try RinMergeService.decoder.decode([MergeConflict.Option].self, from: Data(conflict.options.utf8))
        guard options.indices.contains(choice), let field = ContactField(rawValue: conflict.field) else {
            throw AppError.validation(field: "choice", "Choose one of the \(options.count) values.")
        }
        let contact = try await RinContactService(context: context).owned(conflict.$contact.id, by: userID)
        var chosen = contact.mergeable(values: [])
        chosen[field] = options[choice].value
        let mergeable = chosen
        return try await context.database.writeTransaction { database in
            contact.apply(mergeable)
            contact.editedAt = context.now
            try await contact.save(on: database)
            try await RinContactService.refreshKeys(of: contact, on: database)
            conflict.status = .resolved
            try await conflict.save(on: database)
            return contact
        }
    }

    /// Counts for the book's front page.
    func waiting(_ profileID: UUID) async throws -> (suggestions: Int, conflicts: Int) {
        let suggestions = try await RinSuggestion.query(on: context.database).filter(\.$profile.$id == profileID)
            .filter(\.$status == .pending).count()
        let conflicts = try await RinConflict.query(on: context.database).filter(\.$status == .open)
            .join(RinContact.self, on: \RinConflict.$contact.$id == \RinContact.$id)
            .filter(RinContact.self, \.$profile.$id == profileID).filter(RinContact.self, \.$mergedInto.$id == nil).count()
        return (suggestions, conflicts)
    }

    /// The older contact survives (created first, then the lower id), so links to it stay valid.
    static func survivorFirst(_ one: RinContact, _ other: RinContact) -> (RinContact, RinContact) {
        let a = (one.createdAt ?? .distantPast, one.id?.uuidString ?? ""), b = (other.createdAt ?? .distantPast, other.id?.uuidString ?? "")
        return a <= b ? (one, other) : (other, one)
    }
}
