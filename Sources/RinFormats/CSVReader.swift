import Foundation

/// Reads a whole CSV file (RFC 4180) into a header and rows, for the Google and Outlook exports
/// `ContactsCSV` maps. Our own reader rather than a package: RinFormats is Foundation-only, and
/// an import needs what general readers leave out, the line of every record and of every error.
///
/// A broken structure (a stray quote, a quote that never closes) refuses the whole file, since
/// after it no field can be trusted to be in its column. A row of the wrong width is only a
/// warning: the fields before the difference are still where they belong.
public struct CSVReader: Sendable {
    /// Bounds on the work one upload can cost, as `VCardParser.Limits` has.
    public struct Limits: Hashable, Sendable {
        /// 20 MiB, as for vCard: ten thousand contacts are about 5 MiB of CSV.
        public var bytes: Int
        /// Data rows, the header not counted.
        public var rows: Int
        /// Google's export has about 90 columns and Outlook's about 90; a row past this is a
        /// broken file or one built to cost work.
        public var fieldsPerRow: Int
        /// Warnings kept; later ones are only counted.
        public var warnings: Int

        public init(bytes: Int = 20 << 20, rows: Int = 10_000, fieldsPerRow: Int = 1_000, warnings: Int = 200) {
            self.bytes = bytes
            self.rows = rows
            self.fieldsPerRow = fieldsPerRow
            self.warnings = warnings
        }
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Throws `CSVError` for a broken structure, a file past a limit, or one with no header row.
    public func read(_ data: Data) throws -> CSVTable {
        guard data.count <= limits.bytes else { throw CSVError.tooLarge(bytes: data.count, limit: limits.bytes) }
        let (bytes, encodingWarning) = FileTextDecoding.utf8Bytes(data)
        var scanner = CSVScanner(bytes, fieldsPerRecord: limits.fieldsPerRow)
        guard let header = try scanner.next() else { throw CSVError.empty }
        var table = CSVTable(header: header.fields)
        func warn(_ line: Int, _ message: String) {
            if table.warnings.count < limits.warnings {
                table.warnings.append(ImportWarning(line: line, message: message))
            } else {
                table.unreportedWarnings += 1
            }
        }
        if let encodingWarning { warn(header.line, encodingWarning) }
        let width = header.fields.count
        while let record = try scanner.next() {
            guard table.rows.count < limits.rows else { throw CSVError.tooManyRows(limit: limits.rows, line: record.line) }
            var fields = record.fields
            if fields.count < width {
                warn(record.line, "The row has \(fields.count) fields and the header \(width); the missing ones are read as empty.")
                fields += Array(repeating: "", count: width - fields.count)
            } else if fields.count > width {
                let extra = fields[width...].filter { !$0.isEmpty }.count
                warn(record.line, "The row has \(fields.count) fields and the header \(width); the \(fields.count - width) past it are dropped"
                    + (extra == 0 ? " (all empty)." : ", \(extra) of them not empty."))
                fields.removeLast(fields.count - width)
            }
            table.rows.append(CSVRow(line: record.line, fields: fields))
        }
        return table
    }

    public func read(_ text: String) throws -> CSVTable {
        try read(Data(text.utf8))
    }
}
