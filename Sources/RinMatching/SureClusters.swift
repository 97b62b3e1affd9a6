import Foundation

/// The sure pairs of one plan grouped into clusters that may merge: rules 1 to 4 of `MatchPlanner`.
struct SureClusters {
    let index: MatchIndex
    let dismissed: Set<MatchPair>
    /// Sure neighbours of each contact, the ambiguous ones' pairs already taken out.
    private var neighbours: [UUID: [UUID]] = [:]

    /// - Parameters:
    ///   - sure: this batch's sure pairs, which may merge.
    ///   - elsewhere: sure pairs among contacts already in the book, which only decide rule 2.
    init(_ sure: [MatchPlanner.ScoredPair], elsewhere: [MatchPair], index: MatchIndex, dismissed: Set<MatchPair>) {
        self.index = index
        self.dismissed = dismissed
        var all: [UUID: [UUID]] = [:]
        for pair in sure.map(\.pair) + elsewhere {
            all[pair.low, default: []].append(pair.high)
            all[pair.high, default: []].append(pair.low)
        }
        // Rule 2: decided on all sure pairs at once, so which of two rivals is seen first cannot
        // matter.
        let ambiguous = Set(all.keys.filter { id in
            let linked = all[id] ?? []
            return linked.indices.contains { i in linked[(i + 1)...].contains { !mayBeOnePerson(linked[i], $0) } }
        })
        for item in sure where !ambiguous.contains(item.pair.low) && !ambiguous.contains(item.pair.high) {
            neighbours[item.pair.low, default: []].append(item.pair.high)
            neighbours[item.pair.high, default: []].append(item.pair.low)
        }
    }

    /// Rule 1.
    func mayBeOnePerson(_ a: UUID, _ b: UUID) -> Bool {
        guard !dismissed.contains(MatchPair(a, b)), let left = index.record(a), let right = index.record(b) else { return false }
        let namesAgree = (!left.name.isEmpty && left.fullName == right.fullName) || NameKey.compatible(left.name, right.name)
        return namesAgree && BirthdayAgreement.compare(left.birthday, right.birthday) != .clash
    }

    /// Rules 3 and 4: the merges, cluster by cluster in survivor order.
    /// `sure` is the batch's sure pairs: a merge step is always one of them.
    func merges(sure: [MatchPlanner.ScoredPair]) -> [PlannedMerge] {
        let clusters = clusters()
        if clusters.isEmpty { return [] }
        let verdicts = Dictionary(sure.map { ($0.pair, $0.verdict) }, uniquingKeysWith: { first, _ in first })
        var merges: [PlannedMerge] = []
        for cluster in clusters where isConsistent(cluster) {
            merges += steps(cluster, verdicts: verdicts)
        }
        return merges
    }

    /// The connected groups of two or more, each in survivor order, the groups by their survivor.
    private func clusters() -> [[MatchRecord]] {
        var seen = Set<UUID>()
        var clusters: [[MatchRecord]] = []
        for start in neighbours.keys where !seen.contains(start) {
            var stack = [start]
            var members: [MatchRecord] = []
            seen.insert(start)
            while let id = stack.popLast() {
                if let record = index.record(id) { members.append(record) }
                for next in neighbours[id] ?? [] where seen.insert(next).inserted { stack.append(next) }
            }
            if members.count > 1 { clusters.append(members.sorted { $0.survives(over: $1) }) }
        }
        return clusters.sorted { $0[0].survives(over: $1[0]) }
    }

    private func isConsistent(_ cluster: [MatchRecord]) -> Bool {
        cluster.indices.allSatisfy { i in cluster[(i + 1)...].allSatisfy { mayBeOnePerson(cluster[i].id, $0.id) } }
    }

    /// Rule 4: the oldest member survives; each next member is the oldest one sure against a
    /// member already settled, linked to the first settled of those (the survivor when it is one).
    private func steps(_ cluster: [MatchRecord], verdicts: [MatchPair: MatchVerdict]) -> [PlannedMerge] {
        let survivor = cluster[0].id
        var settled: [UUID] = [survivor]
        var waiting = Array(cluster.dropFirst())
        var steps: [PlannedMerge] = []
        while let next = waiting.firstIndex(where: { member in settled.contains { isLinked(member.id, $0) } }) {
            let member = waiting.remove(at: next)
            guard let linked = settled.first(where: { isLinked(member.id, $0) }),
                  let verdict = verdicts[MatchPair(member.id, linked)] else { continue }
            steps.append(PlannedMerge(survivorID: survivor, absorbedID: member.id, linkedID: linked, verdict: verdict))
            settled.append(member.id)
        }
        return steps
    }

    private func isLinked(_ a: UUID, _ b: UUID) -> Bool { neighbours[a]?.contains(b) ?? false }
}
