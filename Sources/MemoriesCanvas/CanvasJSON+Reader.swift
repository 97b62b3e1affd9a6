import Foundation

extension CanvasJSON {
    /// Reads a page's JSON from raw bytes, accepting what the `Codable` reading accepts.
    struct Reader {
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
