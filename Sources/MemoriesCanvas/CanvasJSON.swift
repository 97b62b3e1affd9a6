import Foundation

/// The page's stored form, written and read by hand.
///
/// A page of handwriting is hundreds of thousands of numbers in small arrays, and `Codable`
/// spends most of its time on each array's container rather than on the numbers: on Linux it
/// took 40 ms to write and 30 ms to read a page of 50,000 points, on every save and every
/// operation. This writes the same JSON (compact, keys in sorted order, every number the
/// shortest that reads back exactly) and reads any JSON the `Codable` reading accepts, into the
/// same `Canvas`; the tests hold the two to each other.
enum CanvasJSON {
    static func encode(_ canvas: Canvas) -> [UInt8] {
        var writer = Writer()
        writer.bytes.reserveCapacity(64 + canvas.elements.count * 160 + canvas.pointCount * 26)
        writer.raw("{\"elements\":[")
        for (index, element) in canvas.elements.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.element(element)
        }
        writer.raw("],\"paper\":")
        writer.string(canvas.paper.rawValue)
        writer.raw(",\"version\":")
        writer.int(canvas.version)
        writer.byte(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// One element's JSON, as it sits in its page's.
    static func encode(_ element: CanvasElement) -> [UInt8] {
        var writer = Writer()
        writer.element(element)
        return writer.bytes
    }

    /// A page from its elements' JSON, in order: exactly `encode(canvas)`.
    static func assemble(_ pieces: [[UInt8]], paper: Canvas.Paper, version: Int) -> [UInt8] {
        var writer = Writer()
        writer.bytes.reserveCapacity(64 + pieces.reduce(0) { $0 + $1.count + 1 })
        writer.raw("{\"elements\":[")
        for (index, piece) in pieces.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.bytes.append(contentsOf: piece)
        }
        writer.raw("],\"paper\":")
        writer.string(paper.rawValue)
        writer.raw(",\"version\":")
        writer.int(version)
        writer.byte(UInt8(ascii: "}"))
        return writer.bytes
    }

    static func decode(_ bytes: some ContiguousBytes) throws -> Canvas {
        try bytes.withUnsafeBytes { buffer in
            var reader = Reader(buffer)
            let canvas = try reader.canvas()
            reader.skipSpace()
            guard reader.atEnd else { throw reader.error("Unexpected text after the page") }
            return canvas
        }
    }

    // MARK: - Writing

    private struct Writer {
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

    // MARK: - Reading

    private struct Reader {
        let buffer: UnsafeRawBufferPointer
        var index = 0

        init(_ buffer: UnsafeRawBufferPointer) {
            self.buffer = buffer
        }

        var atEnd: Bool { index >= buffer.count }

        /// The same error a `Codable` reading throws, so callers handle one kind.
        func error(_ message: String) -> DecodingError {
            .dataCorrupted(.init(codingPath: [], debugDescription: "\(message) at byte \(index) of the page's JSON."))
        }

