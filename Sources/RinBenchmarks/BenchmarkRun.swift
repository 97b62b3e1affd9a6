import RinMatching

/// One timed pass of normalising and matching over the whole book.
struct BenchmarkRun {
    let records: [MatchRecord]
    let normalising: Duration
    let matching: Duration
    let merges: [PlannedMerge]
    let suggestions: [MatchSuggestion]
    let candidatePairs: Int
}
