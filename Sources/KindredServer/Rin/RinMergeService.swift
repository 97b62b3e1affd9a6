import Fluent
import Foundation
import RinFormats
import RinMatching

/// What a contact was before a merge, whole: enough for undo to put it back exactly.
struct RinContactState: Codable {
    var contact: MergeableContact
    var photoID: UUID?
    var linkedProfileID: UUID?
    /// Absent in snapshots taken before links were told apart (read as a username link).
    var linkedVia: RinLinkVia?
    var linkedAt: Date?
    var editedAt: Date?
    var circleIDs: [UUID]
}

struct RinMergeSnapshot: Codable {
    var survivor: RinContactState
    var absorbed: RinContactState
}

/// Merges two contacts of one book and undoes merges. Called inside the caller's transaction
/// (an import batch, accepting a suggestion, a manual merge), so a merge is never half-made.
struct RinMergeService {
    let database: any Database
    let now: Date

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Dates as their exact seconds: undo compares a contact's edit time with the snapshot's.
        encoder.dateEncodingStrategy = .deferredToDate
        return encoder
    }()
    static let decoder = JSONDecoder()

    /// Makes `absorbed` part of `survivor`: multi-valued fields united, single-valued ones kept
    /// with a conflict where they differ, circles and favourite united; `absorbed` stays, merged
    /// away, for undo. Returns the merge and how many conflicts it raised.
    @discardableResult
    func merge(survivor: RinContact, absorbed: RinContact, kind: RinMerge.Kind, verdict: MatchVerdict?) async throws -> (RinMerge, Int) {
        let survivorID = try survivor.requireID(), absorbedID = try absorbed.requireID()
        let before = RinMergeSnapshot(survivor: try await state(of: survivor), absorbed: try await state(of: absorbed))
        let merge = ContactMerge(survivor: before.survivor.contact, absorbed: before.absorbed.contact)

        survivor.apply(merge.merged)
        if survivor.$photo.id == nil { survivor.$photo.id = absorbed.$photo.id }
        if survivor.$linkedProfile.id == nil, let linked = absorbed.$linkedProfile.id {
            survivor.link(to: linked, via: absorbed.linkedVia ?? .username, at: absorbed.linkedAt ?? now)
        }
        try await RinContactValue.query(on: database).filter(\.$contact.$id == survivorID).delete()
        try await RinContactService.store(merge.merged.values.map { var value = $0; value.id = nil; return value }, of: survivor, on: database)
        try await RinContactService.refreshKeys(of: survivor, on: database)

        // The absorbed contact's circles become the survivor's; it keeps none while merged away.
        let gained = Set(before.absorbed.circleIDs).subtracting(before.survivor.circleIDs)
        for circleID in gained { try await RinCircleMember(circleID: circleID, contactID: survivorID).create(on: database) }
        try await RinCircleMember.query(on: database).filter(\.$contact.$id == absorbedID).delete()
        absorbed.$mergedInto.id = survivorID
        try await absorbed.save(on: database)

        let last = try await RinMerge.query(on: database).filter(\.$profile.$id == survivor.$profile.id).max(\.$seq) ?? 0
        let row = RinMerge()
        row.seq = last + 1
        row.$profile.id = survivor.$profile.id
        row.$survivor.id = survivorID
        row.$absorbed.id = absorbedID
        row.kind = kind
        row.confidence = verdict?.confidence ?? 1
        row.evidence = String(decoding: try Self.encoder.encode(verdict?.evidence), as: UTF8.self)
        row.before = String(decoding: try Self.encoder.encode(before), as: UTF8.self)
        try await row.create(on: database)
        for conflict in merge.conflicts {
            let record = RinConflict()
            record.$contact.id = survivorID
            record.$merge.id = try row.requireID()
            record.field = conflict.field.rawValue
            record.options = String(decoding: try Self.encoder.encode(conflict.options), as: UTF8.self)
            record.status = .open
            try await record.create(on: database)
        }
        // Suggestions about the absorbed contact are answered by this merge.
        try await RinSuggestion.query(on: database).filter(\.$status == .pending)
            .group(.or) { $0.filter(\.$low.$id == absorbedID).filter(\.$high.$id == absorbedID) }
            .set(\.$status, to: .superseded).update()
        return (row, merge.conflicts.count)
    }

    enum UndoRefusal: Error {
        /// A later merge touches one of the two: undo that first.
        case laterMerge(UUID)
        /// The merged contact was edited by hand since; undoing would lose that.
        case editedSince
    }

    /// Puts both contacts back exactly as they were. Only the newest live merge touching either
    /// contact can be undone (stack order).
    func undo(_ merge: RinMerge, discardEdits: Bool) async throws {
        let mergeID = try merge.requireID()
        let involved = [merge.$survivor.id, merge.$absorbed.id]
        let later = try await RinMerge.query(on: database).filter(\.$profile.$id == merge.$profile.id).filter(\.$undoneAt == nil)
            .filter(\.$seq > merge.seq)
            .group(.or) { either in
                either.filter(\.$survivor.$id ~~ involved)
                either.filter(\.$absorbed.$id ~~ involved)
            }.first()
        if let later { throw UndoRefusal.laterMerge(try later.requireID()) }
        guard let survivor = try await RinContact.find(merge.$survivor.id, on: database),
              let absorbed = try await RinContact.find(merge.$absorbed.id, on: database)
        else { throw AppError.notFound("merge") }
        let snapshot = try Self.decoder.decode(RinMergeSnapshot.self, from: Data(merge.before.utf8))
        // A merge leaves the edit time alone, so any other time means an edit since (the
        // databases keep microseconds at best, hence the millisecond's grace).
        let editedSince = switch (survivor.editedAt, snapshot.survivor.editedAt) {
        case (nil, nil): false
        case (let now?, let then?): abs(now.timeIntervalSince(then)) > 0.001
        default: true
        }
        if editedSince, !discardEdits { throw UndoRefusal.editedSince }
        try await restore(survivor, to: snapshot.survivor)
        absorbed.$mergedInto.id = nil
        try await restore(absorbed, to: snapshot.absorbed)
        try await RinConflict.query(on: database).filter(\.$merge.$id == mergeID).delete()
        merge.undoneAt = now
        try await merge.save(on: database)
        // An accepted suggestion waits again; one the merge superseded does too.
        let pair = MatchPair(merge.$survivor.id, merge.$absorbed.id)
        try await RinSuggestion.query(on: database).filter(\.$low.$id == pair.low).filter(\.$high.$id == pair.high)
            .filter(\.$status ~~ [.merged, .superseded]).set(\.$status, to: .pending).update()
    }

    func state(of contact: RinContact) async throws -> RinContactState {
        let id = try contact.requireID()
        let values = try await RinContactValue.query(on: database).filter(\.$contact.$id == id).sort(\.$position).all()
        let circles = try await RinCircleMember.query(on: database).filter(\.$contact.$id == id).all().map(\.$circle.id)
        return RinContactState(contact: contact.mergeable(values: values), photoID: contact.$photo.id,
                               linkedProfileID: contact.$linkedProfile.id,
                               linkedVia: contact.linkedVia, linkedAt: contact.linkedAt, editedAt: contact.editedAt, circleIDs: circles.sorted { $0.uuidString < $1.uuidString })
    }

    private func restore(_ contact: RinContact, to state: RinContactState) async throws {
        let id = try contact.requireID()
        contact.apply(state.contact)
        contact.$photo.id = state.photoID
        contact.$linkedProfile.id = state.linkedProfileID
        contact.linkedVia = state.linkedProfileID == nil ? nil : state.linkedVia ?? .username
        contact.linkedAt = state.linkedProfileID == nil ? nil : state.linkedAt ?? contact.linkedAt
        contact.editedAt = state.editedAt
        try await RinContactValue.query(on: database).filter(\.$contact.$id == id).delete()
        for (position, value) in state.contact.values.enumerated() {
            let row = RinContactValue(contactID: id, profileID: contact.$profile.id, value: value, position: position)
            row.id = value.id
            try await row.create(on: database)
        }
        try await RinCircleMember.query(on: database).filter(\.$contact.$id == id).delete()
        // A circle deleted since the merge is not brought back.
        let circles = try await RinCircle.query(on: database).filter(\.$id ~~ state.circleIDs).all(\.$id)
        for circleID in circles { try await RinCircleMember(circleID: circleID, contactID: id).create(on: database) }
        try await RinContactService.refreshKeys(of: contact, on: database)
    }
}

