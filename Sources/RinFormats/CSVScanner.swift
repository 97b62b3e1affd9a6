import Foundation

/// RFC 4180 records from UTF-8 bytes, one pass, each byte looked at once. Every byte that
/// matters (`"`, `,`, CR, LF) is ASCII, so a UTF-8 sequence is never split.
///
/// Strict where a mistake would shift fields (a stray quote), since a contact whose email landed
/// in its phone column is worse than a refused file. CR LF, LF and a lone CR each end a line.
struct CSVScanner {
    private let bytes: [UInt8]
    private let fieldsPerRecord: Int
    private var index = 0
    /// The physical line `index` is on.
    private(set) var line = 1

    private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr: UInt8 = 0x0D, lf: UInt8 = 0x0A

    init(_ bytes: [UInt8], fieldsPerRecord: Int) {
        self.bytes = bytes
        self.fieldsPerRecord = fieldsPerRecord
    }

    /// The next record and the line it starts on; nil at the end of the file. A line holding
    /// nothing at all (a trailing blank line, a spreadsheet's empty row) is no record.
    mutating func next() throws -> (line: Int, fields: [String])? {
        while index < bytes.count, bytes[index] == Self.cr || bytes[index] == Self.lf { skipLineEnd() }
        guard index < bytes.count else { return nil }
        let recordLine = line
        var fields: [String] = []
        while true {
            guard fields.count < fieldsPerRecord else {
                throw CSVError.tooManyFields(limit: fieldsPerRecord, recordLine: recordLine, line: line)
            }
            fields.append(try field(recordLine: recordLine))
            guard index < bytes.count else { return (recordLine, fields) }
            if bytes[index] == Self.comma {
                index += 1
                continue
            }
            skipLineEnd()
            return (recordLine, fields)
        }
    }

    /// One field; `index` is left on the comma, line end or end of file after it.
    private mutating func field(recordLine: Int) throws -> String {
        guard index < bytes.count, bytes[index] == Self.quote else {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == Self.comma || byte == Self.cr || byte == Self.lf { break }
                if byte == Self.quote { throw CSVError.quoteInUnquotedField(recordLine: recordLine, line: line) }
                index += 1
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        let openLine = line
        index += 1
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else { throw CSVError.unterminatedQuote(recordLine: recordLine, line: openLine) }
            let byte = bytes[index]
            if byte == Self.quote {
                if index + 1 < bytes.count, bytes[index + 1] == Self.quote {
                    text.append(Self.quote)
                    index += 2
                    continue
                }
                index += 1
                break
            }
            // A line break inside quotes is part of the value, and still a physical line.
            if byte == Self.lf || (byte == Self.cr && (index + 1 == bytes.count || bytes[index + 1] != Self.lf)) { line += 1 }
            text.append(byte)
            index += 1
        }
        if index < bytes.count, bytes[index] != Self.comma, bytes[index] != Self.cr, bytes[index] != Self.lf {
            throw CSVError.textAfterClosingQuote(recordLine: recordLine, line: line)
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func skipLineEnd() {
        if bytes[index] == Self.cr, index + 1 < bytes.count, bytes[index + 1] == Self.lf { index += 1 }
        index += 1
        line += 1
    }
}
