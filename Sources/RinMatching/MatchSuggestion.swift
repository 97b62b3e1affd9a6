/// A pair to offer the user: "these may be one person" (§2.3, 70–95 %). Its ids are contacts that
/// are still live once the plan's merges are applied.
public struct MatchSuggestion: Hashable, Sendable, Codable {
    public let pair: MatchPair
    public let confidence: Double
    public let evidence: MatchEvidence
    /// A sure pair the planner did not merge on its own (see `MatchPlanner`): its confidence is
    /// `MatchScorer.nearSure`, the table's number for a sure pair with a reason for doubt.
    public let isHeldBack: Bool

    public init(pair: MatchPair, confidence: Double, evidence: MatchEvidence, isHeldBack: Bool = false) {
        self.pair = pair
        self.confidence = confidence
        self.evidence = evidence
        self.isHeldBack = isHeldBack
    }
}
