import Fluent
import Foundation
import KindredAPI
import RinPolicy

/// Asking to see a field on Ask, and answering. The requester learns one thing only: that they
/// asked. A denial looks the same as a wait, and asking again creates nothing and tells the owner
/// nothing; an approval is an override for that requester (docs/RIN.md §2.6).
struct RinAskService {
    let context: ServiceContext

    static func limit(_ configuration: KindredConfiguration) -> RateLimiter.Limit {
        .init(count: configuration.rin.asksPerDay, window: 24 * 3600)
    }

    /// Asks `profileID`'s owner for `fieldKey`. A field that is not on Ask for me, or that does
    /// not exist, is a 404 like an unknown one.
    func ask(_ profileID: UUID, field fieldKey: String, actingAs acting: UUID?, by userID: UUID) async throws -> RinAsk {
        let requester = try await RinProfileService(context: context).acting(acting, by: userID)
        guard let owner = try await RinProfile.find(profileID, on: context.database), owner.$user.id != userID,
              let key = RinFieldKey(fieldKey),
              let resolver = try await RinVisibility.resolver(for: owner, viewer: .profile(requester), on: context.database),
              let descriptor = try await RinVisibility.existingField(key, of: owner, on: context.database),
              resolver.resolve(descriptor).access == .ask
        else { throw AppError.notFound("field") }
        let requesterID = try requester.requireID()
        if let existing = try await RinAsk.query(on: context.database).filter(\.$profile.$id == profileID)
            .filter(\.$requesterProfile.$id == requesterID).filter(\.$fieldKey == key.description).first() {
            // Waiting or declined: the same answer, nothing new. Approved once, and the field is on
            // Ask again (the override was taken back): the row opens again.
            guard existing.status == .approved else { return existing }
            try await RateLimiter(database: context.database, now: context.now)
                .hit("rin.asks:\(userID)", userID: userID, limit: Self.limit(context.configuration))
            existing.status = .pending
            existing.decidedAt = nil
            existing.createdAt = context.now
            try await existing.save(on: context.database)
            await announce(existing, to: owner)
            return existing
        }
        try await RateLimiter(database: context.database, now: context.now)
            .hit("rin.asks:\(userID)", userID: userID, limit: Self.limit(context.configuration))
        let row = RinAsk()
        row.$profile.id = profileID
        row.$requesterProfile.id = requesterID
        row.$requesterUser.id = userID
        row.fieldKey = key.description
        row.status = .pending
        do {
            try await row.create(on: context.database)
        } catch {
            // Asked twice at once: the first stands.
            guard let failure = error as? any DatabaseError, failure.isConstraintFailure,
                  let first = try await RinAsk.query(on: context.database).filter(\.$profile.$id == profileID)
                    .filter(\.$requesterProfile.$id == requesterID).filter(\.$fieldKey == key.description).first()
            else { throw error }
            return first
        }
        await announce(row, to: owner)
        return row
    }

    private func announce(_ ask: RinAsk, to owner: RinProfile) async {
        guard let id = ask.id else { return }
        await context.events.publish(.rinAskRequested(askId: id, profileId: owner.id ?? UUID()), to: owner.$user.id)
    }

    private func owned(_ askID: UUID, by userID: UUID) async throws -> RinAsk {
        guard let row = try await RinAsk.query(on: context.database).filter(\.$id == askID)
            .join(RinProfile.self, on: \RinAsk.$profile.$id == \RinProfile.$id)
            .filter(RinProfile.self, \.$user.$id == userID).first()
        else { throw AppError.notFound("ask") }
        return row
    }

