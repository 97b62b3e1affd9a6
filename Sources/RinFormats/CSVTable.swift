import Foundation

/// A CSV file read whole: its header, then each record with the physical line it starts on, so
/// an import can name "line 212" for a row whose notes span three lines.
public struct CSVTable: Hashable, Sendable {
    public var header: [String]
    /// Every record after the header, each exactly as wide as the header (padded or cut, with a
    /// warning): a mapping can index a row by a header column without checking.
    public var rows: [CSVRow]
    /// The first `CSVReader.Limits.warnings` of them, in file order.
    public var warnings: [ImportWarning]
    /// Warnings past the limit, counted but not kept.
    public var unreportedWarnings: Int

    public init(header: [String], rows: [CSVRow] = [], warnings: [ImportWarning] = [], unreportedWarnings: Int = 0) {
        self.header = header
        self.rows = rows
        self.warnings = warnings
        self.unreportedWarnings = unreportedWarnings
    }
}

public struct CSVRow: Hashable, Sendable {
    /// The physical line (1-based) the record starts on.
    public var line: Int
    /// As written: quotes taken off, doubled quotes undone, embedded line breaks kept as they were.
    public var fields: [String]

    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}

/// Why a whole CSV file is refused: its structure is broken, so no row can be trusted to be the
/// row the exporter meant (one stray quote shifts every field after it), or it is past a limit.
public enum CSVError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is larger than `CSVReader.Limits.bytes`.
    case tooLarge(bytes: Int, limit: Int)
    /// Data row number `limit + 1` begins at `line`.
    case tooManyRows(limit: Int, line: Int)
    /// The record beginning at `recordLine` reaches field number `limit + 1` at `line`.
    case tooManyFields(limit: Int, recordLine: Int, line: Int)
    /// `a"b`: a quote is only allowed around a whole field.
    case quoteInUnquotedField(recordLine: Int, line: Int)
    /// `"a"b`: after a closing quote comes a comma or the end of the record.
    case textAfterClosingQuote(recordLine: Int, line: Int)
    /// A quote opened on `line` never closes: the rest of the file would be one field.
    case unterminatedQuote(recordLine: Int, line: Int)
    /// Not even a header row.
    case empty
    /// The header is no export `ContactsCSV` knows; `expected` names the columns it looks for.
    case unknownHeader(found: [String], expected: [String])

    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            "The file is \(bytes) bytes; at most \(limit) bytes are read."
        case .tooManyRows(let limit, let line):
            "Line \(line) begins row \(limit + 1); a file holds at most \(limit) rows."
        case .tooManyFields(let limit, let recordLine, let line):
            "The row beginning on line \(recordLine) has more than \(limit) fields (line \(line))."
        case .quoteInUnquotedField(let recordLine, let line):
            "Line \(line) (in the row beginning on line \(recordLine)) has a quote inside a field that is not quoted."
        case .textAfterClosingQuote(let recordLine, let line):
            "Line \(line) (in the row beginning on line \(recordLine)) has text after a field's closing quote."
        case .unterminatedQuote(let recordLine, let line):
            "The quote opened on line \(line) (in the row beginning on line \(recordLine)) is never closed."
        case .empty:
            "The file is empty: it has no header row."
        case .unknownHeader(let found, let expected):
            "The header (\(found.prefix(6).map { "\"\($0)\"" }.joined(separator: ", "))\(found.count > 6 ? ", …" : "")) "
                + "is neither a Google Contacts nor an Outlook export; expected columns such as "
                + expected.map { "\"\($0)\"" }.joined(separator: ", ") + "."
        }
    }
}