        mutating func skipSpace() {
            while index < buffer.count {
                switch buffer[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        mutating func expect(_ byte: UInt8) throws {
            skipSpace()
            guard index < buffer.count, buffer[index] == byte else {
                throw error("Expected `\(Character(Unicode.Scalar(byte)))`")
            }
            index += 1
        }

        /// Consumes `byte` if it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < buffer.count, buffer[index] == byte else { return false }
            index += 1
            return true
        }

        /// Calls `field` with each key of an object, the reader placed at its value.
        mutating func object(_ field: (inout Reader, String) throws -> Void) throws {
            try expect(UInt8(ascii: "{"))
            if take(UInt8(ascii: "}")) { return }
            repeat {
                let name = try string()
                try expect(UInt8(ascii: ":"))
                try field(&self, name)
            } while take(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
        }

        mutating func array(_ item: (inout Reader) throws -> Void) throws {
            try expect(UInt8(ascii: "["))
            if take(UInt8(ascii: "]")) { return }
            repeat { try item(&self) } while take(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"))
        }

        mutating func string() throws -> String {
            try expect(UInt8(ascii: "\""))
            let start = index
            // The common case: no escapes, read straight from the bytes.
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") {
                    let text = String(decoding: UnsafeRawBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                index += 1
            }
            var bytes = Array(buffer[start..<index])
            while index < buffer.count {
                let byte = buffer[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: bytes, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < buffer.count else { throw error("Unfinished escape") }
                    let escaped = buffer[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escaped)
                    case UInt8(ascii: "n"): bytes.append(0x0A)
                    case UInt8(ascii: "r"): bytes.append(0x0D)
                    case UInt8(ascii: "t"): bytes.append(0x09)
                    case UInt8(ascii: "b"): bytes.append(0x08)
                    case UInt8(ascii: "f"): bytes.append(0x0C)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar) {
                            // A surrogate pair: the low half must follow as its own escape.
                            guard index + 1 < buffer.count, buffer[index] == UInt8(ascii: "\\"), buffer[index + 1] == UInt8(ascii: "u")
                            else { throw error("A lone surrogate") }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("A lone surrogate") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { throw error("A lone surrogate") }
                        bytes.append(contentsOf: Array(String(Character(unicode)).utf8))
                    default:
                        throw error("An unknown escape")
                    }
                default:
                    guard byte >= 0x20 else { throw error("A control character in a string") }
                    bytes.append(byte)
                }
            }
            throw error("Unfinished string")
        }

        private mutating func hex4() throws -> UInt32 {
            guard index + 4 <= buffer.count else { throw error("Unfinished escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = buffer[index]
                index += 1
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("A bad \\u escape")
                }
                value = value << 4 | digit
            }
            return value
        }

        static let exactPowers: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

        /// A JSON number. Most page numbers have few digits: those are built exactly from their
        /// digits (a whole number below 2^53 scaled by an exact power of ten is correctly
        /// rounded); anything longer goes to `strtod`.
        mutating func number() throws -> Double {
            skipSpace()
            let start = index
            var negative = false
            if index < buffer.count, buffer[index] == UInt8(ascii: "-") { negative = true; index += 1 }
            var mantissa: UInt64 = 0
            var digits = 0
            var scale = 0
            let integerStart = index
            while index < buffer.count, let digit = Self.digit(buffer[index]) {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(digit); if mantissa > 0 { digits += 1 } } else { scale += 1 }
                index += 1
            }
            guard index > integerStart else { throw error("Expected a number") }
            guard buffer[integerStart] != UInt8(ascii: "0") || index == integerStart + 1 else { throw error("A number with a leading zero") }
            var simple = true
            if index < buffer.count, buffer[index] == UInt8(ascii: ".") {
                index += 1
                let fractionStart = index
                while index < buffer.count, let digit = Self.digit(buffer[index]) {
                    if digits < 19 { mantissa = mantissa * 10 + UInt64(digit); if mantissa > 0 { digits += 1 }; scale -= 1 } else { simple = false }
                    index += 1
                }
                guard index > fractionStart else { throw error("Expected digits after the point") }
            }
            if index < buffer.count, buffer[index] == UInt8(ascii: "e") || buffer[index] == UInt8(ascii: "E") {
                index += 1
                var exponentNegative = false
                if index < buffer.count, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-") {
                    exponentNegative = buffer[index] == UInt8(ascii: "-")
                    index += 1
                }
                let exponentStart = index
                var exponent = 0
                while index < buffer.count, let digit = Self.digit(buffer[index]) {
                    if exponent < 100_000 { exponent = exponent * 10 + Int(digit) }
                    index += 1
                }
                guard index > exponentStart else { throw error("Expected digits in the exponent") }
                scale += exponentNegative ? -exponent : exponent
            }
            if simple, digits <= 15, abs(scale) <= 22 {
                var value = Double(mantissa)
                value = scale < 0 ? value / Self.exactPowers[-scale] : value * Self.exactPowers[scale]
                return negative ? -value : value
            }
            // Correct rounding for the rest: the C library's reading of the same characters.
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else { throw error("A number out of range") }
            return value
        }

        static func digit(_ byte: UInt8) -> UInt8? {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
        }

        mutating func int() throws -> Int {
            let start = index
            let value = try number()
            guard value == value.rounded(.towardZero), abs(value) < 9e15 else {
                index = start
                throw error("Expected a whole number")
            }
            return Int(value)
        }

        /// Skips a value of any kind (a key this reading does not know, as `Codable` ignores it).
        mutating func skipValue() throws {
            skipSpace()
            guard index < buffer.count else { throw error("Expected a value") }
            switch buffer[index] {
            case UInt8(ascii: "{"): try object { reader, _ in try reader.skipValue() }
            case UInt8(ascii: "["): try array { try $0.skipValue() }
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default: _ = try number()
            }
        }

        mutating func literal(_ word: StaticString) throws {
            let count = word.utf8CodeUnitCount
            guard index + count <= buffer.count,
                  word.withUTF8Buffer({ memcmp(buffer.baseAddress! + index, $0.baseAddress!, count) == 0 })
            else { throw error("Expected \(word)") }
            index += count
        }

        mutating func canvas() throws -> Canvas {
            var version: Int?
            var paper: Canvas.Paper?
            var elements: [CanvasElement]?
            try object { reader, key in
                switch key {
                case "version": version = try reader.int()
                case "paper": paper = try reader.enumeration(Canvas.Paper.self)
                case "elements":
                    var list: [CanvasElement] = []
                    try reader.array { list.append(try $0.element()) }
                    elements = list
                default: try reader.skipValue()
                }
            }
            guard let version, let paper, let elements else { throw error("A page needs version, paper and elements") }
            return Canvas(version: version, paper: paper, elements: elements)
        }

        mutating func enumeration<T: RawRepresentable<String>>(_: T.Type) throws -> T {
            let text = try string()
            guard let value = T(rawValue: text) else { throw error("`\(text)` is not a \(T.self)") }
            return value
        }

        mutating func frame() throws -> CanvasFrame {
            var x: Double?, y: Double?, width: Double?, height: Double?
            try object { reader, key in
                switch key {
                case "x": x = try reader.number()
                case "y": y = try reader.number()
                case "width": width = try reader.number()
                case "height": height = try reader.number()
                default: try reader.skipValue()
                }
            }
            guard let x, let y, let width, let height else { throw error("A frame needs x, y, width and height") }
            return CanvasFrame(x: x, y: y, width: width, height: height)
        }

        mutating func points() throws -> [InkPoint] {
            var points: [InkPoint] = []
            try array { reader in
                try reader.expect(UInt8(ascii: "["))
                let x = try reader.number()
                try reader.expect(UInt8(ascii: ","))
                let y = try reader.number()
                try reader.expect(UInt8(ascii: ","))
                let pressure = try reader.number()
                try reader.expect(UInt8(ascii: ","))
                let t = try reader.number()
                try reader.expect(UInt8(ascii: "]"))
                points.append(InkPoint(x: x, y: y, pressure: pressure, t: t))
            }
            return points
        }

        mutating func element() throws -> CanvasElement {
            var id: String?, type: String?, z: Int?, frame: CanvasFrame?, rotation = 0.0
            var tool: CanvasElement.Tool?, color: String?, width: Double?, points: [InkPoint]?
            var mediaID: UUID?
            var text: String?, font: CanvasElement.Font?, size: Double?, align: CanvasElement.Alignment?
            try object { reader, key in
                switch key {
                case "id": id = try reader.string()
                case "type": type = try reader.string()
                case "z": z = try reader.int()
                case "frame": frame = try reader.frame()
                case "rotation": rotation = try reader.number()
                case "tool": tool = try reader.enumeration(CanvasElement.Tool.self)
                case "color": color = try reader.string()
                case "width": width = try reader.number()
                case "points": points = try reader.points()
                case "mediaId":
                    let text = try reader.string()
                    guard let uuid = UUID(uuidString: text) else { throw reader.error("`\(text)` is not a media id") }
                    mediaID = uuid
                case "text": text = try reader.string()
                case "font": font = try reader.enumeration(CanvasElement.Font.self)
                case "size": size = try reader.number()
                case "align": align = try reader.enumeration(CanvasElement.Alignment.self)
                default: try reader.skipValue()
                }
            }
            guard let id, let type, let z, let frame else { throw error("An element needs id, type, z and frame") }
            let content: CanvasElement.Content
            switch type {
            case "ink":
                guard let tool, let color, let width, let points else { throw error("Ink needs tool, color, width and points") }
                content = .ink(.init(tool: tool, color: color, width: width, points: points))
            case "photo":
                guard let mediaID else { throw error("A photo needs its mediaId") }
                content = .photo(.init(mediaId: mediaID))
            case "text":
                guard let text, let font, let size, let color, let align else { throw error("Text needs text, font, size, color and align") }
                content = .text(.init(text: text, font: font, size: size, color: color, align: align))
            default:
                throw error("`\(type)` is not an element type")
            }
            return CanvasElement(id: id, z: z, frame: frame, rotation: rotation, content: content)
        }
    }
}
