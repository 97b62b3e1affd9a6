import Foundation

/// The sure pairs of one plan grouped into clusters that may merge: rules 1 to 4 of `MatchPlanner`.
///
/// A batch has a few dozen sure pairs at most, so the contacts they touch are numbered 0…n−1 (by
/// uuid order) and every step below works on those small numbers in arrays: dictionaries and
/// sets of uuids, each look-up a SipHash of 16 bytes, were a fifth of matching. The links are held
/// flat (each contact's as one run of a shared array, found by an offset), not as an array per
/// contact: those small arrays, made and freed for every batch, were most of this type's cost.
struct SureClusters {
    private let dismissed: Set<MatchPair>
    /// The contacts of all sure pairs, in uuid order: a contact's number is its place here.
    private let ids: [UUID]
    /// `index.record(ids[n])`, read once.
    private let records: [MatchRecord?]
    /// Sure neighbours, the ambiguous ones' pairs already taken out, each with the place of their
    /// pair in `sure` (its verdict is a merge step's): contact n's are
    /// `neighbours[neighbourStart[n]..<neighbourStart[n + 1]]`, in the order of `sure`.
    private let neighbourStart: [Int]
    private let neighbours: [(contact: Int, pair: Int)]
    /// Each contact's place in survivor order (`MatchRecord.survives`) among those the index
    /// holds: clusters are ordered by comparing two numbers, not two records.
    private let rank: [Int]

    /// - Parameters:
    ///   - sure: this batch's sure pairs, which may merge.
    ///   - elsewhere: sure pairs among contacts already in the book, which only decide rule 2.
    init(_ sure: [MatchPlanner.ScoredPair], elsewhere: [MatchPair], index: MatchIndex, dismissed: Set<MatchPair>) {
        self.dismissed = dismissed
        var ids: [UUID] = []
        ids.reserveCapacity(2 * (sure.count + elsewhere.count))
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
        let records = ids.map(index.record)
        self.records = records
        var order = ids.indices.filter { records[$0] != nil }
        order.sort { records[$0].unsafelyUnwrapped.survives(over: records[$1].unsafelyUnwrapped) }
        var rank = [Int](repeating: .max, count: ids.count)
        for (place, contact) in order.enumerated() { rank[contact] = place }
        self.rank = rank

        let numbered = sure.map { (Self.number(of: $0.pair.low, in: ids), Self.number(of: $0.pair.high, in: ids)) }
        let others = elsewhere.map { (Self.number(of: $0.low, in: ids), Self.number(of: $0.high, in: ids)) }
        // Rule 2, decided on all sure pairs at once, so which of two rivals is seen first cannot
        // matter: a contact linked to two that may not be one person is ambiguous.
        let (linkStart, links) = Self.flat(count: ids.count, numbered.indices.map { (numbered[$0], $0) } + others.map { ($0, -1) })
        var ambiguous = [Bool](repeating: false, count: ids.count)
        for contact in ids.indices where linkStart[contact + 1] - linkStart[contact] > 1 {
            let linked = links[linkStart[contact]..<linkStart[contact + 1]]
            ambiguous[contact] = linked.indices.contains { i in
                linked[(i + 1)...].contains { !Self.mayBeOnePerson(linked[i].contact, $0.contact, ids: ids, records: records, dismissed: dismissed) }
            }
        }
        (neighbourStart, neighbours) = Self.flat(count: ids.count, numbered.indices.compactMap { place in
            let (low, high) = numbered[place]
            return ambiguous[low] || ambiguous[high] ? nil : (numbered[place], place)
        })
    }

    /// Each contact's links as one run of a shared array, both ends of every pair, in the pairs'
    /// order: the run of contact n is `links[start[n]..<start[n + 1]]`.
    private static func flat(count: Int, _ pairs: [((Int, Int), Int)]) -> (start: [Int], links: [(contact: Int, pair: Int)]) {
        var start = [Int](repeating: 0, count: count + 1)
        for ((low, high), _) in pairs {
            start[low + 1] += 1
            start[high + 1] += 1
        }
        for contact in 0..<count { start[contact + 1] += start[contact] }
        var next = start
        var links = [(contact: Int, pair: Int)](repeating: (0, 0), count: start[count])
        for ((low, high), place) in pairs {
            links[next[low]] = (high, place)
            next[low] += 1
            links[next[high]] = (low, place)
            next[high] += 1
        }
        return (start, links)
    }

