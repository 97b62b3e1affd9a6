import RinMatching

extension BenchmarkOutcome {
    /// For tuning: the true pairs neither merged nor suggested, and the wrong automatic pairs,
    /// each with its verdict and what the two cards hold.
    func explainMisses(truth: GroundTruth, records: [MatchRecord], limit: Int) -> [String] {
        func describe(_ r: MatchRecord) -> String {
            "\(r.name.given.joined(separator: " "))|\(r.name.family.joined(separator: " ")) \(r.emails) \(r.phones) \(r.organization ?? "-") \(r.birthday.map { "\($0)" } ?? "-")"
        }
        var lines: [String] = []
        var buckets: [String: Int] = [:]
        let missed = truth.pairs.filter { !isFound($0.0, $0.1).suggested }
            .map { ($0.0, $0.1, MatchScorer.verdict(records[$0.0], records[$0.1])) }
            .sorted { $0.2.confidence > $1.2.confidence }
        for (a, b, verdict) in missed {
            let key = "\(verdict.confidence) shared=\(verdict.evidence.sharesChannel) compatible=\(verdict.evidence.compatibleNames)"
            buckets[key, default: 0] += 1
            if lines.count < limit { lines.append("MISSED \(verdict.confidence) \(a) \(b) roots \(root[a]) \(root[b])\n  \(describe(records[a]))\n  \(describe(records[b]))") }
        }
        var wrong = 0
        for members in clusters.values where members.count > 1 {
            for i in members.indices {
                for j in members[(i + 1)...] where !truth.isMatch(members[i], j) {
                    wrong += 1
                    if wrong <= limit { lines.append("WRONG MERGE\n  \(describe(records[members[i]]))\n  \(describe(records[j]))") }
                }
            }
        }
        lines += buckets.sorted { $0.value > $1.value }.map { "missed \($0.value): \($0.key)" }
        var suggested: [String: Int] = [:]
        for pair in suggestedRoots {
            let verdict = MatchScorer.verdict(records[pair.low], records[pair.high])
            let key = "\(verdict.confidence) \(truth.isMatch(pair.low, pair.high) ? "right" : "wrong")"
            suggested[key, default: 0] += 1
        }
        lines += suggested.sorted { $0.key > $1.key }.map { "suggested \($0.value): \($0.key) (roots' own verdict)" }
        return lines
    }
}
