import Fluent
import Foundation
import RinMatching
import RinPolicy

/// A person's Rin profiles and settings: the primary, made with its circles on the first Rin
/// request; alternates; their fields. Only the owner reaches anything here (404 for anyone else).
struct RinProfileService {
    let context: ServiceContext

    static let maxAlternates = 20
    static let alternatesPerDay = RateLimiter.Limit(count: 3, window: 24 * 3600)

    // MARK: - The primary and settings

    /// The person's primary profile, made on first use with their settings and its circles.
    func primary(of userID: UUID) async throws -> RinProfile {
        if let profile = try await RinProfile.query(on: context.database).filter(\.$primaryUserID == userID).first() {
            return profile
        }
        let user = try await ProfileService.user(userID, on: context.database)
        let region = context.configuration.rin.defaultRegion
        do {
            return try await context.database.writeTransaction { database in
                if try await RinSettings.query(on: database).filter(\.$user.$id == userID).first() == nil {
                    try await RinSettings(userID: userID, defaultRegion: region).create(on: database)
                }
                // The Kindred display name is already public to every signed-in person, so it is a
                // safe first Rin name; from here on the two are separate.
                let profile = RinProfile(userID: userID, kind: .primary, displayName: user.displayName, discoverable: true)
                try await profile.create(on: database)
                try await RinCircleService.createStandardCircles(for: profile, on: database)
                return profile
            }
        } catch {
            // Two first requests at once: the other made it.
            guard let failure = error as? any DatabaseError, failure.isConstraintFailure,
                  let profile = try await RinProfile.query(on: context.database).filter(\.$primaryUserID == userID).first()
            else { throw error }
            return profile
        }
    }

    func settings(of userID: UUID) async throws -> (RinSettings, primary: RinProfile) {
        let primary = try await primary(of: userID)
        guard let settings = try await RinSettings.query(on: context.database).filter(\.$user.$id == userID).first() else {
            throw AppError.notFound("settings")
        }
        return (settings, primary)
    }

    func updateSettings(of userID: UUID, defaultRegion: String?, onboarded: Bool? = nil, showsConnections: Bool? = nil) async throws -> (RinSettings, primary: RinProfile) {
        let (settings, primary) = try await settings(of: userID)
        if let defaultRegion {
            guard RinRegions.isKnown(defaultRegion) else {
                throw AppError.validation(field: "defaultRegion", "Rin doesn't know the phone numbering of \(defaultRegion); use a region code such as US or GB.")
            }
            settings.defaultRegion = defaultRegion
        }
        switch onboarded {
        case true?: settings.onboardedAt = settings.onboardedAt ?? context.now
        case false?: settings.onboardedAt = nil
        case nil: break
        }
        if let showsConnections { settings.showsConnections = showsConnections }
        if settings.hasChanges { try await settings.save(on: context.database) }
        return (settings, primary)
    }

    // MARK: - Profiles

    /// A profile of `userID`'s, or 404: someone else's profile is answered as one that does not exist.
    func owned(_ profileID: UUID, by userID: UUID) async throws -> RinProfile {
        _ = try await primary(of: userID)
        guard let profile = try await RinProfile.query(on: context.database)
            .filter(\.$id == profileID).filter(\.$user.$id == userID).with(\.$photo).first()
        else { throw AppError.notFound("profile") }
        return profile
    }

    /// The profile a request acts as: the one named, if it is the caller's, or their primary.
    func acting(_ profileID: UUID?, by userID: UUID) async throws -> RinProfile {
        guard let profileID else { return try await primary(of: userID) }
        return try await owned(profileID, by: userID)
    }

    func list(of userID: UUID) async throws -> [RinProfile] {
        _ = try await primary(of: userID)
        return try await RinProfile.query(on: context.database).filter(\.$user.$id == userID).with(\.$photo).all()
            .sorted { ($0.kind == .primary ? 0 : 1, $0.createdAt ?? .distantPast, $0.id?.uuidString ?? "") <
                      ($1.kind == .primary ? 0 : 1, $1.createdAt ?? .distantPast, $1.id?.uuidString ?? "") }
    }

    struct Draft {
        var kind: RinProfileKind
        var displayName: String
        var bio: String?
        var discoverable: Bool
    }

    func createAlternate(_ draft: Draft, by userID: UUID) async throws -> RinProfile {
        _ = try await primary(of: userID)
        var validator = FieldValidator()
        let name = validator.check(RinRules.displayName(draft.displayName))
        let bio = draft.bio.flatMap { validator.check(RinRules.bio($0)) } ?? ""
        try validator.throwIfInvalid()
        let primaryID = try await primary(of: userID).requireID()
        let limiter = RateLimiter(database: context.database, now: context.now)
        let hit = try await limiter.hit("rin.alternates:\(userID)", userID: userID, limit: Self.alternatesPerDay)
        do {
            return try await createAlternate(draft, name: name ?? draft.displayName, bio: bio, primaryID: primaryID, userID: userID)
        } catch {
            // Refused for the cap: the attempt does not use up one of the day's three.
            try? await limiter.release([hit])
            throw error
        }
    }

