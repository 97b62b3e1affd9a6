import Foundation

/// A four-character code as used by PNG chunks, RIFF chunks and ISO-BMFF boxes.
///
/// Stored as a big-endian `UInt32` so comparisons are integer compares. String literals
/// are interpreted as Latin-1 so that QuickTime's `"©xyz"` maps to the on-disk byte 0xA9.
struct FourCC: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    let rawValue: UInt32

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    init(stringLiteral value: String) {
        assert(value.unicodeScalars.count == 4, "FourCC literals must be exactly four characters")
        var raw: UInt32 = 0
        for scalar in value.unicodeScalars {
            raw = raw << 8 | (scalar.value & 0xFF)
        }
        self.rawValue = raw
    }

    /// PNG requires chunk types to be ASCII letters; anything else means we are not
    /// looking at a chunk boundary.
    var isASCIILetters: Bool {
        (0..<4).allSatisfy { shift in
            let byte = UInt8(truncatingIfNeeded: rawValue >> (UInt32(shift) * 8))
            return (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
    }

    var description: String {
        let bytes = (0..<4).reversed().map { UInt8(truncatingIfNeeded: rawValue >> (UInt32($0) * 8)) }
        return String(decoding: bytes, as: Unicode.ASCII.self)
    }
}

/// Bounds-checked integer reads. Every accessor returns nil instead of trapping, because
/// all media parsing here runs on untrusted uploads.
extension Array where Element == UInt8 {
    /// True when `length` bytes starting at `offset` lie inside the array (overflow-safe).
    func hasRange(at offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && length <= count && offset <= count - length
    }

    func uint8(at offset: Int) -> Int? {
        hasRange(at: offset, length: 1) ? Int(self[offset]) : nil
    }

    func uint16BE(at offset: Int) -> Int? {
        unsignedInteger(at: offset, length: 2, bigEndian: true)
    }

    func uint32BE(at offset: Int) -> Int? {
        unsignedInteger(at: offset, length: 4, bigEndian: true)
    }

    /// Returns nil when the value does not fit in `Int` (it can then never be a valid offset).
    func uint64BE(at offset: Int) -> Int? {
        unsignedInteger(at: offset, length: 8, bigEndian: true)
    }

    func uint16LE(at offset: Int) -> Int? {
        unsignedInteger(at: offset, length: 2, bigEndian: false)
    }

    func uint24LE(at offset: Int) -> Int? {
        unsignedInteger(at: offset, length: 3, bigEndian: false)
    }

    func uint32LE(at offset: Int) -> Int? {
        unsignedInteger(at: offset, length: 4, bigEndian: false)
    }

    func fourCC(at offset: Int) -> FourCC? {
        uint32BE(at: offset).map { FourCC(rawValue: UInt32(truncatingIfNeeded: $0)) }
    }

    func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        hasRange(at: offset, length: pattern.count) && self[offset..<offset + pattern.count].elementsEqual(pattern)
    }

    /// Reads a 1...8 byte unsigned integer; `length == 0` yields 0, which is how ISO-BMFF
    /// encodes "field absent" for variable-width `iloc` fields.
    func unsignedInteger(at offset: Int, length: Int, bigEndian: Bool) -> Int? {
        guard length >= 0, length <= 8, hasRange(at: offset, length: length) else { return nil }
        var value: UInt64 = 0
        for index in 0..<length {
            let byte = self[bigEndian ? offset + index : offset + length - 1 - index]
            value = value << 8 | UInt64(byte)
        }
        return Int(exactly: value)
    }
}

/// A forward-only reader confined to `position..<end`, throwing `MalformedMedia` on any
/// overrun so that parsers can be written as straight-line code.
struct ByteCursor {
    let bytes: [UInt8]
    private(set) var position: Int
    let end: Int
    let media: MediaType

    init(_ bytes: [UInt8], range: Range<Int>, media: MediaType) {
        // Clamp so that a hostile range can never produce an out-of-bounds slice later.
        let end = Swift.max(0, Swift.min(range.upperBound, bytes.count))
        self.bytes = bytes
        self.end = end
        self.position = Swift.max(0, Swift.min(range.lowerBound, end))
        self.media = media
    }

    var remaining: Int { Swift.max(0, end - position) }

    mutating func read(byteCount: Int) throws -> Int {
        guard byteCount >= 0, byteCount <= remaining,
              let value = bytes.unsignedInteger(at: position, length: byteCount, bigEndian: true)
        else {
            throw MalformedMedia(media, "field of \(byteCount) bytes overruns its box at \(position)")
        }
        position += byteCount
        return value
    }

    mutating func readFourCC() throws -> FourCC {
        FourCC(rawValue: UInt32(truncatingIfNeeded: try read(byteCount: 4)))
    }

    mutating func skip(_ byteCount: Int) throws {
        guard byteCount >= 0, byteCount <= remaining else {
            throw MalformedMedia(media, "skip of \(byteCount) bytes overruns its box at \(position)")
        }
        position += byteCount
    }

    /// Reads a NUL-terminated UTF-8 string. A missing terminator is tolerated (the string
    /// runs to the end of the box) because being lenient here can only make us find
    /// *more* metadata items, never fewer.
    mutating func readCString() -> String {
        let slice = bytes[position..<end]
        let stop = slice.firstIndex(of: 0) ?? end
        let text = String(decoding: bytes[position..<stop], as: UTF8.self)
        position = Swift.min(end, stop + 1)
        return text
    }
}
