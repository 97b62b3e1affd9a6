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
/// primary profile, or holding an address the other verified (docs/RIN-PART2.md §2.1). It links
/// nobody by itself.
public struct RinEdge: Hashable, Sendable {
    public let holder: UUID
    public let held: UUID
    /// Linked by accepting a card the held person shared: their act as much as the holder's.
    public let viaCard: Bool
    /// Not linked by anyone's act: the contact holds an e-mail address the held person verified.
    /// Sure of who it is, less sure it was meant (0.9, §2.1).
    public let viaVerifiedEmail: Bool
    /// When the holder linked it (for an address: when both the contact and the proof existed).
    public let at: Date

    public init(holder: UUID, held: UUID, viaCard: Bool, viaVerifiedEmail: Bool = false, at: Date) {
        self.holder = holder
        self.held = held
        self.viaCard = viaCard
        self.viaVerifiedEmail = viaVerifiedEmail
        self.at = at
    }

    /// §2.1: 1.0 for a link made by the holder's act, 0.9 when only a verified address matches.
    public var confidence: Double { viaVerifiedEmail ? RinLinkRules.verifiedEmailConfidence : 1 }
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
    /// The lower of its two holdings' (`RinEdge.confidence`); 1.0 for a card.
    public let confidence: Double
    /// When it came to exist: the later of the two holdings, or the card's acceptance.
    public let since: Date
    /// A holding rests on an address its person verified rather than on an act of linking.
    public let byVerifiedEmail: Bool

    public init(pair: RinPair, kind: Kind, confidence: Double = 1, since: Date, byVerifiedEmail: Bool = false) {
        self.pair = pair
        self.kind = kind
        self.confidence = confidence
        self.since = since
        self.byVerifiedEmail = byVerifiedEmail
    }

    /// Made through a verified channel: a card its person shared, or an address they proved
    /// (the score's verified coverage, §4.1).
    public var isVerified: Bool { kind == .card || byVerifiedEmail }
}

/// Links from edges: the one place the rule of §2.1 is written, for the live network views and
/// the daily job alike.
public enum RinLinkRules {
    public struct Result: Sendable {
        /// In pair order.
        public var links: [RinLink]
        /// People each person holds by their own act who do not hold them back (and shared no
        /// card they took); an address alone holding someone is not counted (see `links`).
        public var oneWay: [UUID: Int]
    }

    /// An edge that only a verified address makes (§2.1).
    public static let verifiedEmailConfidence = 0.9

    /// `excluded` pairs (a block either way) neither link nor count as one-way. Edges to oneself
    /// are dropped. A person holding another twice (two cards linked to one profile, or a contact
    /// linked by username that also holds their verified address) counts once: from the earlier,
    /// at the surer of the two.
    public static func links(from edges: some Sequence<RinEdge>, excluding excluded: Set<RinPair> = []) -> Result {
        var pairs: [RinPair: Ways] = [:]
        for edge in edges where edge.holder != edge.held {
            let pair = RinPair(edge.holder, edge.held)
            guard !excluded.contains(pair) else { continue }
            var ways = pairs[pair] ?? Ways()
            if edge.holder == pair.low {
                ways.low.add(edge)
            } else {
                ways.high.add(edge)
            }
            if edge.viaCard { ways.card = earlier(ways.card, edge.at) }
            pairs[pair] = ways
        }
        var result = Result(links: [], oneWay: [:])
        for (pair, ways) in pairs {
            let byEmail = ways.low.byVerifiedEmail || ways.high.byVerifiedEmail
            let mutual: Date? = if let low = ways.low.since, let high = ways.high.since { max(low, high) } else { nil }
            if let card = ways.card {
                result.links.append(RinLink(pair: pair, kind: .card, since: earlier(mutual, card), byVerifiedEmail: byEmail))
            } else if let mutual {
                result.links.append(RinLink(pair: pair, kind: .reciprocal, confidence: min(ways.low.confidence, ways.high.confidence),
                                            since: mutual, byVerifiedEmail: byEmail))
            } else {
                let holding = ways.low.since != nil ? ways.low : ways.high
                // Only a holding by act counts one way. One made by an address alone would tell
                // its holder, through their count or their score, that the address they typed
                // belongs to someone on Rin, which that person never chose to say.
                guard holding.byAct else { continue }
                result.oneWay[ways.low.since != nil ? pair.low : pair.high, default: 0] += 1
            }
        }
        result.links.sort { $0.pair.low != $1.pair.low ? $0.pair.low.isOrdered(before: $1.pair.low) : $0.pair.high.isOrdered(before: $1.pair.high) }
        return result
    }

    /// Which ways a pair holds each other, each from its earliest holding.
    private struct Ways {
        var low = Holding()
        var high = Holding()
        var card: Date?
    }

    /// One side's holdings of the other, taken together.
    private struct Holding {
        var since: Date?
        var confidence = 0.0
        var byVerifiedEmail = false
        /// Some holding was the holder's act (a username or a card), not an address alone.
        var byAct = false

        mutating func add(_ edge: RinEdge) {
            since = RinLinkRules.earlier(since, edge.at)
            confidence = max(confidence, edge.confidence)
            byVerifiedEmail = byVerifiedEmail || edge.viaVerifiedEmail
            byAct = byAct || !edge.viaVerifiedEmail
        }
    }

    private static func earlier(_ date: Date?, _ other: Date) -> Date {
        date.map { min($0, other) } ?? other
    }
}
