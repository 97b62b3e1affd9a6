import Foundation
import KindredAPI
import RinPolicy

extension RinSettings {
    func dto(primary: RinProfile) throws -> Components.Schemas.RinSettings {
        .init(defaultRegion: defaultRegion, primaryProfileId: try primary.requireID(), onboardedAt: onboardedAt,
              showsConnections: showsConnections)
    }
}

extension RinProfile {
    /// As its owner sees it.
    func dto(context: ServiceContext) throws -> Components.Schemas.RinProfile {
        .init(
            id: try requireID(), kind: .init(kind), displayName: displayName, bio: bio,
            photo: try $photo.value.flatMap { $0 }.map { try $0.dto(mediaURLs: context.services.mediaURLs, now: context.now) },
            discoverable: discoverable, createdAt: createdAt ?? context.now)
    }

    func detailDTO(fields: [RinProfileField], context: ServiceContext) throws -> Components.Schemas.RinProfileDetail {
        .init(profile: try dto(context: context), fields: try fields.map { try $0.dto() })
    }
}

extension RinProfileField {
    func dto() throws -> Components.Schemas.RinProfileField {
        let id = try requireID()
        return .init(id: id, key: RinFieldKey.field(id).description, kind: try .init(contract: kind),
                     label: label.map(Components.Schemas.RinFieldLabel.init), value: value, isPrimary: isPrimary)
    }
}

extension RinCircle {
    func dto(memberCount: Int?) throws -> Components.Schemas.RinCircle {
        .init(id: try requireID(), kind: .init(kind), name: name, emoji: emoji,
              color: .init(rawValue: color) ?? ._num_6b7280, template: .init(template), isSystem: kind.isSystem,
              memberCount: kind.isSystem ? nil : memberCount ?? 0)
    }
}

extension RinCircleMember {
    /// `displayName` is the member's name as the circle's profile may see it.
    func dto(displayName: String?, context: ServiceContext) throws -> Components.Schemas.RinCircleMember {
        .init(id: try requireID(), profileId: $memberProfile.id, contactId: $contact.id, displayName: displayName, addedAt: createdAt ?? context.now)
    }
}

extension RinPolicyService.Grid {
    func dto(memberCounts: [UUID: Int]) throws -> Components.Schemas.RinPolicyGrid {
        let rows = fields
        return .init(
            fields: grid.fields.map { field in
                let row = field.key == .name || field.key == .photo || field.key == .bio ? nil : rows.first { RinFieldKey.field($0.id ?? UUID()) == field.key }
                return .init(key: field.key.description, kind: .init(rawValue: field.kind.rawValue) ?? .name,
                             label: field.label.map(Components.Schemas.RinFieldLabel.init),
                             isPrimary: row.map(\.isPrimary))
            },
            circles: try circles.map { try $0.dto(memberCount: memberCounts[$0.id ?? UUID()]) },
            cells: grid.circles.flatMap { circle in
                grid.fields.map { field in
                    let cell = circle.cell(for: field)
                    return .init(circleId: circle.id, fieldKey: field.key.description, access: .init(cell.access), isTemplate: cell.isTemplateDefault)
                }
            })
    }
}

// MARK: - Between the contract's enums and RinPolicy's (same raw values)

extension Components.Schemas.RinProfileKind {
    init(_ kind: RinProfileKind) {
        switch kind {
        case .primary: self = .primary
        case .professional: self = .professional
        case .personal: self = .personal
        case .anonymous: self = .anonymous
        }
    }
}

extension RinProfileKind {
    init(_ kind: Components.Schemas.RinAlternateKind) {
        switch kind {
        case .professional: self = .professional
        case .personal: self = .personal
        case .anonymous: self = .anonymous
        }
    }
}

extension Components.Schemas.RinFieldKind {
    init(contract kind: RinFieldKind) throws {
        // A stored field is never a built-in (name, photo, bio): those are the profile's own columns.
        guard let value = Self(rawValue: kind.rawValue) else { throw RinStoredFieldIsBuiltIn(kind: kind) }
        self = value
    }
}

extension RinFieldKind {
    init(_ kind: Components.Schemas.RinFieldKind) {
        switch kind {
        case .phone: self = .phone
        case .email: self = .email
        case .address: self = .address
        case .birthday: self = .birthday
        case .social: self = .social
        }
    }
}

extension Components.Schemas.RinFieldLabel {
    init(_ label: RinFieldLabel) {
        switch label {
        case .mobile: self = .mobile
        case .home: self = .home
        case .work: self = .work
        case .other: self = .other
        case .linkedin: self = .linkedin
        case .x: self = .x
        case .whatsapp: self = .whatsapp
        }
    }
}

extension RinFieldLabel {
    init(_ label: Components.Schemas.RinFieldLabel) {
        switch label {
        case .mobile: self = .mobile
        case .home: self = .home
        case .work: self = .work
        case .other: self = .other
        case .linkedin: self = .linkedin
        case .x: self = .x
        case .whatsapp: self = .whatsapp
        }
    }
}

extension Components.Schemas.RinCircleKind {
    init(_ kind: RinCircleKind) {
        switch kind {
        case .contacts: self = .contacts
        case .public: self = ._public
        case .family: self = .family
        case .friends: self = .friends
        case .colleagues: self = .colleagues
        case .custom: self = .custom
        }
    }
}

extension Components.Schemas.RinCircleTemplate {
    init(_ template: RinCircleTemplate) {
        switch template {
        case .nameOnly: self = .nameOnly
        case .permissive: self = .permissive
        case .moderate: self = .moderate
        case .restricted: self = .restricted
        }
    }
}

extension Components.Schemas.RinAccess {
    init(_ access: RinAccess) {
        switch access {
        case .allow: self = .allow
        case .ask: self = .ask
        case .deny: self = .deny
        }
    }
}

extension RinAccess {
    init(_ access: Components.Schemas.RinAccess) {
        switch access {
        case .allow: self = .allow
        case .ask: self = .ask
        case .deny: self = .deny
        }
    }
}

struct RinStoredFieldIsBuiltIn: Error {
    let kind: RinFieldKind
}
