import Foundation

/// One content line put back together, and the physical line it starts on.
struct LogicalLine {
    var bytes: [UInt8]
    var number: Int
}

/// Physical lines to content lines, over the bytes so that a fold inside a UTF-8 sequence
/// (exporters that count bytes carelessly) joins back into the character it cut.
///
/// Three kinds of continuation: RFC 6350 §3.2 folding (a line starting with a space or a tab goes
/// on the previous one, less that one character); 2.1 quoted-printable soft breaks (a QP value's
/// line ending in `=` goes on with the next line, whatever it starts with); and 2.1 base64 whose
/// lines some exporters (Outlook, old Nokias) do not indent, running to a blank line. A base64
/// line has no `:`, so it is never mistaken for a property. Each physical line is appended once
/// to a growing buffer, so a line folded a hundred thousand times costs no more than one that
/// was not.
enum VCardUnfolding {
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    static func forEachLine(in bytes: [UInt8], _ body: (LogicalLine) throws -> Void) rethrows {
        var current: [UInt8] = []
        var currentNumber = 0
        var started = false
        // What the current line's parameters say its value is carried in, looked at once per
        // line and only when a continuation could depend on it.
        var encoding: Encoding?
        var number = 0
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: lineFeed) ?? bytes.count
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == carriageReturn { contentEnd -= 1 }
            let physical = bytes[start..<contentEnd]
            number += 1
            start = end + 1

            if started, current.last == UInt8(ascii: "="), !startsWithEnd(physical) {
                if encoding == nil { encoding = Encoding(current) }
                if encoding == .quotedPrintable {
                    current.removeLast()
                    current.append(contentsOf: physical)
                    continue
                }
            }
            if started, let first = physical.first, first == space || first == tab {
                current.append(contentsOf: physical.dropFirst())
                continue
            }
            if started, !physical.isEmpty, physical.allSatisfy(isBase64Byte) {
                if encoding == nil { encoding = Encoding(current) }
                if encoding == .base64 {
                    current.append(contentsOf: physical)
                    continue
                }
            }
            if started { try body(LogicalLine(bytes: current, number: currentNumber)) }
            current = Array(physical)
            currentNumber = number
            encoding = nil
            started = true
        }
        if started { try body(LogicalLine(bytes: current, number: currentNumber)) }
    }

    /// A QP value whose last line wrongly ends in `=` must not swallow the card's end.
    private static func startsWithEnd(_ line: ArraySlice<UInt8>) -> Bool {
        line.count >= 4 && String(decoding: line.prefix(4), as: UTF8.self).uppercased() == "END:"
    }

    private static func isBase64Byte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
    }

    private enum Encoding {
        case quotedPrintable, base64, other

        /// From the line's name and parameters only (up to the first colon outside quotes), so a
        /// note that mentions quoted-printable is not taken for one.
        init(_ line: [UInt8]) {
            var inQuotes = false
            var headerEnd = line.count
            for (index, byte) in line.enumerated() {
                if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
                if byte == UInt8(ascii: ":"), !inQuotes {
                    headerEnd = index
                    break
                }
            }
            let header = String(decoding: line[..<headerEnd], as: UTF8.self).uppercased()
            self = header.contains("QUOTED-PRINTABLE") ? .quotedPrintable : header.contains("BASE64") ? .base64 : .other
        }
    }
}
