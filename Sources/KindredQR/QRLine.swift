/// A row or a column of a symbol as bits, so the mask penalty (§7.8.3) is computed a whole line
/// at a time instead of a module at a time. Module `i` of a line is bit `i + 4`: four light bits
/// on either side stand for the quiet zone, which the finder-like rule (N3) counts as light.
///
/// Symbols up to version 9 (53 modules, 61 bits with the margins) fit one `UInt64`; larger ones
/// use `QRWideLine`. The encoder is generic over the two, so each is compiled on its own.
protocol QRLine: Sendable {
    static var zero: Self { get }
    /// The line with bits `0..<count` set.
    init(lowOnes count: Int)
    /// Line `index` of a table of three-word lines (`QRTemplate`, `QRMaskLines`).
    init(_ table: UnsafeBufferPointer<UInt64>, line index: Int)
    static func & (left: Self, right: Self) -> Self
    static func | (left: Self, right: Self) -> Self
    static func ^ (left: Self, right: Self) -> Self
    static prefix func ~ (line: Self) -> Self
    /// Bit `i` of the result is bit `i + count` of this line (`1 ≤ count < 64`).
    func down(_ count: Int) -> Self
    /// Bit `i` of the result is bit `i - count` of this line (`1 ≤ count < 64`).
    func up(_ count: Int) -> Self
    var nonzeroBitCount: Int { get }
    var isZero: Bool { get }
    /// Bits `0..<64`.
    var lowWord: UInt64 { get }
    mutating func insert(bit: Int)
    func contains(bit: Int) -> Bool
}

extension UInt64: QRLine {
    init(lowOnes count: Int) { self = count >= 64 ? .max : (1 << UInt64(count)) - 1 }
    init(_ table: UnsafeBufferPointer<UInt64>, line index: Int) { self = table[3 * index] }
    @inline(__always) func down(_ count: Int) -> UInt64 { self >> UInt64(count) }
    @inline(__always) func up(_ count: Int) -> UInt64 { self << UInt64(count) }
    var isZero: Bool { self == 0 }
    @inline(__always) var lowWord: UInt64 { self }
    @inline(__always) mutating func insert(bit: Int) { self |= 1 << UInt64(bit) }
    @inline(__always) func contains(bit: Int) -> Bool { self >> UInt64(bit) & 1 == 1 }
}

/// Three words, low first: enough for version 40 (177 modules, 185 bits with the margins).
struct QRWideLine: QRLine {
    var low: UInt64, middle: UInt64, high: UInt64

    static let zero = QRWideLine(low: 0, middle: 0, high: 0)

    init(low: UInt64, middle: UInt64, high: UInt64) {
        self.low = low
        self.middle = middle
        self.high = high
    }

    init(lowOnes count: Int) {
        self.init(low: UInt64(lowOnes: count), middle: UInt64(lowOnes: max(0, count - 64)), high: UInt64(lowOnes: max(0, count - 128)))
    }

    init(_ table: UnsafeBufferPointer<UInt64>, line index: Int) {
        self.init(low: table[3 * index], middle: table[3 * index + 1], high: table[3 * index + 2])
    }

    @inline(__always) static func & (left: Self, right: Self) -> Self {
        Self(low: left.low & right.low, middle: left.middle & right.middle, high: left.high & right.high)
    }

    @inline(__always) static func | (left: Self, right: Self) -> Self {
        Self(low: left.low | right.low, middle: left.middle | right.middle, high: left.high | right.high)
    }

    @inline(__always) static func ^ (left: Self, right: Self) -> Self {
        Self(low: left.low ^ right.low, middle: left.middle ^ right.middle, high: left.high ^ right.high)
    }

    @inline(__always) static prefix func ~ (line: Self) -> Self { Self(low: ~line.low, middle: ~line.middle, high: ~line.high) }

    @inline(__always) func down(_ count: Int) -> Self {
        let count = UInt64(count), carry = 64 - count
        return Self(low: low >> count | middle << carry, middle: middle >> count | high << carry, high: high >> count)
    }

    @inline(__always) func up(_ count: Int) -> Self {
        let count = UInt64(count), carry = 64 - count
        return Self(low: low << count, middle: middle << count | low >> carry, high: high << count | middle >> carry)
    }

    var nonzeroBitCount: Int { low.nonzeroBitCount + middle.nonzeroBitCount + high.nonzeroBitCount }
    var isZero: Bool { low | middle | high == 0 }
    @inline(__always) var lowWord: UInt64 { low }

    @inline(__always) mutating func insert(bit: Int) {
        switch bit >> 6 {
        case 0: low.insert(bit: bit)
        case 1: middle.insert(bit: bit & 63)
        default: high.insert(bit: bit & 63)
        }
    }

    @inline(__always) func contains(bit: Int) -> Bool {
        switch bit >> 6 {
        case 0: low.contains(bit: bit)
        case 1: middle.contains(bit: bit & 63)
        default: high.contains(bit: bit & 63)
        }
    }
}
