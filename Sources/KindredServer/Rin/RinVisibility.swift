import Fluent
import Foundation
import KindredAPI
import RinPolicy

/// Whose eyes a view is computed for.
enum RinViewer {
    /// A Rin profile, placed wherever the owner placed it (circles, overrides).
    case profile(RinProfile)
    /// Any member of one of the owner's circles with no personal override ("See as…").
    case circle(RinCircle)
    /// Anyone on Rin.
    case everyone
}

/// The one place that decides what someone sees of a Rin profile (docs/RIN.md §2.10). Every
/// answer that shows a person to someone else (a person, a preview, a circle's members, a media
/// file) is computed here, at read time, so a change of policy applies everywhere at once.
enum RinVisibility {
    /// How `viewer` resolves `owner`'s fields; nil when they may not see it at all: a block stands
    /// between the two accounts or between one's account and the other profile, the owner is
    /// suspended, or the name is Don't Allow for them.
    static func resolver(for owner: RinProfile, viewer: RinViewer, on database: any Database) async throws -> RinResolver? {
        guard let resolver = try await anyResolver(for: owner, viewer: viewer, on: database), resolver.isProfileVisible else { return nil }
        return resolver
    }

    private static func anyResolver(for owner: RinProfile, viewer: RinViewer, on database: any Database) async throws -> RinResolver? {
        let circles = try await RinCircle.query(on: database).filter(\.$profile.$id == owner.requireID()).all()
        let circleIDs = circles.compactMap(\.id)
        func policies(_ chosen: [RinCircle]) async throws -> [RinCirclePolicy] {
            let ids = chosen.compactMap(\.id)
            let cells = ids.isEmpty ? [] : try await RinPolicySetting.query(on: database).filter(\.$circle.$id ~~ ids).all()
            let byCircle = Dictionary(grouping: cells, by: \.$circle.id)
            return chosen.map { $0.policy(cells: byCircle[$0.id ?? UUID()] ?? []) }
        }
        let everyone = circles.filter { $0.kind == .public }
        switch viewer {
        case .everyone:
            return RinResolver(circles: try await policies(everyone), overrides: [])
        case .circle(let circle):
            // A member of any circle is someone in the book (Contacts) and on Rin (Public).
            let chosen = circles.filter { $0.kind == .public || $0.id == circle.id || (circle.kind != .public && $0.kind == .contacts) }
            return RinResolver(circles: try await policies(chosen), overrides: [])
        case .profile(let viewerProfile):
            if viewerProfile.$user.id == owner.$user.id { return .owner }
            let ownerAccount = try await User.find(owner.$user.id, on: database)
            guard let ownerAccount, ownerAccount.suspendedAt == nil,
                  !(try await Blocks.between(owner.$user.id, viewerProfile.$user.id, on: database)),
                  !(try await RinProfileBlocks.between(owner, viewerProfile, on: database))
            else { return nil }
            let viewerID = try viewerProfile.requireID()
            // The owner's cards of the viewer: each puts them in Contacts, and in its circles.
            let cards = try await RinContact.query(on: database).filter(\.$profile.$id == owner.requireID())
                .filter(\.$linkedProfile.$id == viewerID).filter(\.$mergedInto.$id == nil).all(\.$id)
            let memberOf = circleIDs.isEmpty ? [] : Set(try await RinCircleMember.query(on: database)
                .filter(\.$circle.$id ~~ circleIDs)
                .group(.or) { either in
                    either.filter(\.$memberProfile.$id == viewerID)
                    if !cards.isEmpty { either.filter(\.$contact.$id ~~ cards) }
                }
                .all().map(\.$circle.id))
            let chosen = circles.filter { circle in
                circle.kind == .public || (circle.kind == .contacts && !cards.isEmpty) || memberOf.contains(circle.id ?? UUID())
            }
            let overrides = try await RinPersonalOverride.query(on: database).filter(\.$profile.$id == owner.requireID())
                .filter(\.$viewerProfile.$id == viewerID).all()
                .compactMap { row in RinOverrideScope(row.fieldKey).map { RinOverride(scope: $0, access: row.access, origin: row.source.origin) } }
            return RinResolver(circles: try await policies(chosen), overrides: overrides)
        }
    }

