import Foundation

/// The sure pairs of one plan grouped into clusters that may merge: rules 1 to 4 of `MatchPlanner`.
///
/// A batch has a few dozen sure pairs at most, so the contacts they touch are numbered 0…n−1 (by
/// uuid order) and every step below works on those small numbers in arrays: dictionaries and
/// sets of uuids, each look-up a SipHash of 16 bytes, were a fifth of matching.
struct SureClusters {
    private let dismissed: Set<MatchPair>
    /// The contacts of all sure pairs, in uuid order: a contact's number is its place here.
    private let ids: [UUID]
    /// `index.record(ids[n])`, read once.
    private let records: [MatchRecord?]
    /// Sure neighbours of each contact, the ambiguous ones' pairs already taken out, each with
    /// the place of their pair in `sure` (its verdict is a merge step's).
    private var neighbours: [[(contact: Int, pair: Int)]]

    /// - Parameters:
    ///   - sure: this batch's sure pairs, which may merge.
    ///   - elsewhere: sure pairs among contacts already in the book, which only decide rule 2.
    init(_ sure: [MatchPlanner.ScoredPair], elsewhere: [MatchPair], index: MatchIndex, dismissed: Set<MatchPair>) {
        self.dismissed = dismissed
        var ids: [UUID] = []
        ids.reserveCapacity(2 * (sure.count + elsewhere.count))
        // Appended one by one: `ids += [low, high]` made an array of two for every pair.
        for item in sure {
            ids.append(item.pair.low)
            ids.append(item.pair.high)
        }
        for pair in elsewhere {
            ids.append(pair.low)
            ids.append(pair.high)
        }
        ids.sortUnique { $0.isOrdered(before: $1) }
        self.ids = ids
        records = ids.map(index.record)
        neighbours = Array(repeating: [], count: ids.count)

        var all: [[Int]] = Array(repeating: [], count: ids.count)
        let numbered = sure.map { (number(of: $0.pair.low), number(of: $0.pair.high)) }
        for (low, high) in numbered {
            all[low].append(high)
            all[high].append(low)
        }
        for pair in elsewhere {
            let (low, high) = (number(of: pair.low), number(of: pair.high))
            all[low].append(high)
            all[high].append(low)
        }
        // Rule 2: decided on all sure pairs at once, so which of two rivals is seen first cannot
        // matter.
        let ambiguous = all.map { linked in
            linked.indices.contains { i in linked[(i + 1)...].contains { !mayBeOnePerson(linked[i], $0) } }
        }
        for (place, (low, high)) in numbered.enumerated() where !ambiguous[low] && !ambiguous[high] {
            neighbours[low].append((high, place))
            neighbours[high].append((low, place))
        }
    }

    /// The number of a contact of the pairs `init` was given.
    private func number(of id: UUID) -> Int {
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle].isOrdered(before: id) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Rule 1.
    private func mayBeOnePerson(_ a: Int, _ b: Int) -> Bool {
        if !dismissed.isEmpty && dismissed.contains(MatchPair(ids[a], ids[b])) { return false }
        guard let left = records[a], let right = records[b] else { return false }
        let namesAgree = (!left.name.isEmpty && left.fullName == right.fullName) || NameKey.compatible(left.name, right.name)
        return namesAgree && BirthdayAgreement.compare(left.birthday, right.birthday) != .clash
    }

    /// Rules 3 and 4: the merges, cluster by cluster in survivor order.
    /// `sure` is the batch's sure pairs, as given to `init`: a merge step is always one of them.
    func merges(sure: [MatchPlanner.ScoredPair]) -> [PlannedMerge] {
        var merges: [PlannedMerge] = []
        for cluster in clusters() where isConsistent(cluster) {
            merges += steps(cluster, sure: sure)
        }
        return merges
    }

    /// The connected groups of two or more, each in survivor order, the groups by their survivor.
    private func clusters() -> [[Int]] {
        var seen = Array(repeating: false, count: ids.count)
        var clusters: [[Int]] = []
        for start in neighbours.indices where !seen[start] && !neighbours[start].isEmpty {
            var stack = [start]
            var members: [Int] = []
            seen[start] = true
            while let contact = stack.popLast() {
                if records[contact] != nil { members.append(contact) }
                for next in neighbours[contact] where !seen[next.contact] {
                    seen[next.contact] = true
                    stack.append(next.contact)
                }
            }
            guard members.count > 1 else { continue }
            // Sorted in place: most clusters are two cards, and `sorted` made a new array of each.
            members.sort { survives($0, over: $1) }
            clusters.append(members)
        }
        clusters.sort { survives($0[0], over: $1[0]) }
        return clusters
    }

    private func survives(_ a: Int, over b: Int) -> Bool {
        guard let left = records[a], let right = records[b] else { return false }
        return left.survives(over: right)
    }

    private func isConsistent(_ cluster: [Int]) -> Bool {
        cluster.indices.allSatisfy { i in cluster[(i + 1)...].allSatisfy { mayBeOnePerson(cluster[i], $0) } }
    }

    /// Rule 4: the oldest member survives; each next member is the oldest one sure against a
    /// member already settled, linked to the first settled of those (the survivor when it is one).
    private func steps(_ cluster: [Int], sure: [MatchPlanner.ScoredPair]) -> [PlannedMerge] {
        let survivor = cluster[0]
        var settled: [Int] = [survivor]
        var waiting = Array(cluster.dropFirst())
        var steps: [PlannedMerge] = []
        while let next = waiting.firstIndex(where: { member in settled.contains { link(member, $0) != nil } }) {
            let member = waiting.remove(at: next)
            guard let (linked, pair) = settled.lazy.compactMap({ settled in self.link(member, settled).map { (settled, $0) } }).first
            else { continue }
            steps.append(PlannedMerge(survivorID: ids[survivor], absorbedID: ids[member], linkedID: ids[linked],
                                      verdict: sure[pair].verdict))
            settled.append(member)
        }
        return steps
    }

    /// The place in `sure` of the pair `a`–`b`, when it is a kept sure pair.
    private func link(_ a: Int, _ b: Int) -> Int? { neighbours[a].first { $0.contact == b }?.pair }
}
