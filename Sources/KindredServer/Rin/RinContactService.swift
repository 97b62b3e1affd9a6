import Fluent
import Foundation
import RinFormats
import RinMatching
import SQLKit

/// A profile's book: contacts made by hand (imports come through `RinImportService`), edited,
/// deleted, favourited, linked to Rin profiles, listed A to Z, searched and exported. Only the
/// profile's owner reaches it; anyone else's contact is answered as one that does not exist.
struct RinContactService {
    let context: ServiceContext

    static let valuesPerContact = 200
    static let labelLimit = 40
    static let textLimit = 500
    static let noteLimit = 5000

    /// One of `userID`'s live contacts (not merged away), or 404.
    func owned(_ contactID: UUID, by userID: UUID) async throws -> RinContact {
        guard let contact = try await RinContact.query(on: context.database).filter(\.$id == contactID)
            .filter(\.$mergedInto.$id == nil)
            .join(RinProfile.self, on: \RinContact.$profile.$id == \RinProfile.$id)
            .filter(RinProfile.self, \.$user.$id == userID).with(\.$photo).first()
        else { throw AppError.notFound("contact") }
        return contact
    }

    /// The live contact an id now stands for: the contact itself, or, for one merged away, the
    /// contact it was merged into (followed through chained merges), so a link to a merged-away
    /// card opens the card that holds it. Writes use `owned`, which takes live contacts only.
    func resolved(_ contactID: UUID, by userID: UUID) async throws -> RinContact {
        var id = contactID
        // A chain is at most as long as the book; the bound only guards against a cycle.
        for _ in 0..<1_000 {
            guard let contact = try await RinContact.query(on: context.database).filter(\.$id == id)
                .join(RinProfile.self, on: \RinContact.$profile.$id == \RinProfile.$id)
                .filter(RinProfile.self, \.$user.$id == userID).with(\.$photo).first()
            else { break }
            guard let next = contact.$mergedInto.id else { return contact }
            id = next
        }
        throw AppError.notFound("contact")
    }

    func values(of contactIDs: [UUID]) async throws -> [UUID: [RinContactValue]] {
        guard !contactIDs.isEmpty else { return [:] }
        let rows = try await RinContactValue.query(on: context.database).filter(\.$contact.$id ~~ contactIDs)
            .sort(\.$position).all()
        return Dictionary(grouping: rows, by: \.$contact.id)
    }

    // MARK: - Writing

    /// What a person types for a contact; every part optional, but not all empty.
    struct Draft {
        var givenName, familyName, middleName, namePrefix, nameSuffix, displayName, nickname: String?
        var organization, title, birthday, note: String?
        var values: [ContactValue]?
        var favourite: Bool?
        var photoID: UUID?
        var removePhoto = false
    }

    func create(_ draft: Draft, in profileID: UUID, by userID: UUID) async throws -> RinContact {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        let region = try await RinProfileService(context: context).settings(of: userID).0.defaultRegion
        let contact = RinContact(profileID: try profile.requireID())
        let values = try apply(draft, to: contact, region: region)
        try await setPhoto(draft, on: contact, by: userID)
        guard contact.hasContent || !(values ?? []).isEmpty else {
            throw AppError.validation(field: "displayName", "Give the contact a name, an organisation, a phone or an e-mail.")
        }
        contact.editedAt = context.now
        return try await context.database.writeTransaction { database in
            try await contact.create(on: database)
            try await Self.store(values ?? [], of: contact, on: database)
            try await Self.refreshKeys(of: contact, on: database)
            return contact
        }
    }

    func update(_ contactID: UUID, with draft: Draft, by userID: UUID) async throws -> RinContact {
        let contact = try await owned(contactID, by: userID)
        let region = try await RinProfileService(context: context).settings(of: userID).0.defaultRegion
        let values = try apply(draft, to: contact, region: region)
        try await setPhoto(draft, on: contact, by: userID)
        let contactID = try contact.requireID()
        var remaining = values?.count ?? 0
        if values == nil { remaining = try await RinContactValue.query(on: context.database).filter(\.$contact.$id == contactID).count() }
        guard contact.hasContent || remaining > 0 else {
            throw AppError.validation(field: "displayName", "A contact keeps a name, an organisation, a phone or an e-mail.")
        }
        contact.editedAt = context.now
        return try await context.database.writeTransaction { database in
            try await contact.save(on: database)
            if let values {
                try await RinContactValue.query(on: database).filter(\.$contact.$id == contact.requireID()).delete()
                try await Self.store(values, of: contact, on: database)
            }
            try await Self.refreshKeys(of: contact, on: database)
            return contact
        }
    }

