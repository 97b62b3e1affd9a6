/// One person's score with every figure it was made of, for the explanations and the stored
/// history (docs/RIN-PART2.md §4.7). All fractions are in 0...1, rounded to three decimals.
public struct RinScoreResult: Hashable, Sendable, Codable {
    public var score: Int
    public var quality: Quality
    public var position: Position
    public var stability: Stability
    public var trust: Trust

    public struct Quality: Hashable, Sendable, Codable {
        public var value: Double
        public var reciprocity: Double
        public var confidence: Double
        public var verifiedCoverage: Double
        public var organised: Double
        public var shrink: Double
        public var links: Int
        public var oneWay: Int
    }

    public struct Position: Hashable, Sendable, Codable {
        public var value: Double
        public var centrality: Double
        /// Two-hop reach, dampened.
        public var reach: Double
        public var bridge: Double
        public var twoHop: Int
    }

    public struct Stability: Hashable, Sendable, Codable {
        public var value: Double
        public var persistence: Double
        public var churn: Double
        public var coreTies: Int
    }

    public struct Trust: Hashable, Sendable, Codable {
        public var value: Double
        /// Points taken by penalties today (all of them, Trust's share included).
        public var penaltyPoints: Double
    }

    /// §4.6's bands.
    public enum Band: String, Hashable, Sendable, Codable {
        case new, building, good, strong
    }

    public var band: Band {
        switch score {
        case 80...: .strong
        case 60..<80: .good
        case 30..<60: .building
        default: .new
        }
    }
}
