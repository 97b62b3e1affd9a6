import Fluent
import Foundation
import RinPolicy

/// A profile's circles and who is in them. Only the profile's owner reaches them; a circle of
/// anyone else's is answered as one that does not exist.
struct RinCircleService {
    let context: ServiceContext

    /// The circles a new profile starts with (`RinProfileKind.startingCircles`).
    static func createStandardCircles(for profile: RinProfile, on database: any Database) async throws {
        let profileID = try profile.requireID()
        for seed in profile.kind.startingCircles {
            try await RinCircle(profileID: profileID, kind: seed.kind, template: seed.template, name: seed.name, emoji: nil,
                                color: seed.color.hex, position: seed.position).create(on: database)
        }
    }

    /// A circle of a profile of `userID`'s, or 404.
    func owned(_ circleID: UUID, by userID: UUID) async throws -> RinCircle {
        guard let circle = try await RinCircle.query(on: context.database).filter(\.$id == circleID)
            .join(RinProfile.self, on: \RinCircle.$profile.$id == \RinProfile.$id)
            .filter(RinProfile.self, \.$user.$id == userID).first()
        else { throw AppError.notFound("circle") }
        return circle
    }

    /// In list order: system, prepopulated, custom; then position.
    func circles(of profileID: UUID) async throws -> [RinCircle] {
        try await Self.circles(of: profileID, on: context.database)
    }

    static func circles(of profileID: UUID, on database: any Database) async throws -> [RinCircle] {
        try await RinCircle.query(on: database).filter(\.$profile.$id == profileID).all().sorted { $0.sortKey < $1.sortKey }
    }

    /// How many members each listed circle has, as its owner may see them: a Rin person who has
    /// since blocked the owner or hidden from them is not counted (their row stays, so an unblock
    /// restores them), so the count never tells a hidden member from a gone one.
    func memberCounts(_ circles: [RinCircle]) async throws -> [UUID: Int] {
        let ids = circles.filter { !$0.kind.isSystem }.compactMap(\.id)
        guard !ids.isEmpty else { return [:] }
        let members = try await RinCircleMember.query(on: context.database).filter(\.$circle.$id ~~ ids).with(\.$memberProfile).all()
        var counts: [UUID: Int] = [:]
        var owners: [UUID: RinProfile] = [:]
        for circle in circles where owners[circle.$profile.id] == nil {
            owners[circle.$profile.id] = try await circle.$profile.get(on: context.database)
        }
        var seen = Visibility(context: context)
        for member in members {
            guard let circle = circles.first(where: { $0.id == member.$circle.id }), let owner = owners[circle.$profile.id] else { continue }
            if try await seen.shows(member, to: owner) { counts[member.$circle.id, default: 0] += 1 }
        }
        return counts
    }

    /// Remembers, per member profile, whether the circle's owner may see it.
    private struct Visibility {
        let context: ServiceContext
        var known: [UUID: Bool] = [:]

        mutating func shows(_ member: RinCircleMember, to owner: RinProfile) async throws -> Bool {
            guard let profile = member.$memberProfile.value ?? nil, let id = profile.id else { return true }
            if let answer = known[id] { return answer }
            let answer = try await RinVisibility.mayKnow(profile, by: owner, on: context.database)
            known[id] = answer
            return answer
        }
    }

    struct Draft {
        var name: String
        var emoji: String?
        var color: String?
        var template: RinCircleTemplate
    }

