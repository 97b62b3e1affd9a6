import Foundation
import RinMatching

/// What the matcher did to the whole file, by card ordinal: the clusters its automatic merges
/// made, and its suggestions between those clusters.
struct BenchmarkOutcome {
    let mergeCount: Int
    let candidatePairs: Int
    /// Cluster root of each ordinal (its final survivor).
    let root: [Int]
    /// Suggested pairs of roots, (lower, higher); a suggestion whose two sides were merged later
    /// is gone.
    let suggestedRoots: Set<Pair>

    struct Pair: Hashable {
        let low: Int
        let high: Int
        init(_ a: Int, _ b: Int) { (low, high) = a < b ? (a, b) : (b, a) }
    }

    init(recordCount: Int, merges: [PlannedMerge], suggestions: [MatchSuggestion], candidatePairs: Int) {
        var parent = Array(0..<recordCount)
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        for merge in merges {
            let survivor = find(BenchmarkIDs.ordinal(merge.survivorID)), absorbed = find(BenchmarkIDs.ordinal(merge.absorbedID))
            // The survivor is the older card, so a cluster's root is its lowest ordinal.
            parent[max(survivor, absorbed)] = min(survivor, absorbed)
        }
        let root = (0..<recordCount).map(find)
        var suggested = Set<Pair>()
        for suggestion in suggestions {
            let a = root[BenchmarkIDs.ordinal(suggestion.pair.low)], b = root[BenchmarkIDs.ordinal(suggestion.pair.high)]
            if a != b { suggested.insert(Pair(a, b)) }
        }
        self.mergeCount = merges.count
        self.candidatePairs = candidatePairs
        self.root = root
        self.suggestedRoots = suggested
    }

    var clusters: [Int: [Int]] {
        Dictionary(grouping: root.indices, by: { root[$0] })
    }

    func isFound(_ a: Int, _ b: Int) -> (automatic: Bool, suggested: Bool) {
        let automatic = root[a] == root[b]
        return (automatic, automatic || suggestedRoots.contains(Pair(root[a], root[b])))
    }

    /// Pairwise counts of the automatic clusters: all pairs inside them, and the true ones.
    func automaticPairs(truth: GroundTruth) -> (all: Int, correct: Int) {
        var all = 0, correct = 0
        for members in clusters.values where members.count > 1 {
            for i in members.indices {
                for j in members[(i + 1)...] {
                    all += 1
                    if truth.isMatch(members[i], j) { correct += 1 }
                }
            }
        }
        return (all, correct)
    }

    /// Suggestions whose two clusters hold the same entity.
    func correctSuggestions(truth: GroundTruth) -> Int {
        let clusters = clusters
        return suggestedRoots.filter { pair in
            let left = Set((clusters[pair.low] ?? []).compactMap { truth.entities[$0] })
            return (clusters[pair.high] ?? []).contains { truth.entities[$0].map(left.contains) ?? false }
        }.count
    }
}
