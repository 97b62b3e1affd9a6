import Foundation

extension ContactCard {
    /// Reads what Rin needs from a card of any version. Never fails: a property it cannot read
    /// (a photo whose base64 is broken, an empty email) is left out, and the rest is read.
    /// Where a card repeats a single-valued property (two `FN`s, two `BDAY`s), the first one wins.
    public init(_ vcard: VCard) {
        let labels = Self.labels(in: vcard)
        // A 3.0 `TYPE=pref` stays among the types here; `LabeledValue` and `PostalAddress` move it
        // to `preferred` whoever makes them.
        func kinds(_ property: VCardProperty, dropping dropped: Set<String> = []) -> (types: [String], preferred: Bool) {
            var types = property.types.filter { !dropped.contains($0) }
            if let group = property.group { types += labels[group.lowercased()] ?? [] }
            return (types, property.values(of: "PREF").contains { Int($0.trimmingCharacters(in: .whitespaces)) == 1 })
        }

        self.init(formattedName: "")
        var formattedName: String?
        var notes: [String] = []
        for property in vcard.properties {
            switch property.name {
            case "FN":
                formattedName = formattedName ?? Self.nonEmpty(Self.text(property).trimmingCharacters(in: .whitespaces))
            case "N" where name == nil:
                let parts = Self.components(property, count: 5)
                let name = StructuredName(family: parts[0], given: parts[1], additional: parts[2], prefixes: parts[3], suffixes: parts[4])
                self.name = name == StructuredName() ? nil : name
            case "NICKNAME":
                nicknames += VCardText.split(property.value, on: UInt8(ascii: ",")).compactMap {
                    Self.nonEmpty(VCardText.unescape($0).trimmingCharacters(in: .whitespaces))
                }
            case "ORG" where organization == nil:
                let parts = property.components.map { Self.oneLineBreak($0.joined(separator: ",")) }
                let units = parts.dropFirst().filter { !$0.isEmpty }
                if let first = parts.first, !first.isEmpty || !units.isEmpty { organization = Organization(name: first, units: Array(units)) }
            case "TITLE":
                title = title ?? Self.nonEmpty(Self.text(property))
            case "EMAIL":
                // `INTERNET` is what every 2.1/3.0 email is; it tells nothing about the address.
                guard let value = Self.nonEmpty(Self.text(property).trimmingCharacters(in: .whitespaces)) else { continue }
                let (types, preferred) = kinds(property, dropping: ["internet", "x400"])
                emails.append(LabeledValue(value, types: types, preferred: preferred))
            case "TEL":
                var value = Self.text(property).trimmingCharacters(in: .whitespaces)
                if value.lowercased().hasPrefix("tel:") { value.removeFirst(4) }
                guard !value.isEmpty else { continue }
                let (types, preferred) = kinds(property)
                phones.append(LabeledValue(value, types: types, preferred: preferred))
            case "ADR":
                let parts = Self.components(property, count: 7)
                guard parts.contains(where: { !$0.isEmpty }) else { continue }
                let (types, preferred) = kinds(property)
                addresses.append(PostalAddress(poBox: parts[0], extended: parts[1], street: parts[2], locality: parts[3], region: parts[4],
                                               postalCode: parts[5], country: parts[6], types: types, preferred: preferred))
            case "BDAY" where birthday == nil:
                birthday = Self.birthday(property)
            case "NOTE":
                if let note = Self.nonEmpty(Self.text(property)) { notes.append(note) }
            case "PHOTO" where photo == nil:
                photo = Self.photo(property)
            case "URL":
                guard let value = Self.nonEmpty(Self.text(property).trimmingCharacters(in: .whitespaces)) else { continue }
                let (types, preferred) = kinds(property)
                urls.append(LabeledValue(value, types: types, preferred: preferred))
            case "UID":
                uid = uid ?? Self.nonEmpty(Self.text(property).trimmingCharacters(in: .whitespaces))
            default:
                break
            }
        }
        note = notes.isEmpty ? nil : notes.joined(separator: "\n\n")
        self.formattedName = formattedName ?? Self.nonEmpty(name?.displayName ?? "") ?? Self.nonEmpty(organization?.name ?? "")
            ?? emails.first?.value ?? phones.first?.value ?? ""
    }

    /// Apple and Google name a value in a group by a label line: `item1.EMAIL:…` with
    /// `item1.X-ABLabel:Lake house`. Apple's built-in labels are wrapped (`_$!<Mobile>!$_`) and
    /// read as the type they name (`mobile`).
    private static func labels(in vcard: VCard) -> [String: [String]] {
        var labels: [String: [String]] = [:]
        for property in vcard.properties where property.name == "X-ABLABEL" {
            guard let group = property.group else { continue }
            var label = Self.text(property).trimmingCharacters(in: .whitespaces)
            if label.hasPrefix("_$!<"), label.hasSuffix(">!$_"), label.count > 8 {
                label = String(label.dropFirst(4).dropLast(4)).lowercased()
            }
            if !label.isEmpty { labels[group.lowercased(), default: []].append(label) }
        }
        return labels
    }

    /// Exactly `count` components, each list joined back into the text it was written as.
    private static func components(_ property: VCardProperty, count: Int) -> [String] {
        let parts = property.components.prefix(count).map { oneLineBreak($0.joined(separator: ",")) }
        return parts + Array(repeating: "", count: count - parts.count)
    }

    /// Apple writes a birthday without a year as year 1604 and says so in `X-APPLE-OMIT-YEAR`.
    private static func birthday(_ property: VCardProperty) -> Birthday? {
        guard let raw = nonEmpty(Self.text(property).trimmingCharacters(in: .whitespaces)) else { return nil }
        if property.values(of: "VALUE").first?.lowercased() == "text" { return Birthday(raw: raw, date: nil) }
        var date = PartialDate(parsing: raw)
        if let parsed = date, let year = parsed.year, property.values(of: "X-APPLE-OMIT-YEAR").first.flatMap({ Int($0) }) == year {
            date = PartialDate(month: parsed.month, day: parsed.day)
        }
        return Birthday(raw: raw, date: date)
    }

    /// The value as text, line breaks as `\n`: 2.1 exports carry Windows' CR LF in
    /// quoted-printable (`=0D=0A`), and a note should not compare unequal for that.
    private static func text(_ property: VCardProperty) -> String {
        oneLineBreak(property.text)
    }

    private static func oneLineBreak(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }
}