    func create(_ draft: Draft, in profileID: UUID, by userID: UUID) async throws -> RinCircle {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        var validator = FieldValidator()
        let name = validator.check(Self.name(draft.name))
        let emoji = draft.emoji.flatMap { validator.check(Self.emoji($0)) }
        let color = draft.color.flatMap { validator.check(Self.color($0)) }
        try validator.throwIfInvalid()
        return try await context.database.writeTransaction { database in
            try await RinProfile.lock(profile.requireID(), on: database)
            let existing = try await Self.circles(of: profile.requireID(), on: database)
            guard existing.count < RinLimits.maxCirclesPerProfile else {
                throw AppError.conflict(field: "name", "A profile has at most \(RinLimits.maxCirclesPerProfile) circles.")
            }
            let circle = RinCircle(
                profileID: try profile.requireID(), kind: .custom, template: draft.template, name: name?.value ?? draft.name,
                emoji: emoji?.value, color: (color ?? RinCircleColor.next(after: existing.compactMap { RinCircleColor($0.color) })).hex,
                position: (existing.map(\.position).max() ?? -1) + 1)
            try await circle.create(on: database)
            return circle
        }
    }

    struct Changes {
        var name: String?
        var emoji: String?
        var removeEmoji = false
        var color: String?
    }

    func update(_ circleID: UUID, with changes: Changes, by userID: UUID) async throws -> RinCircle {
        let circle = try await owned(circleID, by: userID)
        if circle.kind.isSystem, changes.name != nil {
            throw AppError.conflict(field: "name", "\(circle.name) is one of Rin's own circles; its name stays.")
        }
        var validator = FieldValidator()
        let name = changes.name.flatMap { validator.check(Self.name($0)) }
        let emoji = changes.emoji.flatMap { validator.check(Self.emoji($0)) }
        let color = changes.color.flatMap { validator.check(Self.color($0)) }
        try validator.throwIfInvalid()
        if let name { circle.name = name.value }
        if changes.removeEmoji { circle.emoji = nil } else if let emoji { circle.emoji = emoji.value }
        if let color { circle.color = color.hex }
        try await circle.save(on: context.database)
        return circle
    }

    /// Its people stay in Contacts (they are there through the book); its cells and memberships go.
    func delete(_ circleID: UUID, by userID: UUID) async throws {
        let circle = try await owned(circleID, by: userID)
        guard circle.kind.canBeRenamedOrDeleted else {
            throw AppError.conflict(field: "circleId", "\(circle.name) is one of Rin's own circles; it can't be deleted.")
        }
        try await circle.delete(on: context.database)
    }

    // MARK: - Members

    /// A page of members as the owner may see them (a Rin person hidden from them is left out, as
    /// in `memberCounts`; a page may then hold fewer than asked, and its cursor still goes on).
    func members(of circleID: UUID, by userID: UUID, page: PageRequest) async throws -> Page<RinCircleMember> {
        let circle = try await owned(circleID, by: userID)
        let owner = try await circle.$profile.get(on: context.database)
        var found = try await RinCircleMember.query(on: context.database).filter(\.$circle.$id == circle.requireID())
            .with(\.$memberProfile).with(\.$contact).page(newestFirst: \.$createdAt, date: \.createdAt, page)
        var seen = Visibility(context: context)
        var shown: [RinCircleMember] = []
        for member in found.items where try await seen.shows(member, to: owner) { shown.append(member) }
        found.items = shown
        return found
    }