    private func createAlternate(_ draft: Draft, name: String, bio: String, primaryID: UUID, userID: UUID) async throws -> RinProfile {
        try await context.database.writeTransaction { database in
            // The primary's row stands for the account: two creations at once count one after the other.
            try await RinProfile.lock(primaryID, on: database)
            let count = try await RinProfile.query(on: database).filter(\.$user.$id == userID).filter(\.$kind != .primary).count()
            guard count < Self.maxAlternates else {
                throw AppError.conflict(field: "kind", "You have \(Self.maxAlternates) alternate profiles, the most there can be. Delete one first.")
            }
            let profile = RinProfile(userID: userID, kind: draft.kind, displayName: name, bio: bio,
                                     discoverable: draft.discoverable)
            try await profile.create(on: database)
            try await RinCircleService.createStandardCircles(for: profile, on: database)
            return profile
        }
    }

    struct Changes {
        var displayName: String?
        var bio: String?
        var photoID: UUID?
        var removePhoto = false
        var discoverable: Bool?
    }

    func update(_ profileID: UUID, with changes: Changes, by userID: UUID) async throws -> RinProfile {
        let profile = try await owned(profileID, by: userID)
        var validator = FieldValidator()
        let name = changes.displayName.flatMap { validator.check(RinRules.displayName($0)) }
        let bio = changes.bio.flatMap { validator.check(RinRules.bio($0)) }
        try validator.throwIfInvalid()
        if let name { profile.rename(name) }
        if let bio { profile.bio = bio }
        if let discoverable = changes.discoverable { profile.discoverable = discoverable }
        if changes.removePhoto {
            profile.$photo.id = nil
        } else if let photoID = changes.photoID {
            // Only the owner's own upload, and a still image.
            guard let photo = try await MediaItem.query(on: context.database).filter(\.$id == photoID).filter(\.$owner.$id == userID).first() else {
                throw AppError.validation(field: "photoId", "Upload the picture first; that media id is not one of yours.")
            }
            guard photo.mediaType?.isImage == true else {
                throw AppError.validation(field: "photoId", "A profile picture is an image, not a video.")
            }
            try await ensureUnshared(photoID, for: profile, of: userID)
            profile.$photo.id = photoID
        }
        try await profile.save(on: context.database)
        return try await owned(profileID, by: userID)
    }

    /// An alternate's photo is its own: the media id is in the photo's URL, so the same upload
    /// shown as the account's avatar or on another of my profiles would tie them together.
    private func ensureUnshared(_ photoID: UUID, for profile: RinProfile, of userID: UUID) async throws {
        // The primary is the account's own face: sharing the avatar with it tells nothing.
        var onAvatar = false
        if profile.kind != .primary {
            onAvatar = try await User.query(on: context.database).filter(\.$id == userID).filter(\.$avatar.$id == photoID).count() > 0
        }
        let onProfile = try await RinProfile.query(on: context.database).filter(\.$user.$id == userID)
            .filter(\.$photo.$id == photoID).filter(\.$id != profile.requireID()).count() > 0
        guard !onAvatar && !onProfile else {
            throw AppError.validation(field: "photoId", "Upload a photo of its own for this profile: that one is already shown on another of yours.")
        }
    }

    func delete(_ profileID: UUID, by userID: UUID) async throws {
        let profile = try await owned(profileID, by: userID)
        guard profile.kind != .primary else {
            throw AppError.conflict(field: "profileId", "Your primary profile goes only with your account.")
        }
        // Its book moves to the primary, with links to Rin profiles dropped so nobody gains access
        // through the move (docs/RIN.md §2.8). Fields, circles, cells, memberships, overrides,
        // asks and its imports' records cascade.
        let primaryID = try await primary(of: userID).requireID()
        let profileID = try profile.requireID()
        try await context.database.writeTransaction { database in
            let contacts = try await RinContact.query(on: database).filter(\.$profile.$id == profileID).all(\.$id)
            if !contacts.isEmpty {
                try await RinContact.query(on: database).filter(\.$id ~~ contacts)
                    .set(\.$profile.$id, to: primaryID).set(\.$linkedProfile.$id, to: nil).update()
                try await RinContactValue.query(on: database).filter(\.$contact.$id ~~ contacts).set(\.$profile.$id, to: primaryID).update()
                try await RinCircleMember.query(on: database).filter(\.$contact.$id ~~ contacts).delete()
            }
            try await profile.delete(on: database)
        }
    }

    // MARK: - Fields

    func fields(of profileID: UUID) async throws -> [RinProfileField] {
        try await RinProfileField.query(on: context.database).filter(\.$profile.$id == profileID)
            .sort(\.$position).sort(\.$id).all()
    }