    /// What `viewer` sees of `owner`, or 404 when they may see nothing of it: the answer for a
    /// profile that does not exist, so nobody learns it is there.
    static func view(of owner: RinProfile, by viewer: RinViewer, context: ServiceContext) async throws -> Components.Schemas.RinPersonView {
        guard let resolver = try await resolver(for: owner, viewer: viewer, on: context.database) else {
            throw AppError.notFound("profile")
        }
        let fields = try await RinProfileField.query(on: context.database).filter(\.$profile.$id == owner.requireID())
            .sort(\.$position).sort(\.$id).all()
        let photo = try await owner.$photo.get(on: context.database)
        var view = Components.Schemas.RinPersonView(profileId: try owner.requireID(), fields: [], askable: [])
        // What this viewer asked for and has not been shown: waiting and declined read the same.
        var asked: Set<String> = []
        if case .profile(let viewerProfile) = viewer, let viewerID = viewerProfile.id {
            asked = Set(try await RinAsk.query(on: context.database).filter(\.$profile.$id == owner.requireID())
                .filter(\.$requesterProfile.$id == viewerID).filter(\.$status ~~ [.pending, .denied]).all(\.$fieldKey))
        }
        func askable(_ key: RinFieldKey, _ kind: Components.Schemas.RinAskableField.KindPayload, label: RinFieldLabel? = nil) {
            view.askable.append(.init(key: key.description, kind: kind, label: label.flatMap { .init(rawValue: $0.rawValue) },
                                      requested: asked.contains(key.description)))
        }
        switch resolver.resolve(.name).access {
        case .allow: view.displayName = owner.displayName
        case .ask: askable(.name, .name)
        case .deny: break
        }
        // A photo or bio the profile lacks is not there to see or to ask for.
        if let photo {
            switch resolver.resolve(.photo).access {
            case .allow: view.photo = try photo.dto(mediaURLs: context.services.mediaURLs, now: context.now)
            case .ask: askable(.photo, .photo)
            case .deny: break
            }
        }
        if !owner.bio.isEmpty {
            switch resolver.resolve(.bio).access {
            case .allow: view.bio = owner.bio
            case .ask: askable(.bio, .bio)
            case .deny: break
            }
        }
        for field in fields {
            let descriptor = try field.descriptor()
            guard let kind = Components.Schemas.RinFieldKind(rawValue: field.kind.rawValue) else { continue }
            switch resolver.resolve(descriptor).access {
            case .allow:
                // No primary flag: a shown phone marked "not primary" would tell of a hidden one.
                view.fields.append(.init(key: descriptor.key.description, kind: kind, label: field.label.flatMap { .init(rawValue: $0.rawValue) },
                                         value: field.value))
            case .ask:
                askable(descriptor.key, .init(rawValue: field.kind.rawValue) ?? .phone, label: field.label)
            case .deny: break
            }
        }
        return view
    }

    /// The field `key` names on `owner`, if the profile has it: the name always, a photo or bio
    /// only when set, a field while it exists.
    static func existingField(_ key: RinFieldKey, of owner: RinProfile, on database: any Database) async throws -> RinFieldDescriptor? {
        switch key {
        case .name: return .name
        case .photo: return owner.$photo.id == nil ? nil : .photo
        case .bio: return owner.bio.isEmpty ? nil : .bio
        case .field(let id):
            return try await RinProfileField.query(on: database).filter(\.$id == id).filter(\.$profile.$id == owner.requireID())
                .first()?.descriptor()
        }
    }

    /// Whether `viewer` may see `profile` exist (its name is not Don't Allow for them).
    static func mayKnow(_ profile: RinProfile, by viewer: RinProfile, on database: any Database) async throws -> Bool {
        try await resolver(for: profile, viewer: .profile(viewer), on: database) != nil
    }

    /// Whether any of `profiles` shows its photo to any profile of the account `viewerID`.
    static func anyProfileShowsPhoto(_ profiles: [RinProfile], toAccount viewerID: UUID, on database: any Database) async throws -> Bool {
        let viewers = try await RinProfile.query(on: database).filter(\.$user.$id == viewerID).all()
        for profile in profiles {
            for viewer in viewers {
                guard let resolver = try await resolver(for: profile, viewer: .profile(viewer), on: database) else { continue }
                if resolver.resolve(.photo).access == .allow { return true }
            }
        }
        return false
    }
}

extension RinPersonalOverride.Source {
    var origin: RinOverrideOrigin {
        switch self {
        case .manual: .manual
        case .ask: .ask
        }
    }
}

extension RinProfileField {
    func descriptor() throws -> RinFieldDescriptor {
        RinFieldDescriptor(id: try requireID(), kind: kind, label: label, isPrimary: isPrimary)
    }
}
