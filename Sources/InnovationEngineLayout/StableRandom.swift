import Foundation

// Everything in this file exists so that a layout is bit-for-bit identical on every device,
// every process and every reload. Swift's `Hasher` is randomly seeded per process, `Float.random`
// draws from the system generator, and libm's `sin`/`cos` differ in the last bit between Darwin and
// glibc — so none of them may feed the layout. We use only integer arithmetic and the IEEE-754
// basic operations (+ − × ÷ sqrt, rounding), which are correctly rounded on every platform.

/// Fixed, platform-independent hashing of identifiers (FNV-1a, 64-bit).
enum StableHash {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a over the 16 raw UUID bytes, optionally salted so one id can seed several streams.
    static func fnv1a(_ id: UUID, salt: UInt64 = 0) -> UInt64 {
        var h = offsetBasis
        // Salt first (8 bytes, little-endian order fixed by the shifts, not by the host).
        for shift in stride(from: 0, to: 64, by: 8) {
            h ^= (salt >> UInt64(shift)) & 0xff
            h &*= prime
        }
        // `uuid_t` is a homogeneous tuple of 16 UInt8, laid out contiguously in declaration order.
        withUnsafeBytes(of: id.uuid) { bytes in
            for b in bytes {
                h ^= UInt64(b)
                h &*= prime
            }
        }
        return h
    }

    /// Mixes two integers into one well-distributed 64-bit value (SplitMix64 finaliser).
    static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var s = SplitMix64(seed: a ^ (b &* 0x9e37_79b9_7f4a_7c15))
        return s.next()
    }
}

/// A total order on UUIDs by their raw bytes (big-endian halves). Used instead of `UUID: Comparable`
/// (availability differs between platforms) and instead of `uuidString` (slow, allocation-heavy).
struct UUIDKey: Comparable, Hashable, Sendable {
    let hi: UInt64
    let lo: UInt64

    init(_ id: UUID) {
        let u = id.uuid
        hi = UInt64(u.0) << 56 | UInt64(u.1) << 48 | UInt64(u.2) << 40 | UInt64(u.3) << 32
            | UInt64(u.4) << 24 | UInt64(u.5) << 16 | UInt64(u.6) << 8 | UInt64(u.7)
        lo = UInt64(u.8) << 56 | UInt64(u.9) << 48 | UInt64(u.10) << 40 | UInt64(u.11) << 32
            | UInt64(u.12) << 24 | UInt64(u.13) << 16 | UInt64(u.14) << 8 | UInt64(u.15)
    }

    static func < (a: UUIDKey, b: UUIDKey) -> Bool { a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo }
}

/// SplitMix64 (Steele, Lea & Flood 2014): tiny, fast, and fully specified, so every platform
/// produces the same stream for the same seed. Public so benchmarks and tests can make
/// reproducible networks with the same generator.
public struct SplitMix64: Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1): the top 53 bits scaled exactly (no rounding-mode dependence).
    public mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
}

/// Trigonometry from basic operations only, so angles cannot differ between libms.
enum StableMath {
    static let twoPi = 6.283_185_307_179_586_476_9

    /// (sin, cos) of an angle given in turns (1 turn = 2π). Accurate to ~1e-15, deterministic.
    static func sinCos(turns: Double) -> (sin: Double, cos: Double) {
        // Reduce to the nearest quarter turn, leaving |r| ≤ π/4 where the Taylor series converges fast.
        let quarters = (turns * 4).rounded(.toNearestOrEven)
        let r = (turns - quarters * 0.25) * twoPi
        let r2 = r * r
        // sin r = r − r³/3! + …, cos r = 1 − r²/2! + …; 11 terms each is far below double precision at π/4.
        var s = r, c = 1.0, termS = r, termC = 1.0
        var k = 1.0
        for _ in 0..<11 {
            termS = -termS * r2 / ((2 * k) * (2 * k + 1))
            termC = -termC * r2 / ((2 * k - 1) * (2 * k))
            s += termS
            c += termC
            k += 1
        }
        // Rotate back by the removed quarter turns. `quarters` is an exact small integer in Double.
        let q = Int(quarters.truncatingRemainder(dividingBy: 4))
        switch (q + 4) % 4 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }
}