    /// Adds contacts of the circle's book and Rin profiles it can see. An unknown or hidden one fails
    /// the whole call with the same 404, so the answer never tells which ids exist.
    func add(profiles profileIDs: [UUID], contacts contactIDs: [UUID], to circleID: UUID, by userID: UUID) async throws -> [RinCircleMember] {
        let circle = try await owned(circleID, by: userID)
        guard !circle.kind.isSystem else {
            throw AppError.conflict(field: "circleId", "Everyone in your book is in Contacts, and everyone on Rin in Public; nobody is added to them.")
        }
        let owner = try await RinProfile.find(circle.$profile.id, on: context.database)
        guard let owner else { throw AppError.notFound("circle") }
        let wanted = Array(Set(profileIDs))
        let profiles = wanted.isEmpty ? [] : try await RinProfile.query(on: context.database).filter(\.$id ~~ wanted).all()
        guard profiles.count == wanted.count else { throw AppError.notFound("profile") }
        for profile in profiles where try await !RinVisibility.mayKnow(profile, by: owner, on: context.database) {
            throw AppError.notFound("profile")
        }
        let wantedContacts = Array(Set(contactIDs))
        let contacts = wantedContacts.isEmpty ? [] : try await RinContact.query(on: context.database).filter(\.$id ~~ wantedContacts)
            .filter(\.$profile.$id == owner.requireID()).filter(\.$mergedInto.$id == nil).all()
        guard contacts.count == wantedContacts.count else { throw AppError.notFound("contact") }
        guard !wanted.isEmpty || !wantedContacts.isEmpty else {
            throw AppError.validation(field: "profileIds", "Name at least one person or contact to add.")
        }
        return try await context.database.writeTransaction { database in
            let circleID = try circle.requireID()
            let existing = try await RinCircleMember.query(on: database).filter(\.$circle.$id == circleID)
                .group(.or) { either in
                    if !wanted.isEmpty { either.filter(\.$memberProfile.$id ~~ wanted) }
                    if !wantedContacts.isEmpty { either.filter(\.$contact.$id ~~ wantedContacts) }
                }.all()
            let presentProfiles = Set(existing.compactMap(\.$memberProfile.id))
            let presentContacts = Set(existing.compactMap(\.$contact.id))
            var members = existing
            for id in wanted where !presentProfiles.contains(id) {
                let member = RinCircleMember(circleID: circleID, memberProfileID: id)
                try await member.create(on: database)
                members.append(member)
            }
            for id in wantedContacts where !presentContacts.contains(id) {
                let member = RinCircleMember(circleID: circleID, contactID: id)
                try await member.create(on: database)
                members.append(member)
            }
            for member in members {
                member.$memberProfile.value = profiles.first { $0.id != nil && $0.id == member.$memberProfile.id }
                member.$contact.value = contacts.first { $0.id != nil && $0.id == member.$contact.id }
            }
            return members
        }
    }

    func remove(_ memberID: UUID, from circleID: UUID, by userID: UUID) async throws {
        let circle = try await owned(circleID, by: userID)
        guard let member = try await RinCircleMember.query(on: context.database).filter(\.$id == memberID)
            .filter(\.$circle.$id == circle.requireID()).first()
        else { throw AppError.notFound("member") }
        try await member.delete(on: context.database)
    }

    // MARK: - Rules

    static func name(_ raw: String) -> Result<RinCircleName, AppError.FieldError> {
        switch RinCircleName.parse(raw) {
        case .success(let name): return .success(name)
        case .failure(.empty): return .failure(.init(field: "name", message: "Give the circle a name."))
        case .failure(.tooLong): return .failure(.init(field: "name", message: "A circle's name is at most \(RinLimits.maxCircleNameLength) characters."))
        case .failure(.containsControlCharacter): return .failure(.init(field: "name", message: "A circle's name is one line of text."))
        }
    }

    static func emoji(_ raw: String) -> Result<RinCircleEmoji, AppError.FieldError> {
        switch RinCircleEmoji.parse(raw) {
        case .success(let emoji?): return .success(emoji)
        case .success(nil), .failure: return .failure(.init(field: "emoji", message: "Choose one emoji, or none (removeEmoji)."))
        }
    }

    static func color(_ raw: String) -> Result<RinCircleColor, AppError.FieldError> {
        guard let color = RinCircleColor(raw) else {
            return .failure(.init(field: "color", message: "Choose one of Rin's circle colours."))
        }
        return .success(color)
    }
}

extension RinCircle {
    var sortKey: RinCircleSortKey { RinCircleSortKey(kind: kind, position: position, id: id ?? UUID()) }

    func policy(cells: [RinPolicySetting]) -> RinCirclePolicy {
        RinCirclePolicy(id: id ?? UUID(), kind: kind, template: template, position: position,
                        cells: Dictionary(cells.compactMap { cell in RinFieldKey(cell.fieldKey).map { ($0, cell.access) } },
                                          uniquingKeysWith: { first, _ in first }))
    }
}
