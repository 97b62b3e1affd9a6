import Foundation

/// Reads a contacts export in CSV, Google's or Outlook's, into the same `ContactCard`s a vCard
/// gives, so everything after the import reads one type whatever the source was.
///
/// The format is told by the header row alone: the exports name their columns in English and
/// the same way every time. A header that is neither is refused, since guessing which column is
/// a phone would put wrong data into someone's book.
public struct ContactsCSV: Sendable {
    /// The raw values are `rin_imports.source`'s.
    public enum Format: String, Hashable, Sendable {
        /// Google Contacts' "Google CSV", both the current header set (`First Name`,
        /// `E-mail 1 - Label`) and the one before it (`Given Name`, `E-mail 1 - Type`).
        case google = "google-csv"
        /// Outlook's "Comma Separated Values" export (`E-mail Address`, `Mobile Phone`).
        case outlook = "outlook-csv"
    }

    public var limits: CSVReader.Limits

    public init(limits: CSVReader.Limits = CSVReader.Limits()) {
        self.limits = limits
    }

    /// Throws `CSVError` for a broken file, one past a limit, or an unknown header.
    public func read(_ data: Data) throws -> ContactsCSVImport {
        let table = try CSVReader(limits: limits).read(data)
        let columns = CSVColumns(table.header)
        guard let format = Self.format(of: columns) else {
            throw CSVError.unknownHeader(found: columns.names, expected: Self.expectedColumns)
        }
        var contacts: [ContactsCSVImport.Contact] = []
        var warnings: [ImportWarning] = []
        for row in table.rows {
            guard row.fields.contains(where: { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) else {
                warnings.append(ImportWarning(line: row.line, message: "The row is empty; it is skipped."))
                continue
            }
            var card = ContactCard(formattedName: "")
            let rowWarnings = switch format {
            case .google: Self.readGoogle(row, columns, into: &card)
            case .outlook: Self.readOutlook(row, columns, into: &card)
            }
            warnings += rowWarnings.map { ImportWarning(line: row.line, message: $0) }
            card.formattedName = Self.nonEmpty(card.formattedName) ?? Self.nonEmpty(card.name?.displayName ?? "")
                ?? Self.nonEmpty(card.organization?.name ?? "") ?? card.emails.first?.value ?? card.phones.first?.value ?? ""
            contacts.append(.init(line: row.line, card: card))
        }
        // The reader's warnings and the mapping's, in file order, under one limit.
        let all = (table.warnings + warnings).enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        return ContactsCSVImport(format: format, contacts: contacts, warnings: Array(all.prefix(limits.warnings)),
                                 unreportedWarnings: table.unreportedWarnings + max(0, all.count - limits.warnings))
    }

    public func read(_ text: String) throws -> ContactsCSVImport {
        try read(Data(text.utf8))
    }

    /// Nil when the header is no export this reads.
    public static func format(of header: [String]) -> Format? {
        format(of: CSVColumns(header))
    }

    /// Google's numbered columns (`Phone 1 - Value`) and its older name columns are its own;
    /// Outlook shares `First Name` with Google, so it is told by the columns Google never writes.
    static func format(of columns: CSVColumns) -> Format? {
        let numbered = [("E-mail", "Value"), ("Phone", "Value"), ("Address", "Street"), ("Address", "Formatted"), ("Organization", "Name"), ("Website", "Value")]
        let googleNumbered = numbered.contains { !columns.numbers(prefix: $0.0 + " ", suffix: " - " + $0.1).isEmpty }
        if googleNumbered || columns.has("Given Name") || columns.has("Family Name") || columns.has("Organization Name") { return .google }
        let outlook = ["E-mail Address", "Mobile Phone", "Business Phone", "Home Phone", "Company", "Job Title", "Business Street", "Home Street"]
        if (columns.has("First Name") || columns.has("Last Name")), outlook.contains(where: columns.has) { return .outlook }
        return nil
    }

    static let expectedColumns = [
        "First Name", "Last Name", "E-mail 1 - Value", "Phone 1 - Value", "Organization Name",  // Google
        "Given Name", "Family Name", "E-mail 1 - Type",  // Google, older
        "E-mail Address", "Mobile Phone", "Business Phone", "Company", "Job Title",  // Outlook
    ]

    static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }

    /// A birthday no form reads is kept as its text, as a vCard's text `BDAY` is, with a warning.
    static func birthday(raw: String, date: PartialDate?, column: String, warnings: inout [String]) -> ContactCard.Birthday {
        if date == nil { warnings.append("\(column) \"\(raw)\" is no date; it is kept as text.") }
        return ContactCard.Birthday(raw: raw, date: date)
    }

    static func checkEmail(_ value: String, column: String, warnings: inout [String]) {
        if !value.contains("@") { warnings.append("\(column) \"\(value)\" is not an email address; it is kept as written.") }
    }
}

/// What a contacts CSV gave: which export it was, its contacts, and what was guessed on the way.
public struct ContactsCSVImport: Hashable, Sendable {
    public struct Contact: Hashable, Sendable {
        /// The physical line the contact's row starts on, for `rin_raw_records.first_line`.
        public var line: Int
        public var card: ContactCard

        public init(line: Int, card: ContactCard) {
            self.line = line
            self.card = card
        }
    }

    public var format: ContactsCSV.Format
    public var contacts: [Contact]
    /// The first `CSVReader.Limits.warnings` of them, in file order.
    public var warnings: [ImportWarning]
    public var unreportedWarnings: Int

    public init(format: ContactsCSV.Format, contacts: [Contact], warnings: [ImportWarning] = [], unreportedWarnings: Int = 0) {
        self.format = format
        self.contacts = contacts
        self.warnings = warnings
        self.unreportedWarnings = unreportedWarnings
    }
}
