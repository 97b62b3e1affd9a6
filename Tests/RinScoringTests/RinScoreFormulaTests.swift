import Testing
@testable import RinScoring

/// Each formula of docs/RIN-PART2.md §4 on inputs worked out by hand, each penalty band and its
/// decay, and the explanations that follow from them.
@Suite struct RinScoreFormulaTests {
    typealias Link = RinScoreInputs.Link
    typealias Interval = RinScoreInputs.Interval

    /// Three links (one of 0.9), one person held one way, one verified tie, two of three in circles.
    static let links = [
        Link(other: "a", confidence: 1, since: 800, isVerified: true, isOrganised: true),
        Link(other: "b", confidence: 1, since: 850, isOrganised: true),
        Link(other: "c", confidence: 0.9, since: 960),
    ]
    /// Present since 800; present on the window's first day (910) and ended within it (950); new
    /// within it (960); ended before it (800).
    static let history = [Interval(since: 800), Interval(since: 850, endedOn: 950), Interval(since: 960), Interval(since: 700, endedOn: 800)]
    static let inputs = RinScoreInputs(today: 1000, links: links, oneWay: 1, centrality: 1, twoHop: 10, clustering: 1.0 / 3, history: history)

    /// r = 3/4; c = 2.9/3 → 0.967; v = 1/3 → 0.333; o = 2/3 → 0.667; s = 3/5.
    /// Q = 0.6 · (0.375 + 0.2901 + 0.0666) · 1.03335 = 0.45366 → 0.454.
    @Test func quality() {
        let q = RinScoreFormula.quality(Self.inputs)
        #expect(q.reciprocity == 0.75 && q.confidence == 0.967 && q.verifiedCoverage == 0.333 && q.organised == 0.667 && q.shrink == 0.6)
        #expect(q.value == 0.454)
        // Nobody at all: no quality, and no division by zero.
        #expect(RinScoreFormula.quality(RinScoreInputs(today: 1000)).value == 0)
        // Top ties are the ten oldest: an eleventh, newer verified tie does not count.
        var many = (0..<10).map { Link(other: "p\($0)", since: 100 + $0) }
        many.append(Link(other: "new", since: 999, isVerified: true))
        #expect(RinScoreFormula.quality(RinScoreInputs(today: 1000, links: many)).verifiedCoverage == 0)
    }

    /// pc = log2(2)/log2(9) = 0.315; reach = sqrt((2.9 + 2.5)/150) = 0.190; b = 1 − 1/3 = 0.667.
    /// P = 0.126 + 0.076 + 0.1334 = 0.3354 → 0.335.
    @Test func position() {
        let p = RinScoreFormula.position(Self.inputs)
        #expect(p.centrality == 0.315 && p.reach == 0.19 && p.bridge == 0.667)
        #expect(p.value == 0.335)
        // Volume is dampened: 600 links reach no more than full marks, and a lone link bridges nothing.
        let crowd = RinScoreInputs(today: 1, links: (0..<600).map { Link(other: "\($0)", since: 0) }, centrality: 100)
        #expect(RinScoreFormula.position(crowd).reach == 1 && RinScoreFormula.position(crowd).centrality == 1)
        #expect(RinScoreFormula.position(RinScoreInputs(today: 1, links: [Self.links[0]])).bridge == 0)
    }

    /// Window 910…1000: core ties {since 800, since 850–950}: persistence 1/2; one of three in the
    /// window ended: churn 0.333. S = 0.35 + 0.2001 = 0.5501 → 0.55.
    @Test func stability() {
        let s = RinScoreFormula.stability(Self.inputs)
        #expect(s.coreTies == 2 && s.persistence == 0.5 && s.churn == 0.333)
        #expect(s.value == 0.55)
        // Newer than the window: persistence is the links' mean age over 90 days (15/90 → 0.167).
        let young = RinScoreInputs(today: 1000, history: [Interval(since: 980), Interval(since: 990)])
        #expect(RinScoreFormula.stability(young).persistence == 0.167)
        #expect(RinScoreFormula.stability(young).value == 0.417)
        #expect(RinScoreFormula.stability(RinScoreInputs(today: 1000)).value == 0)
    }