    struct FieldDraft {
        var kind: RinFieldKind
        var label: RinFieldLabel?
        var value: String
        var isPrimary: Bool?
    }

    func addField(_ draft: FieldDraft, to profileID: UUID, by userID: UUID) async throws -> RinProfileField {
        let profile = try await owned(profileID, by: userID)
        let region = try await settings(of: userID).0.defaultRegion
        let value = try RinRules.fieldValue(draft.value, kind: draft.kind, label: draft.label, region: region).get()
        if draft.isPrimary == true, !draft.kind.hasPrimary {
            throw AppError.validation(field: "isPrimary", "Only a phone or an e-mail is primary.")
        }
        return try await context.database.writeTransaction { database in
            try await RinProfile.lock(profile.requireID(), on: database)
            let existing = try await RinProfileField.query(on: database).filter(\.$profile.$id == profile.requireID()).all()
            guard existing.count < RinLimits.maxFieldsPerProfile else {
                throw AppError.conflict(field: "kind", "A profile holds at most \(RinLimits.maxFieldsPerProfile) fields.")
            }
            if draft.kind == .birthday, existing.contains(where: { $0.kind == .birthday }) {
                throw AppError.conflict(field: "kind", "A profile has one birthday; change the one it has.")
            }
            let sameKind = existing.filter { $0.kind == draft.kind }
            // The first phone or e-mail is the primary one unless told otherwise; the Friends
            // template shows primary values, so the flag is never given silently to a later one.
            let primary = draft.kind.hasPrimary && (draft.isPrimary ?? sameKind.isEmpty)
            if primary { try await Self.clearPrimary(of: draft.kind, in: sameKind, on: database) }
            let field = RinProfileField(profileID: try profile.requireID(), kind: draft.kind, label: draft.label, value: value,
                                        isPrimary: primary, position: (existing.map(\.position).max() ?? -1) + 1)
            try await field.create(on: database)
            return field
        }
    }

    struct FieldChanges {
        var label: RinFieldLabel?
        var value: String?
        var isPrimary: Bool?
    }

    func updateField(_ fieldID: UUID, of profileID: UUID, with changes: FieldChanges, by userID: UUID) async throws -> RinProfileField {
        let profile = try await owned(profileID, by: userID)
        guard let field = try await RinProfileField.query(on: context.database)
            .filter(\.$id == fieldID).filter(\.$profile.$id == profile.requireID()).first()
        else { throw AppError.notFound("field") }
        if changes.isPrimary == true, !field.kind.hasPrimary {
            throw AppError.validation(field: "isPrimary", "Only a phone or an e-mail is primary.")
        }
        let label = changes.label ?? field.label
        if changes.value != nil || changes.label != nil {
            let region = try await settings(of: userID).0.defaultRegion
            field.value = try RinRules.fieldValue(changes.value ?? field.value, kind: field.kind, label: label, region: region).get()
            field.label = label
        }
        return try await context.database.writeTransaction { database in
            try await RinProfile.lock(profile.requireID(), on: database)
            if let isPrimary = changes.isPrimary, field.kind.hasPrimary, isPrimary != field.isPrimary {
                if isPrimary {
                    let others = try await RinProfileField.query(on: database).filter(\.$profile.$id == profile.requireID())
                        .filter(\.$kind == field.kind).all()
                    try await Self.clearPrimary(of: field.kind, in: others, on: database)
                }
                field.isPrimary = isPrimary
            }
            try await field.save(on: database)
            return field
        }
    }

    /// Removes a field and its cells and overrides. No other field becomes primary in its place:
    /// that would show it to circles that were shown the one removed.
    func deleteField(_ fieldID: UUID, of profileID: UUID, by userID: UUID) async throws {
        let profile = try await owned(profileID, by: userID)
        guard let field = try await RinProfileField.query(on: context.database)
            .filter(\.$id == fieldID).filter(\.$profile.$id == profile.requireID()).first()
        else { throw AppError.notFound("field") }
        let key = RinFieldKey.field(fieldID).description
        try await context.database.writeTransaction { database in
            let circles = try await RinCircle.query(on: database).filter(\.$profile.$id == profile.requireID()).all().compactMap(\.id)
            try await RinPolicySetting.query(on: database).filter(\.$circle.$id ~~ circles).filter(\.$fieldKey == key).delete()
            try await RinPersonalOverride.query(on: database).filter(\.$profile.$id == profile.requireID()).filter(\.$fieldKey == key).delete()
            try await field.delete(on: database)
        }
    }

    private static func clearPrimary(of kind: RinFieldKind, in fields: [RinProfileField], on database: any Database) async throws {
        for other in fields where other.kind == kind && other.isPrimary {
            other.isPrimary = false
            try await other.save(on: database)
        }
    }
}
