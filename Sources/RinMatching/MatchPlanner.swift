import Foundation

/// Turns a batch of new contacts into a `MatchPlan`: docs/RIN.md §2.3's automatic merges and
/// suggestions, and §2.1's "a large book matches incrementally, batch by batch".
///
/// Each new contact is scored against the candidates its blocks give (`MatchIndex`): other new
/// contacts and contacts already in the book. Pairs among contacts already in the book were
/// planned when they arrived and are not scored again. A pair dismissed as different people is
/// never scored, merged or suggested.
///
/// **Which sure pairs merge** (our decision, for precision: §2.3 puts a wrong merge above a missed
/// one). Sure pairs chain: a shared family phone makes `John Smith`–`J. Smith` and
/// `J. Smith`–`Jane Smith` both sure, and merging along every link would make John and Jane one
/// person. So:
/// 1. Two contacts *may be one person* when their names are compatible (or the same full name),
///    their birthdays do not clash, and they were never dismissed as different.
/// 2. A contact sure against two contacts that may not be one person is *ambiguous*: it is merged
///    with neither, and its sure pairs become suggestions. Its sure pairs with contacts already in
///    the book count too, not only those found in this batch.
/// 3. The other sure pairs join contacts into clusters. A cluster merges only when every two of its
///    members may be one person; otherwise none of it merges and its sure pairs become suggestions.
/// 4. The oldest member survives, and the others are absorbed one by one, each sure against the
///    survivor or a member absorbed before it.
/// A sure pair held back by 2 or 3 is suggested at `MatchScorer.nearSure`, the table's number for a
/// sure pair with a reason for doubt.
///
/// The plan is the same for the same index and batch whatever order they came in: every list is
/// sorted by survivor order or by uuid before it is walked.
public enum MatchPlanner {
    /// Plans for `newIDs`, which must already be in `index` (insert the batch first, so new
    /// contacts find each other); ids not in the index are ignored.
    public static func plan(for newIDs: some Sequence<UUID>, in index: MatchIndex, dismissed: Set<MatchPair> = []) -> MatchPlan {
        let batch = Batch(newIDs, in: index)
        if batch.ids.isEmpty { return .empty }
        let (scored, candidatePairs) = scorePairs(batch, in: index, dismissed: dismissed)
        let sure = scored.filter { $0.verdict.isSure }
        let clusters = SureClusters(sure, elsewhere: surePairsInBook(touching: sure, batch: batch, in: index, dismissed: dismissed),
                                    index: index, dismissed: dismissed)
        let merges = clusters.merges(sure: sure)
        return MatchPlan(merges: merges, suggestions: suggestions(scored, merges: merges, dismissed: dismissed),
                         candidatePairs: candidatePairs)
    }

    struct ScoredPair {
        let pair: MatchPair
        let verdict: MatchVerdict
    }

    /// The new contacts the index holds, each once, in the order given; and a table to ask
    /// whether a contact is one of them, asked of every candidate (a `SlotTable` rather than a
    /// `Set`, for the reason it exists). A class: the candidate search's closure captured a copy
    /// of the struct, table and all, for every new contact.
    final class Batch {
        // Constants, so that reading them needs no exclusivity check.
        let ids: [UUID]
        private let members: SlotTable<UUID>

        init(_ newIDs: some Sequence<UUID>, in index: MatchIndex) {
            let newIDs = Array(newIDs)
            var members = SlotTable(placeholder: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), capacity: newIDs.count)
            var ids: [UUID] = []
            ids.reserveCapacity(newIDs.count)
            for id in newIDs where index.contains(id) && members[id] == nil {
                members.set(Int32(truncatingIfNeeded: ids.count), for: id)
                ids.append(id)
            }
            self.ids = ids
            self.members = members
        }