    @Test(arguments: [
        // (band, resolved days ago or nil, points today)
        (RinPenalty.Band.soft, nil, 8.0), (.soft, 15, 4), (.soft, 30, 0),
        (.moderate, nil, 15), (.moderate, 30, 7.5), (.moderate, 60, 0),
        (.hard, nil, 30), (.hard, 45, 15), (.hard, 89, 30.0 / 90), (.hard, 90, 0),
    ] as [(RinPenalty.Band, Int?, Double)])
    func penaltiesDecayLinearlyOverTheirBandsWindow(band: RinPenalty.Band, ago: Int?, points: Double) {
        let penalty = RinPenalty(band, cause: .upheldDispute, resolvedOn: ago.map { 1000 - $0 })
        #expect(abs(penalty.points(on: 1000) - points) < 1e-12)
    }

    /// W = 0.4·0.454 + 0.3·0.335 + 0.2·0.55 + 0.1·1 = 0.4921 → 49. An unresolved moderate penalty
    /// takes exactly 15: Trust 0.5 (5 points) and 10 from the total → 34.
    @Test func theScoreAndWhatAPenaltyTakes() {
        let clean = RinScoreFormula.score(Self.inputs)
        #expect(clean.score == 49 && clean.trust.value == 1 && clean.band == .building)
        var flagged = Self.inputs
        flagged.penalties = [RinPenalty(.moderate, cause: .unansweredDispute)]
        let result = RinScoreFormula.score(flagged)
        #expect(result.trust.value == 0.5 && result.trust.penaltyPoints == 15)
        #expect(result.score == 34)
        // A hard penalty takes 30; penalties add up to at most 45; the score never goes below 0.
        flagged.penalties = [RinPenalty(.hard, cause: .suspension)]
        #expect(RinScoreFormula.score(flagged).score == 19)
        flagged.penalties = [RinPenalty(.hard, cause: .suspension), RinPenalty(.hard, cause: .suspension)]
        #expect(RinScoreFormula.score(flagged).trust.penaltyPoints == 45)
        #expect(RinScoreFormula.score(flagged).score == 4)
        #expect(RinScoreFormula.score(RinScoreInputs(today: 1, penalties: flagged.penalties)).score == 0)
    }

    @Test func bandsFollowTheProduct() {
        func band(_ score: Int) -> RinScoreResult.Band {
            var result = RinScoreFormula.score(RinScoreInputs(today: 1))
            result.score = score
            return result.band
        }
        #expect([0, 29, 30, 59, 60, 79, 80, 100].map(band) == [.new, .new, .building, .building, .good, .good, .strong, .strong])
    }

    @Test func explanationsNameTheWeakestFirstAndWhatWouldRaiseIt() {
        var flagged = Self.inputs
        flagged.penalties = [RinPenalty(.moderate, cause: .unansweredDispute)]
        let explained = RinScoreFormula.explain(flagged)
        // Shortfalls weighed: Quality 0.546·0.4, Position 0.665·0.3, Stability 0.45·0.2, Trust 0.5·0.1.
        #expect(explained.map(\.component) == [.quality, .position, .stability, .trust])
        #expect(explained[0].summary == "3 of the 4 people on Rin in your book have you in theirs too.")
        #expect(explained[0].toRaise?.hasPrefix("Ask the person you hold on Rin to add you back") == true)
        #expect(explained[3].summary == "A flag on your account lowers your score by 15 points.")
        #expect(explained[3].toRaise?.contains("Answer the open dispute") == true)
        // A resolved penalty says when it will be gone.
        flagged.penalties = [RinPenalty(.soft, cause: .actedOnReport, resolvedOn: 990)]
        #expect(RinScoreFormula.explain(flagged).first { $0.component == .trust }?.toRaise == "It fades by itself: gone in 20 days with no new flag.")
        // A new person is told how to begin.
        let new = RinScoreFormula.explain(RinScoreInputs(today: 1))
        #expect(new.first { $0.component == .quality }?.toRaise == "Share your card link with people you know: each mutual link raises Quality.")
        #expect(new.first { $0.component == .trust }?.toRaise == nil)
    }
}
