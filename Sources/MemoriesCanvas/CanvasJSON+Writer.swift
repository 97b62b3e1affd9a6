import Foundation

extension CanvasJSON {
    /// Writes a page's JSON into `bytes`: compact, keys in sorted order, numbers the shortest that
    /// read back exactly.
    struct Writer {
        var bytes: [UInt8] = []

        mutating func byte(_ byte: UInt8) { bytes.append(byte) }

        mutating func raw(_ text: StaticString) {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        mutating func int(_ value: Int) {
            var value = value
            if value < 0 {
                byte(UInt8(ascii: "-"))
                if value == .min { raw("9223372036854775808"); return }
                value = -value
            }
            if value < 10 { byte(UInt8(ascii: "0") + UInt8(value)); return }
            var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                          UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var count = 0
            withUnsafeMutableBytes(of: &digits) { buffer in
                while value > 0 {
                    buffer[count] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                    count += 1
                }
                for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
            }
        }

        /// The shortest text that reads back as exactly `value` (Swift's own `description`), with
        /// a whole number written without its ".0". Only finite numbers reach a stored page.
        mutating func number(_ value: Double) {
            if value == value.rounded(.towardZero), abs(value) < 1e15 {
                if value == 0, value.sign == .minus { raw("-0"); return }
                int(Int(value))
                return
            }
            // Most page numbers are short decimals (0.4125, 812.5). The fewest decimals whose
            // value reads back exactly are the shortest text, which is what `description` finds
            // the slow way. In this range a digit of 10⁻⁶ is coarser than the number's precision,
            // so that text is the only candidate, and `description` writes it without an exponent.
            let magnitude = abs(value)
            if magnitude >= 1e-4, magnitude < 1e7 {
                for places in 1...6 {
                    let scaled = (value * Self.powers[places]).rounded()
                    guard scaled / Self.powers[places] == value else { continue }
                    decimal(Int(scaled), places: places)
                    return
                }
            }
            var text = value.description
            // `description` is JSON for a finite number (0.25, 1e-05, 1.5e+20) but for a whole
            // one's ".0" (1000000000000000.0), which `JSONEncoder` leaves off.
            text.withUTF8 { utf8 in
                let whole = utf8.count > 2 && utf8[utf8.count - 2] == UInt8(ascii: ".") && utf8[utf8.count - 1] == UInt8(ascii: "0")
                bytes.append(contentsOf: whole ? UnsafeBufferPointer(rebasing: utf8[..<(utf8.count - 2)]) : utf8)
            }
        }

        private static let powers: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6]

        /// `scaled` × 10^-places, e.g. (-25, 4) → -0.0025: the digits are written last first,
        /// then turned around in place.
        private mutating func decimal(_ scaled: Int, places: Int) {
            if scaled < 0 { byte(UInt8(ascii: "-")) }
            var magnitude = scaled.magnitude
            let start = bytes.count
            for _ in 0..<places {
                bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            }
            bytes.append(UInt8(ascii: "."))
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            bytes[start...].reverse()
        }

        mutating func string(_ text: String) {
            byte(UInt8(ascii: "\""))
            var text = text
            text.withUTF8 { utf8 in
                var start = 0
                for index in 0..<utf8.count {
                    let byte = utf8[index]
                    guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                    start = index + 1
                    switch byte {
                    case UInt8(ascii: "\""): raw("\\\"")
                    case UInt8(ascii: "\\"): raw("\\\\")
                    case 0x0A: raw("\\n")
                    case 0x0D: raw("\\r")
                    case 0x09: raw("\\t")
                    case 0x08: raw("\\b")
                    case 0x0C: raw("\\f")
                    default:
                        raw("\\u00")
                        let hex: StaticString = "0123456789abcdef"
                        hex.withUTF8Buffer { digits in
                            bytes.append(digits[Int(byte >> 4)])
                            bytes.append(digits[Int(byte & 0xF)])
                        }
                    }
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
            }
            byte(UInt8(ascii: "\""))
        }

        mutating func frame(_ frame: CanvasFrame) {
            raw("{\"height\":")
            number(frame.height)
            raw(",\"width\":")
            number(frame.width)
            raw(",\"x\":")
            number(frame.x)
            raw(",\"y\":")
            number(frame.y)
            byte(UInt8(ascii: "}"))
        }

        // Keys in sorted order, as `JSONEncoder`'s `.sortedKeys` puts them.
        mutating func element(_ element: CanvasElement) {
            switch element.content {
            case .ink(let ink):
                raw("{\"color\":")
                string(ink.color)
                raw(",\"frame\":")
                frame(element.frame)
                raw(",\"id\":")
                string(element.id)
                raw(",\"points\":[")
                for (index, point) in ink.points.enumerated() {
                    raw(index == 0 ? "[" : ",[")
                    number(point.x)
                    byte(UInt8(ascii: ","))
                    number(point.y)
                    byte(UInt8(ascii: ","))
                    number(point.pressure)
                    byte(UInt8(ascii: ","))
                    number(point.t)
                    byte(UInt8(ascii: "]"))
                }
                raw("],\"rotation\":")
                number(element.rotation)
                raw(",\"tool\":")
                string(ink.tool.rawValue)
                raw(",\"type\":\"ink\",\"width\":")
                number(ink.width)
            case .photo(let photo):
                raw("{\"frame\":")
                frame(element.frame)
                raw(",\"id\":")
                string(element.id)
                raw(",\"mediaId\":")
                string(photo.mediaId.uuidString)
                raw(",\"rotation\":")
                number(element.rotation)
                raw(",\"type\":\"photo\"")
            case .text(let text):
                raw("{\"align\":")
                string(text.align.rawValue)
                raw(",\"color\":")
                string(text.color)
                raw(",\"font\":")
                string(text.font.rawValue)
                raw(",\"frame\":")
                frame(element.frame)
                raw(",\"id\":")
                string(element.id)
                raw(",\"rotation\":")
                number(element.rotation)
                raw(",\"size\":")
                number(text.size)
                raw(",\"text\":")
                string(text.text)
                raw(",\"type\":\"text\"")
            }
            raw(",\"z\":")
            int(element.z)
            byte(UInt8(ascii: "}"))
        }
    }
}
