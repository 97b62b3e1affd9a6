import Foundation
import RinMatching

/// Two people in one order (ids in byte order), whichever way they were given.
public struct RinPair: Hashable, Sendable {
    public let low: UUID
    public let high: UUID

    public init(_ a: UUID, _ b: UUID) {
        (low, high) = a.isOrdered(before: b) ? (a, b) : (b, a)
    }

    public func other(than person: UUID) -> UUID { person == low ? high : low }

    public func contains(_ person: UUID) -> Bool { person == low || person == high }
}

/// One person holding another: a live contact in the holder's primary book linked to the other's
/// primary profile (docs/RIN-PART2.md §2.1). Only the holder's act; it links nobody by itself.
public struct RinEdge: Hashable, Sendable {
    public let holder: UUID
    public let held: UUID
    /// Linked by accepting a card the held person shared: their act as much as the holder's.
    public let viaCard: Bool
    /// When the holder linked it.
    public let at: Date

    public init(holder: UUID, held: UUID, viaCard: Bool, at: Date) {
        self.holder = holder
        self.held = held
        self.viaCard = viaCard
        self.at = at
    }
}

/// A link between two people: both acted (docs/RIN-PART2.md §2.1).
public struct RinLink: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// Each holds the other.
        case reciprocal
        /// One accepted the card the other shared (a verified channel).
        case card
    }

    public let pair: RinPair
    public let kind: Kind
    public let confidence: Double
    /// When it came to exist: the later of the two holdings, or the card's acceptance.
    public let since: Date

    public init(pair: RinPair, kind: Kind, confidence: Double = 1, since: Date) {
        self.pair = pair
        self.kind = kind
        self.confidence = confidence
        self.since = since
    }
}

/// Links from edges: the one place the rule of §2.1 is written, for the live network views and
/// the daily job alike.
public enum RinLinkRules {
    public struct Result: Sendable {
        /// In pair order.
        public var links: [RinLink]
        /// People each person holds who do not hold them back (and shared no card they took).
        public var oneWay: [UUID: Int]
    }

    /// `excluded` pairs (a block either way) neither link nor count as one-way. Edges to oneself
    /// are dropped. A person holding another twice (two cards linked to one profile) counts once,
    /// from the earlier.
    public static func links(from edges: some Sequence<RinEdge>, excluding excluded: Set<RinPair> = []) -> Result {
        var pairs: [RinPair: Ways] = [:]
        for edge in edges where edge.holder != edge.held {
            let pair = RinPair(edge.holder, edge.held)
            guard !excluded.contains(pair) else { continue }
            var ways = pairs[pair] ?? Ways()
            if edge.holder == pair.low {
                ways.lowHolds = earlier(ways.lowHolds, edge.at)
            } else {
                ways.highHolds = earlier(ways.highHolds, edge.at)
            }
            if edge.viaCard { ways.card = earlier(ways.card, edge.at) }
            pairs[pair] = ways
        }
        var result = Result(links: [], oneWay: [:])
        for (pair, ways) in pairs {
            let mutual: Date? = if let low = ways.lowHolds, let high = ways.highHolds { max(low, high) } else { nil }
            if let card = ways.card {
                result.links.append(RinLink(pair: pair, kind: .card, since: earlier(mutual, card)))
            } else if let mutual {
                result.links.append(RinLink(pair: pair, kind: .reciprocal, since: mutual))
            } else {
                let holder = ways.lowHolds != nil ? pair.low : pair.high
                result.oneWay[holder, default: 0] += 1
            }
        }
        result.links.sort { $0.pair.low != $1.pair.low ? $0.pair.low.isOrdered(before: $1.pair.low) : $0.pair.high.isOrdered(before: $1.pair.high) }
        return result
    }

    /// Which ways a pair holds each other, each from its earliest act.
    private struct Ways {
        var lowHolds: Date?
        var highHolds: Date?
        var card: Date?
    }

    private static func earlier(_ date: Date?, _ other: Date) -> Date {
        date.map { min($0, other) } ?? other
    }
}
