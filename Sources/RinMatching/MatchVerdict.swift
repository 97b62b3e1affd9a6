/// The scorer's answer for one pair.
public struct MatchVerdict: Hashable, Sendable, Codable {
    /// One of the numbers in §2.3's score table, or 0 when no row applies.
    public let confidence: Double
    public let tier: MatchTier
    /// §2.3's "sure": a shared e-mail or phone, a compatible name and no birthday clash. The only
    /// way to `.automatic`, whatever the number.
    public let isSure: Bool
    public let evidence: MatchEvidence

    public init(confidence: Double, isSure: Bool, evidence: MatchEvidence) {
        self.confidence = confidence
        self.isSure = isSure
        self.evidence = evidence
        self.tier = MatchScorer.tier(confidence: confidence, isSure: isSure)
    }
}
