import RinMatching

/// The graph measures Position is made of (docs/RIN-PART2.md §4.3): the ones `networkx` computes
/// as `pagerank(G, alpha=0.85, weight="weight")` and `clustering(G)`, so the benchmark can set
/// ours beside it on the same graph, and two-hop reach.
extension RinGraph {
    /// Weighted PageRank: a walker follows a link with probability proportional to its confidence
    /// (`damping` of the time) or jumps anywhere; someone with no link (none here: everyone in the
    /// graph has one) would spread theirs evenly. A fixed number of power iterations rather than a
    /// tolerance, so the result is the same on every machine. Sums to 1.
    public func pageRank(damping: Double = 0.85, iterations: Int = 100) -> [Double] {
        let n = count
        guard n > 0 else { return [] }
        var strength = [Double](repeating: 0, count: n)
        for person in 0..<n {
            var total = 0.0
            for weight in rowWeights(person) { total += Double(weight) }
            strength[person] = total
        }
        var rank = [Double](repeating: 1 / Double(n), count: n)
        var next = [Double](repeating: 0, count: n)
        for _ in 0..<iterations {
            var dangling = 0.0
            for person in 0..<n where strength[person] == 0 { dangling += rank[person] }
            let base = (1 - damping) / Double(n) + damping * dangling / Double(n)
            for person in 0..<n { next[person] = base }
            for person in 0..<n where strength[person] > 0 {
                let share = damping * rank[person] / strength[person]
                let start = Int(offsets[person]), end = Int(offsets[person + 1])
                for entry in start..<end {
                    next[Int(neighbours[entry])] += share * Double(weights[entry])
                }
            }
            swap(&rank, &next)
        }
        return rank
    }

    /// Each person's local clustering coefficient: of the pairs of their neighbours, the share
    /// linked to each other (unweighted, as `networkx.clustering(G)`); 0 below two neighbours.
    /// Rows are sorted, so each pair count is a merge of two rows.
    public func clustering() -> [Double] {
        clustering(shown: [Bool](repeating: true, count: count))
    }

    /// For each person, how many people are exactly two links away (not them, not a neighbour).
    public func twoHopCounts() -> [Int] {
        twoHopCounts(shown: [Bool](repeating: true, count: count))
    }

    // MARK: - As a person may know it

    /// Clustering as the person may know it (docs/RIN-PART2.md §4.3): a tie between two of their
    /// neighbours counts only when one of the two shows how they connect people (`shows`, by
    /// position); a tie nobody chose to show counts as absent. So Position never tells anyone
    /// whether two of their links know each other unless one of them said so.
    public func clustering(shown shows: [Bool]) -> [Double] {
        (0..<count).map { person in
            let row = self.row(person)
            let k = row.count
            guard k >= 2 else { return 0 }
            var links = 0
            for neighbour in row {
                let showing = shows[Int(neighbour)]
                SortedMerge.forEachShared(row, self.row(Int(neighbour))) { other in
                    if showing || shows[Int(other)] { links += 1 }
                }
            }
            return Double(links) / Double(k * (k - 1))
        }
    }

    /// Two-hop counts as the person may know them: only through neighbours who show how they
    /// connect people, as the network views count them (docs/RIN-PART2.md §3).
    public func twoHopCounts(shown shows: [Bool]) -> [Int] {
        var mark = [Int32](repeating: -1, count: count)
        return (0..<count).map { person in
            let stamp = Int32(person)
            mark[person] = stamp
            for neighbour in row(person) { mark[Int(neighbour)] = stamp }
            var found = 0
            for neighbour in row(person) where shows[Int(neighbour)] {
                for further in row(Int(neighbour)) where mark[Int(further)] != stamp {
                    mark[Int(further)] = stamp
                    found += 1
                }
            }
            return found
        }
    }
}