    /// The number of a contact of the pairs `init` was given.
    private static func number(of id: UUID, in ids: [UUID]) -> Int {
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle].isOrdered(before: id) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Rule 1.
    private static func mayBeOnePerson(_ a: Int, _ b: Int, ids: [UUID], records: [MatchRecord?], dismissed: Set<MatchPair>) -> Bool {
        if !dismissed.isEmpty && dismissed.contains(MatchPair(ids[a], ids[b])) { return false }
        guard let left = records[a], let right = records[b] else { return false }
        let namesAgree = (!left.name.isEmpty && left.fullName == right.fullName) || NameKey.compatible(left.name, right.name)
        return namesAgree && BirthdayAgreement.compare(left.birthday, right.birthday) != .clash
    }

    private func mayBeOnePerson(_ a: Int, _ b: Int) -> Bool {
        Self.mayBeOnePerson(a, b, ids: ids, records: records, dismissed: dismissed)
    }

    /// Rules 3 and 4: the merges, cluster by cluster in survivor order.
    /// `sure` is the batch's sure pairs, as given to `init`: a merge step is always one of them.
    func merges(sure: [MatchPlanner.ScoredPair]) -> [PlannedMerge] {
        var merges: [PlannedMerge] = []
        let (members, bounds) = clusters()
        for cluster in bounds {
            let cluster = members[cluster]
            if isConsistent(cluster) { steps(cluster, sure: sure, into: &merges) }
        }
        return merges
    }

    /// The connected groups of two or more, each in survivor order, the groups by their survivor:
    /// every group's members one after another in `members`, each group a range of it.
    private func clusters() -> (members: [Int], bounds: [Range<Int>]) {
        var seen = [Bool](repeating: false, count: ids.count)
        var members: [Int] = [], bounds: [Range<Int>] = [], stack: [Int] = []
        members.reserveCapacity(ids.count)
        for start in ids.indices where !seen[start] && neighbourStart[start] < neighbourStart[start + 1] {
            let first = members.count
            stack.append(start)
            seen[start] = true
            while let contact = stack.popLast() {
                if records[contact] != nil { members.append(contact) }
                for next in neighbours[neighbourStart[contact]..<neighbourStart[contact + 1]] where !seen[next.contact] {
                    seen[next.contact] = true
                    stack.append(next.contact)
                }
            }
            guard members.count - first > 1 else {
                members.removeSubrange(first...)
                continue
            }
            // In survivor order, by insertion: most clusters are two contacts.
            for position in (first + 1)..<members.count {
                let member = members[position]
                var place = position
                while place > first && rank[member] < rank[members[place - 1]] {
                    members[place] = members[place - 1]
                    place -= 1
                }
                members[place] = member
            }
            bounds.append(first..<members.count)
        }
        bounds.sort { rank[members[$0.lowerBound]] < rank[members[$1.lowerBound]] }
        return (members, bounds)
    }

    private func isConsistent(_ cluster: ArraySlice<Int>) -> Bool {
        cluster.indices.allSatisfy { i in cluster[(i + 1)...].allSatisfy { mayBeOnePerson(cluster[i], $0) } }
    }

    /// Rule 4: the oldest member survives; each next member is the oldest one sure against a
    /// member already settled, linked to the first settled of those (the survivor when it is one).
    private func steps(_ cluster: ArraySlice<Int>, sure: [MatchPlanner.ScoredPair], into steps: inout [PlannedMerge]) {
        let survivor = cluster[cluster.startIndex]
        var settled: [Int] = [survivor]
        var waiting = Array(cluster.dropFirst())
        while let next = waiting.firstIndex(where: { member in settled.contains { link(member, $0) != nil } }) {
            let member = waiting.remove(at: next)
            guard let (linked, pair) = settled.lazy.compactMap({ settled in self.link(member, settled).map { (settled, $0) } }).first
            else { continue }
            steps.append(PlannedMerge(survivorID: ids[survivor], absorbedID: ids[member], linkedID: ids[linked],
                                      verdict: sure[pair].verdict))
            settled.append(member)
        }
    }

    /// The place in `sure` of the pair `a`–`b`, when it is a kept sure pair.
    private func link(_ a: Int, _ b: Int) -> Int? {
        neighbours[neighbourStart[a]..<neighbourStart[a + 1]].first { $0.contact == b }?.pair
    }
}