        func contains(_ id: UUID) -> Bool { members[id] != nil }
    }

    /// Every pair a new contact forms with its candidates that the table shows, sorted by pair,
    /// and how many pairs were weighed.
    static func scorePairs(_ batch: Batch, in index: MatchIndex, dismissed: Set<MatchPair>) -> ([ScoredPair], Int) {
        var scored: [ScoredPair] = []
        var weighed = 0
        for id in batch.ids {
            guard let record = index.record(id) else { continue }
            index.forEachCandidate(of: record) { candidate in
                // Two new contacts find each other twice; score the pair from its lower id only.
                if !id.isOrdered(before: candidate.id) && batch.contains(candidate.id) { return }
                let pair = MatchPair(id, candidate.id)
                if !dismissed.isEmpty && dismissed.contains(pair) { return }
                weighed += 1
                if let verdict = MatchScorer.shownVerdict(record, candidate) { scored.append(ScoredPair(pair: pair, verdict: verdict)) }
            }
        }
        // In place: `sorted` copied every scored pair, evidence and all, before sorting.
        scored.sort { $0.pair.isOrdered(before: $1.pair) }
        return (scored, weighed)
    }

    /// The sure pairs that contacts already in the book, and touched by this batch's sure pairs,
    /// form with other contacts already in the book. They were not merged when planned (or they
    /// would be one contact now), and they still count for rule 2: `H. O'Connor`, held back as
    /// sure against both `Hamish` and `Harriet O'Connor`, must not merge into Hamish when a second
    /// card of Hamish arrives in a later batch.
    static func surePairsInBook(touching sure: [ScoredPair], batch: Batch, in index: MatchIndex,
                                dismissed: Set<MatchPair>) -> [MatchPair] {
        var touched: [UUID] = []
        for item in sure {
            if !batch.contains(item.pair.low) { touched.append(item.pair.low) }
            if !batch.contains(item.pair.high) { touched.append(item.pair.high) }
        }
        touched.sortUnique { $0.isOrdered(before: $1) }
        var pairs: [MatchPair] = []
        for id in touched {
            guard let record = index.record(id) else { continue }
            index.forEachCandidate(of: record) { candidate in
                if batch.contains(candidate.id) { return }
                let pair = MatchPair(id, candidate.id)
                if (dismissed.isEmpty || !dismissed.contains(pair)) && MatchScorer.isSure(record, candidate) { pairs.append(pair) }
            }
        }
        // Two touched contacts sure against each other found their pair from both sides.
        pairs.sortUnique { $0.isOrdered(before: $1) }
        return pairs
    }

    /// The shown pairs that are not merged, between the contacts they live on as: one per pair,
    /// its best confidence, highest first.
    static func suggestions(_ scored: [ScoredPair], merges: [PlannedMerge], dismissed: Set<MatchPair>) -> [MatchSuggestion] {
        // A plan merges a dozen contacts or so: a scan beats hashing into a dictionary.
        func living(_ id: UUID) -> UUID { merges.first { $0.absorbedID == id }?.survivorID ?? id }
        var shown: [(suggestion: MatchSuggestion, order: Int)] = []
        shown.reserveCapacity(scored.count)
        for item in scored {
            let low = merges.isEmpty ? item.pair.low : living(item.pair.low)
            let high = merges.isEmpty ? item.pair.high : living(item.pair.high)
            if low == high { continue }
            let pair = MatchPair(low, high)
            if !dismissed.isEmpty && dismissed.contains(pair) { continue }
            let heldBack = item.verdict.tier == .automatic
            shown.append((MatchSuggestion(pair: pair, confidence: heldBack ? MatchScorer.nearSure : item.verdict.confidence,
                                          evidence: item.verdict.evidence, isHeldBack: heldBack), shown.count))
        }
        // One per pair: its best confidence, and on equal confidence the evidence of the pair
        // that came first in `scored` (sorted, so the choice is the same on every run).
        shown.sortUnique(by: { a, b in
            if a.suggestion.pair != b.suggestion.pair { return a.suggestion.pair.isOrdered(before: b.suggestion.pair) }
            if a.suggestion.confidence != b.suggestion.confidence { return a.suggestion.confidence > b.suggestion.confidence }
            return a.order < b.order
        }, isSame: { $0.suggestion.pair == $1.suggestion.pair })
        return shown.map(\.suggestion).sorted {
            $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.pair.isOrdered(before: $1.pair)
        }
    }
}
