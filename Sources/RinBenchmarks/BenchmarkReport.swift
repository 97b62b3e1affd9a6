import Foundation

/// The one JSON object the benchmark prints. Precision and recall are pairwise: every pair of
/// cards put in one contact by automatic merges counts once.
struct BenchmarkReport: Encodable {
    let records: Int
    let truePairs: Int
    /// Pairs blocking gave the scorer.
    let candidatePairs: Int
    let automaticMerges: Int
    let automaticPairs: Int
    let automaticPrecision: Double
    let automaticRecall: Double
    let suggestions: Int
    let suggestionPrecision: Double
    /// True pairs merged automatically or suggested (a suggestion between two merged contacts
    /// covers every pair across them: accepting it joins them).
    let recallWithSuggestions: Double
    let parseMs: Double
    let normaliseMs: Double
    let matchMs: Double
    /// Normalising and matching: what the server's import adds after reading the file.
    let totalMs: Double
    /// Times above are medians of this many runs (the parse is timed once).
    let runs: Int
    /// The fastest and slowest run's normalising + matching, to show how steady the machine was.
    let runSpreadMs: [String: Double]

    init(truth: GroundTruth, outcome: BenchmarkOutcome, parsing: Duration, normalising: Duration, matching: Duration,
         total: Duration, runs: Int, fastest: Duration, slowest: Duration) {
        let automatic = outcome.automaticPairs(truth: truth)
        let found = truth.pairs.map { outcome.isFound($0.0, $0.1) }
        records = outcome.root.count
        truePairs = truth.pairs.count
        candidatePairs = outcome.candidatePairs
        automaticMerges = outcome.mergeCount
        automaticPairs = automatic.all
        automaticPrecision = Self.ratio(automatic.correct, automatic.all)
        automaticRecall = Self.ratio(found.filter(\.automatic).count, truth.pairs.count)
        suggestions = outcome.suggestedRoots.count
        suggestionPrecision = Self.ratio(outcome.correctSuggestions(truth: truth), outcome.suggestedRoots.count)
        recallWithSuggestions = Self.ratio(found.filter(\.suggested).count, truth.pairs.count)
        parseMs = Self.milliseconds(parsing)
        normaliseMs = Self.milliseconds(normalising)
        matchMs = Self.milliseconds(matching)
        totalMs = Self.milliseconds(total)
        self.runs = runs
        runSpreadMs = ["fastest": Self.milliseconds(fastest), "slowest": Self.milliseconds(slowest)]
    }

    /// 1 when there is nothing to count: no merge is a wrong merge.
    private static func ratio(_ part: Int, _ whole: Int) -> Double {
        whole == 0 ? 1 : (Double(part) / Double(whole) * 10_000).rounded() / 10_000
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return ((Double(seconds) * 1_000 + Double(attoseconds) / 1e15) * 10).rounded() / 10
    }
}