    /// Deletes the contact (and what was merged into it); its circle places go with it.
    func delete(_ contactID: UUID, by userID: UUID) async throws {
        let contact = try await owned(contactID, by: userID)
        try await contact.delete(on: context.database)
    }

    /// Whom a contact is linked to: someone's primary profile by their username, or the profile
    /// a share link they gave me opens (an alternate has no username).
    enum LinkTarget {
        case username(String)
        case card(token: String)
    }

    /// Links the contact: from then on they count as in my Contacts circle and in every circle the
    /// contact is in. Needs only my act, because it gives them access to my details, and tells me
    /// nothing their profile hides (a card shows only what its holder may see).
    func link(_ contactID: UUID, to link: LinkTarget, by userID: UUID) async throws -> RinContact {
        let contact = try await owned(contactID, by: userID)
        let book = try await contact.$profile.get(on: context.database)
        let target: RinProfile
        let via: RinLinkVia
        switch link {
        case .username(let username):
            guard let user = try await User.query(on: context.database).filter(\.$username == username.lowercased()).first(),
                  let primary = try await RinProfile.query(on: context.database).filter(\.$primaryUserID == user.requireID()).first(),
                  try await RinVisibility.mayKnow(primary, by: book, on: context.database)
            else { throw AppError.notFound("profile") }
            guard primary.$user.id != userID else {
                throw AppError.validation(field: "username", "That's you. Link a contact to someone else's profile.")
            }
            target = primary
            via = .username
        case .card(let token):
            let card = try await RinShareService(context: context).card(token, actingAs: try book.requireID(), by: userID)
            guard !card.isOwn else { throw AppError.validation(field: "token", "That's your own card. Link a contact to someone else's.") }
            target = card.owner
            via = .card
        }
        // Linking again to the same person keeps when it began.
        guard contact.$linkedProfile.id != target.id || contact.linkedVia != via else { return contact }
        contact.link(to: try target.requireID(), via: via, at: context.now)
        try await contact.save(on: context.database)
        return contact
    }

    func unlink(_ contactID: UUID, by userID: UUID) async throws -> RinContact {
        let contact = try await owned(contactID, by: userID)
        contact.unlink()
        try await contact.save(on: context.database)
        return contact
    }

    // MARK: - Reading

    struct ListQuery {
        var search: String?
        var circleID: UUID?
        var favouritesOnly = false
    }

