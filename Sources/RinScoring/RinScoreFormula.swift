import Foundation

/// The Rin Score, exactly as docs/RIN-PART2.md §4 writes it. Every component is rounded to three
/// decimals before it is combined, and the score half away from zero, so the same inputs give
/// the same bytes on every machine.
public enum RinScoreFormula {
    /// Bumped with any change to a formula below (and to docs/RIN-PART2.md and the tests).
    public static let version = "1.0"

    public static let weights = (quality: 0.40, position: 0.30, stability: 0.20, trust: 0.10)
    /// Penalty points counted at most (§4.5).
    public static let penaltyCap = 45.0
    /// The window Stability looks back over (§4.4).
    public static let window = 90

    public static func score(_ inputs: RinScoreInputs) -> RinScoreResult {
        let quality = quality(inputs)
        let position = position(inputs)
        let stability = stability(inputs)
        let points = min(penaltyCap, inputs.penalties.reduce(0) { $0 + $1.points(on: inputs.today) })
        let trust = round3(1 - min(1, points / 30))
        let extra = points - 10 * min(1, points / 30)
        let weighted = weights.quality * quality.value + weights.position * position.value
            + weights.stability * stability.value + weights.trust * trust
        let score = Int(min(100, max(0, (100 * weighted - extra).rounded(.toNearestOrAwayFromZero))))
        return RinScoreResult(score: score, quality: quality, position: position, stability: stability,
                              trust: .init(value: trust, penaltyPoints: round3(points)))
    }

    // MARK: - Quality (§4.2)

    static func quality(_ inputs: RinScoreInputs) -> RinScoreResult.Quality {
        let links = inputs.links
        let count = Double(links.count)
        let reciprocity = links.isEmpty && inputs.oneWay == 0 ? 0 : count / (count + Double(inputs.oneWay))
        let confidence = links.isEmpty ? 0 : links.reduce(0) { $0 + $1.confidence } / count
        // Top ties: the longest-standing, then by the other's id, at most ten.
        let top = links.sorted { ($0.since, $0.other) < ($1.since, $1.other) }.prefix(10)
        let verified = top.isEmpty ? 0 : Double(top.filter(\.isVerified).count) / Double(top.count)
        let organised = links.isEmpty ? 0 : Double(links.filter(\.isOrganised).count) / count
        let shrink = count / (count + 2)
        let value = min(1, shrink * (0.5 * round3(reciprocity) + 0.3 * round3(confidence) + 0.2 * round3(verified))
                        * (1 + 0.05 * round3(organised)))
        return .init(value: round3(value), reciprocity: round3(reciprocity), confidence: round3(confidence),
                     verifiedCoverage: round3(verified), organised: round3(organised), shrink: round3(shrink),
                     links: links.count, oneWay: inputs.oneWay)
    }

    // MARK: - Position (§4.3)

    static func position(_ inputs: RinScoreInputs) -> RinScoreResult.Position {
        let centrality = min(1, log2(1 + max(0, inputs.centrality)) / log2(9))
        let reach = inputs.links.reduce(0) { $0 + $1.confidence } + 0.25 * Double(inputs.twoHop)
        let dampedReach = min(1, (reach / 150).squareRoot())
        let bridge = inputs.links.count < 2 ? 0 : 1 - min(1, max(0, inputs.clustering))
        let value = 0.4 * round3(centrality) + 0.4 * round3(dampedReach) + 0.2 * round3(bridge)
        return .init(value: round3(value), centrality: round3(centrality), reach: round3(dampedReach), bridge: round3(bridge),
                     twoHop: inputs.twoHop)
    }

    // MARK: - Stability (§4.4)

    static func stability(_ inputs: RinScoreInputs) -> RinScoreResult.Stability {
        let today = inputs.today, start = today - window
        let history = inputs.history.filter { $0.since <= today && ($0.endedOn ?? .max) >= start }
        guard !history.isEmpty else { return .init(value: 0, persistence: 0, churn: 0, coreTies: 0) }
        // Present on a day: begun by it and not ended before it.
        let core = history.filter { $0.since <= start && ($0.endedOn ?? .max) > start }
        let persistence: Double
        if core.isEmpty {
            let present = history.filter { $0.endedOn == nil }
            let age = present.isEmpty ? 0 : present.reduce(0) { $0 + Double(today - $1.since) } / Double(present.count)
            persistence = min(1, age / Double(window))
        } else {
            persistence = Double(core.filter { $0.endedOn == nil }.count) / Double(core.count)
        }
        let ended = history.filter { ($0.endedOn ?? .max) <= today }.count
        let churn = Double(ended) / Double(history.count)
        let value = 0.7 * round3(persistence) + 0.3 * (1 - round3(churn))
        return .init(value: round3(value), persistence: round3(persistence), churn: round3(churn), coreTies: core.count)
    }

    static func round3(_ value: Double) -> Double {
        (value * 1000).rounded(.toNearestOrAwayFromZero) / 1000
    }
}
