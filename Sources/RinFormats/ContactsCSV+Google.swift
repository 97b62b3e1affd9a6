import Foundation

/// Google Contacts' CSV. Two header sets are in the wild: the current one (`First Name`,
/// `Organization Name`, `E-mail 1 - Label`) and the older one (`Given Name`, `Organization 1 -
/// Name`, `E-mail 1 - Type`) that years of saved exports still use; both read here, each column
/// by whichever of its names the file has.
///
/// Google packs several values of one kind into one cell, `a@x.com ::: b@y.com`, and marks the
/// primary one's label with a star (`* Home`).
extension ContactsCSV {
    static let googleSeparator = " ::: "

    static func readGoogle(_ row: CSVRow, _ columns: CSVColumns, into card: inout ContactCard) -> [String] {
        var warnings: [String] = []
        let name = ContactCard.StructuredName(
            family: columns.value(row, "Last Name", "Family Name") ?? "", given: columns.value(row, "First Name", "Given Name") ?? "",
            additional: columns.value(row, "Middle Name", "Additional Name") ?? "", prefixes: columns.value(row, "Name Prefix") ?? "",
            suffixes: columns.value(row, "Name Suffix") ?? "")
        card.name = name == .init() ? nil : name
        card.formattedName = columns.value(row, "Name") ?? ""
        card.nicknames = googleSplit(columns.value(row, "Nickname") ?? "")
        if let organization = columns.value(row, "Organization Name", "Organization 1 - Name").map(googleFirst) {
            let department = columns.value(row, "Organization Department", "Organization 1 - Department").map(googleFirst)
            card.organization = .init(name: organization, units: department.map { [$0] } ?? [])
        }
        card.title = columns.value(row, "Organization Title", "Organization 1 - Title").map(googleFirst)
        card.emails = googleLabeled(row, columns, kind: "E-mail")
        for email in card.emails { checkEmail(email.value, column: "An email", warnings: &warnings) }
        card.phones = googleLabeled(row, columns, kind: "Phone")
        card.urls = googleLabeled(row, columns, kind: "Website")
        card.addresses = googleAddresses(row, columns)
        if let raw = columns.value(row, "Birthday") {
            card.birthday = birthday(raw: raw, date: PartialDate(parsing: raw), column: "Birthday", warnings: &warnings)
        }
        card.note = columns.value(row, "Notes")
        card.photo = columns.value(row, "Photo").map { .uri($0) }
        return warnings
    }

    /// `E-mail n - Value` with its `E-mail n - Label` (older: `- Type`). A cell of several values
    /// has one label for all of them or one label each.
    private static func googleLabeled(_ row: CSVRow, _ columns: CSVColumns, kind: String) -> [ContactCard.LabeledValue] {
        var result: [ContactCard.LabeledValue] = []
        for number in columns.numbers(prefix: kind + " ", suffix: " - Value") {
            let values = googleSplit(columns.value(row, "\(kind) \(number) - Value") ?? "")
            let labels = googleSplit(columns.value(row, "\(kind) \(number) - Label", "\(kind) \(number) - Type") ?? "")
            for (index, value) in values.enumerated() {
                let each = labels.count == values.count
                let (types, preferred) = googleLabel(each ? labels[index] : labels.first ?? "")
                result.append(.init(value, types: types, preferred: preferred && (each || index == 0)))
            }
        }
        return result
    }

    private static func googleAddresses(_ row: CSVRow, _ columns: CSVColumns) -> [ContactCard.PostalAddress] {
        let parts = ["Formatted", "Street", "City", "PO Box", "Region", "Postal Code", "Country", "Extended Address"]
        let numbers = Set(parts.flatMap { columns.numbers(prefix: "Address ", suffix: " - " + $0) }).sorted()
        var result: [ContactCard.PostalAddress] = []
        for number in numbers {
            let cells = parts.map { googleSplit(columns.value(row, "Address \(number) - \($0)") ?? "", keepEmpty: true) }
            let labels = googleSplit(columns.value(row, "Address \(number) - Label", "Address \(number) - Type") ?? "")
            for index in 0..<(cells.map(\.count).max() ?? 0) {
                let part = cells.map { index < $0.count ? $0[index] : "" }
                let (types, preferred) = googleLabel(labels.count > index ? labels[index] : index == 0 ? labels.first ?? "" : "")
                // Only the formatted text: it is the street, as a vCard `LABEL` would be.
                let street = part[1...].allSatisfy(\.isEmpty) ? part[0] : part[1]
                let address = ContactCard.PostalAddress(poBox: part[3], extended: part[7], street: street, locality: part[2], region: part[4],
                                                        postalCode: part[5], country: part[6], types: types, preferred: preferred)
                if address.components.contains(where: { !$0.isEmpty }) { result.append(address) }
            }
        }
        return result
    }

    /// `* Home` → (`home`, preferred). Google's own labels become the vCard types they mean
    /// (`Mobile` is `cell`); a label the person typed keeps its case, as an Apple label does.
    static func googleLabel(_ label: String) -> (types: [String], preferred: Bool) {
        var label = Substring(label.trimmingCharacters(in: .whitespaces))
        let preferred = label.hasPrefix("*")
        if preferred { label = label.dropFirst().drop { $0 == " " } }
        switch label.lowercased() {
        case "": return ([], preferred)
        case "mobile": return (["cell"], preferred)
        case "home fax", "work fax", "other fax": return ([String(label.lowercased().split(separator: " ")[0]), "fax"], preferred)
        case "work mobile": return (["work", "cell"], preferred)
        case "work pager": return (["work", "pager"], preferred)
        case "home page": return (["homepage"], preferred)
        case "home", "work", "other", "main", "pager", "homepage", "blog", "profile": return ([label.lowercased()], preferred)
        default: return ([String(label)], preferred)
        }
    }

    /// The values of a `::: `-packed cell, trimmed; empty ones dropped unless their position matters.
    static func googleSplit(_ cell: String, keepEmpty: Bool = false) -> [String] {
        let values = cell.components(separatedBy: googleSeparator).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return keepEmpty ? (values.allSatisfy(\.isEmpty) ? [] : values) : values.filter { !$0.isEmpty }
    }

    private static func googleFirst(_ cell: String) -> String {
        googleSplit(cell).first ?? cell
    }
}
