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

    /// How many members each listed circle has.
    func memberCounts(_ circles: [RinCircle]) async throws -> [UUID: Int] {
        let ids = circles.filter { !$0.kind.isSystem }.compactMap(\.id)
        guard !ids.isEmpty else { return [:] }
        let members = try await RinCircleMember.query(on: context.database).filter(\.$circle.$id ~~ ids).all()
        return Dictionary(grouping: members, by: \.$circle.id).mapValues(\.count)
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
        if circle.kind.isSystem, changes.name != nil || changes.emoji != nil {
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

    func members(of circleID: UUID, by userID: UUID, page: PageRequest) async throws -> Page<RinCircleMember> {
        let circle = try await owned(circleID, by: userID)
        return try await RinCircleMember.query(on: context.database).filter(\.$circle.$id == circle.requireID())
            .with(\.$memberProfile).page(newestFirst: \.$createdAt, date: \.createdAt, page)
    }

    /// Adds Rin profiles the circle's profile can see. An unknown or hidden one fails the whole call
    /// with the same 404, so the answer never tells which ids exist.
    func add(_ profileIDs: [UUID], to circleID: UUID, by userID: UUID) async throws -> [RinCircleMember] {
        let circle = try await owned(circleID, by: userID)
        guard !circle.kind.isSystem else {
            throw AppError.conflict(field: "circleId", "Everyone in your book is in Contacts, and everyone on Rin in Public; nobody is added to them.")
        }
        let owner = try await RinProfile.find(circle.$profile.id, on: context.database)
        guard let owner else { throw AppError.notFound("circle") }
        let wanted = Array(Set(profileIDs))
        let profiles = try await RinProfile.query(on: context.database).filter(\.$id ~~ wanted).all()
        guard profiles.count == wanted.count else { throw AppError.notFound("profile") }
        for profile in profiles where try await !RinVisibility.mayKnow(profile, by: owner, on: context.database) {
            throw AppError.notFound("profile")
        }
        return try await context.database.writeTransaction { database in
            let existing = try await RinCircleMember.query(on: database).filter(\.$circle.$id == circle.requireID())
                .filter(\.$memberProfile.$id ~~ wanted).all()
            let present = Set(existing.map(\.$memberProfile.id))
            var members = existing
            for id in wanted where !present.contains(id) {
                let member = RinCircleMember(circleID: try circle.requireID(), memberProfileID: id)
                try await member.create(on: database)
                members.append(member)
            }
            for member in members {
                member.$memberProfile.value = profiles.first { $0.id == member.$memberProfile.id }
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