extension RinContact {
    func mergeable(values: [RinContactValue]) -> MergeableContact {
        MergeableContact(id: id ?? UUID(), givenName: givenName, familyName: familyName, middleName: middleName, namePrefix: namePrefix,
                         nameSuffix: nameSuffix, displayName: displayName, nickname: nickname, organization: organization, title: title,
                         birthday: birthday, note: note, values: values.map(\.contactValue), isFavourite: favourite)
    }

    func apply(_ merged: MergeableContact) {
        givenName = merged.givenName
        familyName = merged.familyName
        middleName = merged.middleName
        namePrefix = merged.namePrefix
        nameSuffix = merged.nameSuffix
        displayName = merged.displayName
        nickname = merged.nickname
        organization = merged.organization
        title = merged.title
        birthday = merged.birthday
        note = merged.note
        favourite = merged.isFavourite
    }

    /// What matching knows of this card.
    func matchRecord(values: [RinContactValue]) -> MatchRecord {
        // Read the way a card's name is (`MatchRecord(card:)`), so an imported card and a stored
        // contact of the same person get the same key.
        let structured = PersonName(structured: ContactCard.StructuredName(
            family: familyName ?? "", given: givenName ?? "", additional: middleName ?? "", prefixes: namePrefix ?? "", suffixes: nameSuffix ?? ""))
        let name = structured.isEmpty ? NameKey(formatted: displayName ?? nickname ?? "") : NameKey(structured)
        return MatchRecord(id: id ?? UUID(), createdAt: createdAt ?? .distantPast, name: name,
                           emails: values.filter { $0.kind == .email }.compactMap(\.normalized),
                           phones: values.filter { $0.kind == .phone }.compactMap(\.normalized),
                           birthday: birthday.flatMap(NormalizedBirthday.init(text:)), organization: organization)
    }
}
