import Foundation

/// Two contacts, unordered: stored as (low, high) by uuid byte order, as `rin_suggestions` keys
/// them, so a pair is the same value whichever side it was found from.
public struct MatchPair: Hashable, Sendable, Codable {
    public let low: UUID
    public let high: UUID

    public init(_ a: UUID, _ b: UUID) {
        if b.isOrdered(before: a) {
            (low, high) = (b, a)
        } else {
            (low, high) = (a, b)
        }
    }

    /// Equal pairs are equal ids; the hash is fed one word folded from both (`tableHash`)
    /// rather than their 32 bytes: the planner keeps its pairs in sets and dictionaries, and
    /// hashing the bytes was a tenth of matching.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(low.tableHash &+ (high.tableHash << 1 | high.tableHash >> 63))
    }

    public func contains(_ id: UUID) -> Bool { low == id || high == id }

    /// The other side of the pair from `id`.
    public func other(than id: UUID) -> UUID { low == id ? high : low }

    /// For sorting lists of pairs the same way on every run.
    func isOrdered(before other: MatchPair) -> Bool {
        low != other.low ? low.isOrdered(before: other.low) : high.isOrdered(before: other.high)
    }
}
