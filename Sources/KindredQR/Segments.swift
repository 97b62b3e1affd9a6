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

/// Big-endian bit accumulator used to build the data bit stream, packed into bytes as it grows.
struct BitBuffer: Sendable, Equatable {
    /// MSB first; the bits of a trailing partial byte past `count` are zero.
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    init(capacity: Int = 0) { bytes.reserveCapacity((capacity + 7) / 8) }

    /// The low `count` bits of `value`, most significant first, a byte's worth at a time.
    mutating func append(_ value: Int, count: Int) {
        var remaining = count
        while remaining > 0 {
            let used = self.count & 7
            if used == 0 { bytes.append(0) }
            let taken = min(8 - used, remaining)
            let chunk = UInt8(truncatingIfNeeded: value >> (remaining - taken)) & UInt8(truncatingIfNeeded: (1 << taken) - 1)
            bytes[bytes.count - 1] |= chunk << UInt8(8 - used - taken)
            self.count += taken
            remaining -= taken
        }
    }

    mutating func append(_ other: BitBuffer) {
        if count % 8 == 0 {
            bytes += other.bytes
            count += other.count
            return
        }
        var index = 0
        while index < other.count {
            let taken = min(8, other.count - index)
            append(Int(other.bytes[index >> 3] >> UInt8(8 - taken)), count: taken)
            index += taken
        }
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
        var buffer = BitBuffer(capacity: bytes.count * 8)
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
