import Foundation
import RinFormats
import RinMatching

/// The derived forms of a contact: how it sorts, what search finds it by, and its values'
/// normalised forms (what matching and linking compare).
enum RinContactKeys {
    /// The folded shown name: sorting ignores case and accents, and the section is its first
    /// letter. A name that starts with anything but a to z is put after z ("{" is the byte after
    /// it), so the "#" section comes last, as address books show it.
    static func sortKey(_ shown: String) -> String {
        let folded = MatchFolding.fold(shown).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = folded.unicodeScalars.first, ("a"..."z").contains(first) else { return "{" + folded }
        return folded
    }

    /// "A" to "Z", or "#" for a name starting with anything else (digits, other scripts).
    static func section(of sortKey: String) -> String {
        guard let first = sortKey.unicodeScalars.first, ("a"..."z").contains(first) else { return "#" }
        return String(first).uppercased()
    }

    /// Names, nickname, organisation and title folded; e-mail addresses; phones as typed digits
    /// and in E.164 digits, so "555 0143", "+1 202" and "ada" all find the card.
    static func searchText(_ contact: RinContact, values: [ContactValue]) -> String {
        var parts = [contact.shownName, contact.givenName, contact.familyName, contact.middleName, contact.nickname,
                     contact.organization, contact.title].compactMap { $0 }.map(MatchFolding.fold)
        for value in values where value.kind == .email || value.kind == .phone {
            parts.append(MatchFolding.fold(value.value))
            if value.kind == .phone {
                parts.append(digits(value.value))
                if let normalized = value.normalized { parts.append(digits(normalized)) }
            }
            if value.kind == .email, let normalized = value.normalized { parts.append(normalized) }
        }
        return " " + parts.joined(separator: " ") + " "
    }

    /// What a search looks for: each word must appear. A query that reads as a phone number is
    /// searched by its digits alone.
    static func searchWords(_ query: String) -> [String] {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        let phoneCharacters = CharacterSet(charactersIn: "0123456789+-(). ")
        if trimmed.unicodeScalars.allSatisfy(phoneCharacters.contains), digits(trimmed).count >= 3 {
            return [digits(trimmed)]
        }
        return MatchFolding.fold(trimmed).split(whereSeparator: \.isWhitespace).map(String.init).filter { !$0.isEmpty }
    }

    static func digits(_ text: String) -> String {
        String(text.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init))
    }

    /// Phones in E.164 when the book's region reads them as possible numbers; e-mails checked and
    /// lowercased; nothing else has a normalised form.
    static func normalized(_ value: String, kind: ContactValue.Kind, region: String) -> String? {
        switch kind {
        case .phone:
            guard case .success(let number) = E164PhoneNormalizer.shared.normalize(value, defaultRegion: region) else { return nil }
            return number.matchKey
        case .email:
            return EmailAddress(value)?.normalized
        case .address, .url:
            return nil
        }
    }

    /// A birthday as typed, in the profile form (YYYY-MM-DD or --MM-DD) when it reads as a date,
    /// else kept as text: vCard allows text birthdays ("around 1980").
    static func birthday(_ typed: String) -> String {
        if let date = RinBirthday(typed) { return date.description }
        let card = ContactCard.Birthday(raw: typed)
        if let date = card.date, let month = date.month, let day = date.day,
           let parsed = RinBirthday(date.year.map { String(format: "%04d-%02d-%02d", $0, month, day) } ?? String(format: "--%02d-%02d", month, day)) {
            return parsed.description
        }
        return typed
    }

    /// At most one primary phone, e-mail, address and link: the first one marked, else the first.
    static func withOnePrimaryPerKind(_ values: [ContactValue]) -> [ContactValue] {
        var result = values
        for kind in ContactValue.Kind.allCases {
            let indices = result.indices.filter { result[$0].kind == kind }
            guard let chosen = indices.first(where: { result[$0].isPrimary }) ?? indices.first else { continue }
            for index in indices { result[index].isPrimary = index == chosen }
        }
        return result
    }
}

/// Keyset pages of a list sorted by a text key (a book A to Z): the same `limit`, `cursor`,
/// `items` and `nextCursor` as every list, with a cursor of the last row's key and id.
enum RinSortedPage {
    struct Cursor: Equatable {
        var sortKey: String
        var id: UUID

        var encoded: String { Secrets.base64URL(Array((id.uuidString + "." + sortKey).utf8)) }

        init(sortKey: String, id: UUID) {
            self.sortKey = sortKey
            self.id = id
        }

        init?(encoded: String) {
            guard let data = Data(base64URLEncoded: encoded), let text = String(data: data, encoding: .utf8),
                  let dot = text.firstIndex(of: "."), let id = UUID(uuidString: String(text[..<dot])) else { return nil }
            self.init(sortKey: String(text[text.index(after: dot)...]), id: id)
        }
    }

    struct Request {
        let limit: Int
        let after: Cursor?

        init(limit: Int?, cursor: String?) throws {
            self.limit = min(max(limit ?? PageRequest.defaultLimit, 1), PageRequest.maximumLimit)
            if let cursor {
                guard let decoded = Cursor(encoded: cursor) else {
                    throw AppError.validation(field: "cursor", "That cursor is not one this list gave out. Start again from the first page.")
                }
                after = decoded
            } else {
                after = nil
            }
        }
    }
}

extension RinContact {
    /// What the book shows: the name as given, else built from its parts, else the organisation.
    var shownName: String {
        if let displayName, !displayName.isEmpty { return displayName }
        let parts = [namePrefix, givenName, middleName, familyName, nameSuffix].compactMap { $0 }.filter { !$0.isEmpty }
        if !parts.isEmpty { return parts.joined(separator: " ") }
        if let nickname, !nickname.isEmpty { return nickname }
        return organization ?? ""
    }

    var hasContent: Bool { !shownName.isEmpty }

    /// The card as vCard 4.0 writes it: my own values only.
    func card(values: [RinContactValue]) -> ContactCard {
        var card = ContactCard(formattedName: shownName.isEmpty ? (values.first?.value ?? "") : shownName,
                               uid: id.map { "urn:uuid:" + $0.uuidString.lowercased() })
        if givenName != nil || familyName != nil || middleName != nil || namePrefix != nil || nameSuffix != nil {
            card.name = ContactCard.StructuredName(family: familyName ?? "", given: givenName ?? "", additional: middleName ?? "",
                                                   prefixes: namePrefix ?? "", suffixes: nameSuffix ?? "")
        }
        card.nicknames = nickname.map { [$0] } ?? []
        card.organization = organization.map { ContactCard.Organization(name: $0) }
        card.title = title
        card.note = note
        if let birthday { card.birthday = ContactCard.Birthday(raw: birthday) }
        for value in values {
            let types = value.label.map { [$0.lowercased()] } ?? []
            switch value.kind {
            case .phone: card.phones.append(.init(value.normalized ?? value.value, types: types, preferred: value.isPrimary))
            case .email: card.emails.append(.init(value.value, types: types, preferred: value.isPrimary))
            case .url: card.urls.append(.init(value.value, types: types, preferred: value.isPrimary))
            case .address:
                card.addresses.append(ContactCard.PostalAddress(street: value.value, types: types, preferred: value.isPrimary))
            }
        }
        return card
    }
}