    /// A to Z by the shown name (folded, compared byte by byte on both databases), a page at a
    /// time with a (sort key, id) cursor.
    func list(_ profileID: UUID, _ query: ListQuery, page: RinSortedPage.Request, by userID: UUID) async throws -> Page<RinContact> {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        let sql = try context.database.sql()
        let postgres = sql.dialect.name == "postgresql"
        let sortKey: any SQLExpression = postgres
            ? SQLRaw(#""rin_contacts"."sort_key" COLLATE "C""#) : SQLColumn("sort_key", table: RinContact.schema)
        var select = sql.select().column(SQLColumn("id", table: RinContact.schema)).from(RinContact.schema)
            .where(SQLColumn("profile_id", table: RinContact.schema), .equal, SQLBind(try profile.requireID()))
            .where(SQLColumn("merged_into", table: RinContact.schema), .is, SQLLiteral.null)
        if query.favouritesOnly {
            select = select.where(SQLColumn("favourite", table: RinContact.schema), .equal, SQLBind(true))
        }
        if let circleID = query.circleID {
            let circle = try await RinCircleService(context: context).owned(circleID, by: userID)
            guard circle.$profile.id == profile.id else { throw AppError.notFound("circle") }
            switch circle.kind {
            case .contacts, .public: break  // everyone in the book
            default:
                select = select.join(RinCircleMember.schema, on: SQLColumn("contact_id", table: RinCircleMember.schema), .equal,
                                     SQLColumn("id", table: RinContact.schema))
                    .where(SQLColumn("circle_id", table: RinCircleMember.schema), .equal, SQLBind(circleID))
            }
        }
        if let words = query.search.map(RinContactKeys.searchWords), !words.isEmpty {
            for word in words {
                select = select.where(SQLQueryString("\(ident: RinContact.schema).\(ident: "search_text") LIKE \(bind: "%" + Self.likeEscaped(word) + "%") ESCAPE '\\'"))
            }
        }
        if let after = page.after {
            select = select.where(SQLGroupExpression(SQLBinaryExpression(
                SQLBinaryExpression(sortKey, .greaterThan, SQLBind(after.sortKey)), .or,
                SQLGroupExpression(SQLBinaryExpression(
                    SQLBinaryExpression(sortKey, .equal, SQLBind(after.sortKey)), .and,
                    SQLBinaryExpression(SQLColumn("id", table: RinContact.schema), .greaterThan, SQLBind(after.id)))))))
        }
        let ids = try await select.orderBy(sortKey).orderBy(SQLColumn("id", table: RinContact.schema))
            .limit(page.limit + 1).all().map { try $0.decode(column: "id", as: UUID.self) }
        let rows = try await RinContact.query(on: context.database).filter(\.$id ~~ ids).with(\.$photo).all()
        let byID = Dictionary(uniqueKeysWithValues: rows.compactMap { row in row.id.map { ($0, row) } })
        let ordered = ids.compactMap { byID[$0] }
        let items = Array(ordered.prefix(page.limit))
        guard ordered.count > page.limit, let last = items.last, let lastID = last.id else { return Page(items: items, nextCursor: nil) }
        return Page(items: items, nextCursor: RinSortedPage.Cursor(sortKey: last.sortKey, id: lastID).encoded)
    }

    struct Home {
        var recent: [RinContact]
        var favourites: [RinContact]
        var total: Int
        var incomplete: Int
    }

    static let recentLimit = 20
    static let favouritesLimit = 100

    /// The book's front page: the newest contacts, the favourites, and what waits for a look.
    func home(_ profileID: UUID, by userID: UUID) async throws -> Home {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        let profileID = try profile.requireID()
        let live = RinContact.query(on: context.database).filter(\.$profile.$id == profileID).filter(\.$mergedInto.$id == nil)
        let recent = try await live.copy().with(\.$photo).sort(\.$createdAt, .descending).sort(\.$id, .descending).limit(Self.recentLimit).all()
        let favourites = try await live.copy().filter(\.$favourite == true).with(\.$photo).sort(\.$sortKey).sort(\.$id)
            .limit(Self.favouritesLimit).all()
        let total = try await live.copy().count()
        // A name and neither a phone nor an e-mail: worth completing (docs/RIN.md §2.3, order of the
        // waiting items). Counted in the database: a book can hold tens of thousands of cards.
        let incomplete = try await context.database.sql().raw("""
            SELECT COUNT(*) AS n FROM \(ident: RinContact.schema) c
            WHERE c.profile_id = \(bind: profileID) AND c.merged_into IS NULL
              AND NOT EXISTS (SELECT 1 FROM \(ident: RinContactValue.schema) v
                              WHERE v.contact_id = c.id AND v.kind IN ('phone', 'email'))
            """).first(decoding: Count.self)?.n ?? 0
        return Home(recent: recent, favourites: favourites, total: total, incomplete: incomplete)
    }

    /// The circles of the contact's book that list it.
    func circles(of contact: RinContact) async throws -> [RinCircle] {
        let ids = try await RinCircleMember.query(on: context.database).filter(\.$contact.$id == contact.requireID()).all().map(\.$circle.id)
        guard !ids.isEmpty else { return [] }
        return try await RinCircle.query(on: context.database).filter(\.$id ~~ ids).all().sorted { $0.sortKey < $1.sortKey }
    }

    // MARK: - Export

    /// vCard 4.0 of the owner's own values, never a linked person's live view.
    func vCard(of contacts: [RinContact]) async throws -> String {
        let values = try await values(of: contacts.compactMap(\.id))
        return VCardWriter.write(contacts.map { $0.card(values: values[$0.id ?? UUID()] ?? []) })
    }

    func allLive(in profileID: UUID, by userID: UUID) async throws -> [RinContact] {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        return try await RinContact.query(on: context.database).filter(\.$profile.$id == profile.requireID())
            .filter(\.$mergedInto.$id == nil).sort(\.$sortKey).sort(\.$id).all()
    }

    // MARK: - Helpers

    /// Writes the draft's single values onto the contact and returns its values, normalised, when
    /// the draft replaces them.
    private func apply(_ draft: Draft, to contact: RinContact, region: String) throws -> [ContactValue]? {
        var validator = FieldValidator()
        func text(_ value: String?, _ field: String, limit: Int = Self.textLimit, lines: TextRules.Lines = .single) -> String?? {
            guard let value else { return .none }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { return .some(nil) }
            return validator.check(TextRules.check(trimmed, field: field, limit: limit, lines: lines,
                                                   tooLong: "At most \(limit) characters.")).map { .some($0) } ?? .none
        }
        if let value = text(draft.givenName, "givenName") { contact.givenName = value }
        if let value = text(draft.familyName, "familyName") { contact.familyName = value }
        if let value = text(draft.middleName, "middleName") { contact.middleName = value }
        if let value = text(draft.namePrefix, "namePrefix") { contact.namePrefix = value }
        if let value = text(draft.nameSuffix, "nameSuffix") { contact.nameSuffix = value }
        if let value = text(draft.displayName, "displayName") { contact.displayName = value }
        if let value = text(draft.nickname, "nickname") { contact.nickname = value }
        if let value = text(draft.organization, "organization") { contact.organization = value }
        if let value = text(draft.title, "title") { contact.title = value }
        if let value = text(draft.birthday, "birthday", limit: 100) { contact.birthday = value.map(RinContactKeys.birthday) }
        if let value = text(draft.note, "note", limit: Self.noteLimit, lines: .multiple) { contact.note = value }
        if let favourite = draft.favourite { contact.favourite = favourite }
        var values: [ContactValue]?
        if let drafted = draft.values {
            var kept: [ContactValue] = []
            for (index, value) in drafted.enumerated() {
                let field = "values[\(index)]"
                let lines: TextRules.Lines = value.kind == .address ? .multiple : .single
                guard let typed = text(value.value, field + ".value", lines: lines), let typed else {
                    _ = validator.check(Result<Void, AppError.FieldError>.failure(.init(field: field + ".value", message: "Enter a value, or leave the row out.")))
                    continue
                }
                let label = value.label.flatMap { text($0, field + ".label", limit: Self.labelLimit) } ?? nil
                kept.append(ContactValue(kind: value.kind, label: label, value: typed,
                                         normalized: RinContactKeys.normalized(typed, kind: value.kind, region: region),
                                         isPrimary: value.isPrimary))
            }
            if kept.count > Self.valuesPerContact {
                _ = validator.check(Result<Void, AppError.FieldError>.failure(.init(field: "values", message: "A contact holds at most \(Self.valuesPerContact) values.")))
            }
            values = RinContactKeys.withOnePrimaryPerKind(kept)
        }
        try validator.throwIfInvalid()
        return values
    }

    private func setPhoto(_ draft: Draft, on contact: RinContact, by userID: UUID) async throws {
        if draft.removePhoto {
            contact.$photo.id = nil
        } else if let photoID = draft.photoID {
            guard let photo = try await MediaItem.query(on: context.database).filter(\.$id == photoID).filter(\.$owner.$id == userID).first(),
                  photo.mediaType?.isImage == true
            else { throw AppError.validation(field: "photoId", "Upload the picture first; that media id is not one of yours.") }
            contact.$photo.id = photoID
            contact.$photo.value = photo
        }
    }

    static func store(_ values: [ContactValue], of contact: RinContact, on database: any Database) async throws {
        let contactID = try contact.requireID()
        for (position, value) in values.enumerated() {
            try await RinContactValue(contactID: contactID, profileID: contact.$profile.id, value: value, position: position).create(on: database)
        }
    }

    /// The sort key and search text follow the contact's names and values.
    static func refreshKeys(of contact: RinContact, on database: any Database) async throws {
        let values = try await RinContactValue.query(on: database).filter(\.$contact.$id == contact.requireID()).sort(\.$position).all()
        contact.sortKey = RinContactKeys.sortKey(contact.shownName)
        contact.searchText = RinContactKeys.searchText(contact, values: values.map(\.contactValue))
        try await contact.save(on: database)
    }

    static func likeEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
    }

    private struct Count: Decodable { let n: Int }
}