    /// Shows them the field from now on (or every field, present and future, with `allFields`).
    func approve(_ askID: UUID, allFields: Bool, by userID: UUID) async throws -> RinAsk {
        let row = try await owned(askID, by: userID)
        try await context.database.writeTransaction { database in
            let scope = allFields ? "*" : row.fieldKey
            if let override = try await RinPersonalOverride.query(on: database).filter(\.$profile.$id == row.$profile.id)
                .filter(\.$viewerProfile.$id == row.$requesterProfile.id).filter(\.$fieldKey == scope).first() {
                override.access = .allow
                override.source = .ask
                try await override.save(on: database)
            } else {
                try await RinPersonalOverride(profileID: row.$profile.id, viewerProfileID: row.$requesterProfile.id, fieldKey: scope,
                                              access: .allow, source: .ask).create(on: database)
            }
            row.status = .approved
            row.decidedAt = context.now
            try await row.save(on: database)
        }
        await context.events.publish(.rinAskApproved(askId: try row.requireID(), profileId: row.$profile.id), to: row.$requesterUser.id)
        return row
    }

    /// Tells the requester nothing: they go on seeing "asked".
    func deny(_ askID: UUID, by userID: UUID) async throws {
        let row = try await owned(askID, by: userID)
        guard row.status == .pending else { return }
        row.status = .denied
        row.decidedAt = context.now
        try await row.save(on: context.database)
    }

    /// A block between two accounts declines their pending asks both ways, silently.
    static func declinePending(between one: UUID, and other: UUID, on database: any Database, now: Date) async throws {
        for (owner, requester) in [(one, other), (other, one)] {
            let profiles = try await RinProfile.query(on: database).filter(\.$user.$id == owner).all(\.$id)
            guard !profiles.isEmpty else { continue }
            try await RinAsk.query(on: database).filter(\.$profile.$id ~~ profiles).filter(\.$requesterUser.$id == requester)
                .filter(\.$status == .pending).set(\.$status, to: .denied).set(\.$decidedAt, to: now).update()
        }
    }

    /// A block of one profile declines, silently, the pending asks between it and the blocker's
    /// account, both ways.
    static func declinePending(between profile: RinProfile, andAccount userID: UUID, on database: any Database, now: Date) async throws {
        let profileID = try profile.requireID()
        try await RinAsk.query(on: database).filter(\.$profile.$id == profileID).filter(\.$requesterUser.$id == userID)
            .filter(\.$status == .pending).set(\.$status, to: .denied).set(\.$decidedAt, to: now).update()
        let mine = try await RinProfile.query(on: database).filter(\.$user.$id == userID).all(\.$id)
        guard !mine.isEmpty else { return }
        try await RinAsk.query(on: database).filter(\.$profile.$id ~~ mine).filter(\.$requesterProfile.$id == profileID)
            .filter(\.$status == .pending).set(\.$status, to: .denied).set(\.$decidedAt, to: now).update()
    }

    // MARK: - Overrides

    /// What one viewer profile sees of one field (or `*`), whatever their circles say.
    func setOverride(_ profileID: UUID, viewer viewerID: UUID, scope: String, access: RinAccess, by userID: UUID) async throws {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        guard let parsed = RinOverrideScope(scope) else {
            throw AppError.validation(field: "fieldKey", "Name a field (name, photo, bio or field:<id>) or * for every field.")
        }
        if case .field(let key) = parsed, try await RinVisibility.existingField(key, of: profile, on: context.database) == nil {
            throw AppError.notFound("field")
        }
        guard let viewer = try await RinProfile.find(viewerID, on: context.database),
              try await RinVisibility.mayKnow(viewer, by: profile, on: context.database)
        else { throw AppError.notFound("profile") }
        if let existing = try await RinPersonalOverride.query(on: context.database).filter(\.$profile.$id == profile.requireID())
            .filter(\.$viewerProfile.$id == viewerID).filter(\.$fieldKey == parsed.description).first() {
            existing.access = access
            existing.source = .manual
            try await existing.save(on: context.database)
        } else {
            try await RinPersonalOverride(profileID: try profile.requireID(), viewerProfileID: viewerID, fieldKey: parsed.description,
                                          access: access, source: .manual).create(on: context.database)
        }
    }

    func removeOverride(_ profileID: UUID, viewer viewerID: UUID, scope: String, by userID: UUID) async throws {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        try await RinPersonalOverride.query(on: context.database).filter(\.$profile.$id == profile.requireID())
            .filter(\.$viewerProfile.$id == viewerID).filter(\.$fieldKey == scope).delete()
    }
}
