import Foundation

/// Outlook's "Comma Separated Values" export: one column per kind of value (`Mobile Phone`,
/// `Business Fax`, `E-mail 2 Address`), so the kind is the column, and empty columns for every
/// field the contact does not use. Older versions write `Business Country`, newer ones
/// `Business Country/Region`; both are read.
extension ContactsCSV {
    /// In the order the card lists them: the numbers people use most first.
    static let outlookPhones: [(column: String, types: [String])] = [
        ("Primary Phone", ["pref"]), ("Mobile Phone", ["cell"]), ("Business Phone", ["work"]), ("Business Phone 2", ["work"]),
        ("Home Phone", ["home"]), ("Home Phone 2", ["home"]), ("Company Main Phone", ["work", "main"]), ("Other Phone", ["other"]),
        ("Business Fax", ["work", "fax"]), ("Home Fax", ["home", "fax"]), ("Other Fax", ["other", "fax"]), ("Pager", ["pager"]),
        ("Car Phone", ["car"]), ("Assistant's Phone", ["assistant"]), ("Callback", ["callback"]), ("Radio Phone", ["radio"]),
        ("ISDN", ["isdn"]), ("TTY/TDD Phone", ["textphone"]), ("Telex", ["telex"]),
    ]

    static let outlookAddresses: [(prefix: String, type: String)] = [("Home", "home"), ("Business", "work"), ("Other", "other")]

    static func readOutlook(_ row: CSVRow, _ columns: CSVColumns, into card: inout ContactCard) -> [String] {
        var warnings: [String] = []
        let name = ContactCard.StructuredName(
            family: columns.value(row, "Last Name") ?? "", given: columns.value(row, "First Name") ?? "",
            additional: columns.value(row, "Middle Name") ?? "", prefixes: columns.value(row, "Title") ?? "",
            suffixes: columns.value(row, "Suffix") ?? "")
        card.name = name == .init() ? nil : name
        card.nicknames = columns.value(row, "Nickname").map { [$0] } ?? []
        if let company = columns.value(row, "Company") {
            card.organization = .init(name: company, units: columns.value(row, "Department").map { [$0] } ?? [])
        }
        card.title = columns.value(row, "Job Title")
        for column in ["E-mail Address", "E-mail 2 Address", "E-mail 3 Address"] {
            guard let value = columns.value(row, column) else { continue }
            checkEmail(value, column: column, warnings: &warnings)
            card.emails.append(.init(value))
        }
        card.phones = outlookPhones.compactMap { phone in columns.value(row, phone.column).map { .init($0, types: phone.types) } }
        card.addresses = outlookAddresses.compactMap { outlookAddress(row, columns, prefix: $0.prefix, type: $0.type) }
        if let raw = columns.value(row, "Birthday") {
            switch outlookDate(raw) {
            case .noDate: break
            case .date(let date): card.birthday = .init(raw: raw, date: date)
            case .withoutYear(let date):
                warnings.append("Birthday \"\(raw)\" has a two-digit year, which is not guessed; the day is kept without it.")
                card.birthday = .init(raw: raw, date: date)
            case .unreadable: card.birthday = birthday(raw: raw, date: nil, column: "Birthday", warnings: &warnings)
            }
        }
        card.note = columns.value(row, "Notes")
        card.urls = columns.value(row, "Web Page").map { [.init($0)] } ?? []
        return warnings
    }

    /// Street lines 2 and 3 join the first with line breaks: they are lines of one street field
    /// in Outlook's own form.
    private static func outlookAddress(_ row: CSVRow, _ columns: CSVColumns, prefix: String, type: String) -> ContactCard.PostalAddress? {
        let street = ["", " 2", " 3"].compactMap { columns.value(row, "\(prefix) Street\($0)") }.joined(separator: "\n")
        let address = ContactCard.PostalAddress(
            poBox: columns.value(row, "\(prefix) PO Box") ?? "", street: street, locality: columns.value(row, "\(prefix) City") ?? "",
            region: columns.value(row, "\(prefix) State") ?? "", postalCode: columns.value(row, "\(prefix) Postal Code") ?? "",
            country: columns.value(row, "\(prefix) Country/Region", "\(prefix) Country") ?? "", types: [type])
        return address.components.contains { !$0.isEmpty } ? address : nil
    }

    enum OutlookDate: Equatable {
        /// `0/0/00`: Outlook's way of writing "no birthday" in a column it always fills.
        case noDate
        case date(PartialDate)
        /// `3/15/85`: the day and month, the year too short to know the century of.
        case withoutYear(PartialDate)
        case unreadable
    }

    /// Outlook writes dates as the US short date, `3/15/1985`. A year of one or two digits is
    /// not guessed at (`3/15/85` could be 1885 for a genealogist): the day is kept without it.
    /// Other forms Rin reads anywhere (`1985-03-15`) are read too, for hand-edited files.
    static func outlookDate(_ raw: String) -> OutlookDate {
        let parts = raw.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return PartialDate(parsing: raw).map(OutlookDate.date) ?? .unreadable }
        guard parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2]) else { return .unreadable }
        if month == 0, day == 0 { return .noDate }
        if parts[2].count == 4 { return PartialDate(year: year, month: month, day: day).map(OutlookDate.date) ?? .unreadable }
        return PartialDate(month: month, day: day).map(OutlookDate.withoutYear) ?? .unreadable
    }
}
