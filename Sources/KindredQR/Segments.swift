/// Data encoding modes supported by this encoder (ISO 18004 §7.4). Kanji and
/// ECI are deliberately omitted: payloads are UTF-8, read as such by readers.
enum QRMode: Int, Sendable, CaseIterable {
    case byte, alphanumeric, numeric

    /// 4-bit mode indicator (Table 2).
    var indicator: Int {
        switch self {
        case .numeric: 0x1
        case .alphanumeric: 0x2
        case .byte: 0x4
        }
    }

    /// Character-count indicator width (Table 3); it grows at versions 10 and 27,
    /// which is why segmentation is redone for each of the three version ranges.
    func characterCountBits(version: Int) -> Int {
        let range = version <= 9 ? 0 : (version <= 26 ? 1 : 2)
        switch self {
        case .numeric: return [10, 12, 14][range]
        case .alphanumeric: return [9, 11, 13][range]
        case .byte: return [8, 16, 16][range]
        }
    }

    /// Whether `byte` (an input byte, i.e. UTF-8 code unit) can be carried by this mode.
    func canEncode(_ byte: UInt8) -> Bool {
        switch self {
        case .byte: true
        case .alphanumeric: QRMode.alphanumericValue(byte) != nil
        case .numeric: byte >= 0x30 && byte <= 0x39
        }
    }

    /// Value of a character in the 45-symbol alphanumeric set (Table 5).
    static func alphanumericValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: return Int(byte - 0x30)
        case 0x41...0x5A: return Int(byte - 0x41) + 10
        case 0x20: return 36  // space
        case 0x24: return 37  // $
        case 0x25: return 38  // %
        case 0x2A: return 39  // *
        case 0x2B: return 40  // +
        case 0x2D: return 41  // -
        case 0x2E: return 42  // .
        case 0x2F: return 43  // /
        case 0x3A: return 44  // :
        default: return nil
        }
    }
}

/// Big-endian bit accumulator used to build the data bit stream.
struct BitBuffer: Sendable, Equatable {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for i in stride(from: count - 1, through: 0, by: -1) {
            bits.append((value >> i) & 1 == 1)
        }
    }

    mutating func append(_ other: BitBuffer) { bits.append(contentsOf: other.bits) }

    /// Packs into bytes, MSB first; a trailing partial byte is zero-padded.
    var bytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
        for (i, bit) in bits.enumerated() where bit { out[i >> 3] |= 0x80 >> UInt8(i & 7) }
        return out
    }
}

/// One run of input in a single mode, already converted to its payload bits.
struct QRSegment: Sendable, Equatable {
    let mode: QRMode
    /// Characters for the count indicator; for byte mode, bytes.
    let characterCount: Int
    let data: BitBuffer

    init(mode: QRMode, bytes: ArraySlice<UInt8>) {
        self.mode = mode
        characterCount = bytes.count
        var buffer = BitBuffer()
        let chars = Array(bytes)
        switch mode {
        case .byte:
            for b in chars { buffer.append(Int(b), count: 8) }
        case .numeric:
            // Groups of three digits in 10 bits; a final 1 or 2 digits in 4 or 7 bits.
            var i = 0
            while i < chars.count {
                let n = min(3, chars.count - i)
                var value = 0
                for b in chars[i..<i + n] { value = value * 10 + Int(b) - 0x30 }
                buffer.append(value, count: n * 3 + 1)
                i += n
            }
        case .alphanumeric:
            // Pairs as 45·a + b in 11 bits; a final single character in 6 bits.
            var i = 0
            while i < chars.count {
                let a = QRMode.alphanumericValue(chars[i]) ?? 0
                if i + 1 < chars.count {
                    let b = QRMode.alphanumericValue(chars[i + 1]) ?? 0
                    buffer.append(a * 45 + b, count: 11)
                } else {
                    buffer.append(a, count: 6)
                }
                i += 2
            }
        }
        data = buffer
    }

    /// Header (mode + count) plus payload bits at `version`.
    func bitLength(version: Int) -> Int { 4 + mode.characterCountBits(version: version) + data.count }
}
