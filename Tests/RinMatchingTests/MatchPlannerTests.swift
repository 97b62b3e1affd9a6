import Foundation
import Testing
@testable import RinMatching

/// Automatic merges and suggestions from a batch (docs/RIN.md §2.1 edge cases, §2.3), and the
/// precision rule of `MatchPlanner`.
@Suite struct MatchPlannerTests {
    typealias F = MatchFixture

    /// Puts `existing` in a book, then matches `batch` the way an import does.
    func plan(_ batch: [MatchRecord], existing: [MatchRecord] = [], dismissed: Set<MatchPair> = []) -> MatchPlan {
        var index = MatchIndex(existing)
        index.insert(contentsOf: batch)
        return MatchPlanner.plan(for: batch.map(\.id), in: index, dismissed: dismissed)
    }

    func merged(_ plan: MatchPlan) -> [[Int]] {
        plan.merges.map { [ordinal($0.survivorID), ordinal($0.absorbedID), ordinal($0.linkedID)] }
    }

    func suggested(_ plan: MatchPlan) -> [[Int]] {
        plan.suggestions.map { [ordinal($0.pair.low), ordinal($0.pair.high)] }
    }

    func ordinal(_ id: UUID) -> Int { Int(id.uuidString.suffix(12), radix: 16)! }

    @Test func aSurePairMergesIntoTheOlderContact() {
        let result = plan([F.record(2, "J. Smith", emails: ["js@example.com"], createdAt: 20),
                           F.record(1, "John Smith", emails: ["js@example.com"], createdAt: 30)])
        #expect(merged(result) == [[2, 1, 2]])
        #expect(result.merges[0].verdict.confidence == 0.97)
        #expect(result.suggestions.isEmpty)
        #expect(result.candidatePairs == 1)

        // Created at the same moment: the lower id survives.
        let tie = plan([F.record(2, "John Smith", emails: ["js@example.com"], createdAt: 5),
                        F.record(1, "John Smith", emails: ["js@example.com"], createdAt: 5)])
        #expect(merged(tie) == [[1, 2, 1]])
    }

    @Test func aChainOfSurePairsIsOneCluster() {
        // 1–2 share an e-mail, 2–3 a phone: 3 is absorbed through 2.
        let result = plan([F.record(3, "John Q. Smith", phones: ["+14155550101"]),
                           F.record(1, "John Smith", emails: ["js@example.com"]),
                           F.record(2, "J. Smith", emails: ["js@example.com"], phones: ["+14155550101"])])
        #expect(merged(result) == [[1, 2, 1], [1, 3, 2]])
        #expect(result.survivor(of: F.id(3)) == F.id(1))
        #expect(result.survivors == [F.id(2): F.id(1), F.id(3): F.id(1)])
    }

    @Test func anInitialSureAgainstTwoPeopleMergesWithNeither() {
        // A household phone: J. could be John or Jane.
        let result = plan([F.record(1, "John Smith", phones: ["+14155550101"]),
                           F.record(2, "Jane Smith", phones: ["+14155550101"]),
                           F.record(3, "J. Smith", phones: ["+14155550101"])])
        #expect(result.merges.isEmpty)
        #expect(suggested(result) == [[1, 3], [2, 3]])
        #expect(result.suggestions.allSatisfy { $0.isHeldBack && $0.confidence == 0.85 })
    }

    @Test func aNamelessCardOnAHouseholdPhoneMergesWithNobody() {
        let result = plan([F.record(3, "", phones: ["+14155550101"])],
                          existing: [F.record(1, "John Smith", phones: ["+14155550101"]), F.record(2, "Jane Smith", phones: ["+14155550101"])])
        #expect(result.merges.isEmpty)
        #expect(suggested(result) == [[1, 3], [2, 3]])
    }

    @Test func aClusterWithTwoPeopleInItDoesNotMerge() {
        // 1–2 by e-mail, 2–3 by phone, 3–4 by e-mail; no card is sure against both John and Jane,
        // but John and Jane would end up in one contact.
        let result = plan([F.record(1, "John Smith", emails: ["a@example.com"]),
                           F.record(2, "J. Smith", emails: ["a@example.com"], phones: ["+14155550101"]),
                           F.record(3, "J. Smith", emails: ["c@example.com"], phones: ["+14155550101"]),
                           F.record(4, "Jane Smith", emails: ["c@example.com"])])
        #expect(result.merges.isEmpty)
        #expect(suggested(result) == [[1, 2], [2, 3], [3, 4]])
    }

    @Test func aBirthdayClashInsideAClusterStopsIt() {
        let result = plan([F.record(1, "John Smith", emails: ["a@example.com"], birthday: "1980-01-01"),
                           F.record(2, "John Smith", emails: ["a@example.com"], phones: ["+14155550101"]),
                           F.record(3, "John Smith", phones: ["+14155550101"], birthday: "1990-01-01")])
        #expect(result.merges.isEmpty)
        // 1–3 share no channel and clash: no row of the table.
        #expect(suggested(result) == [[1, 2], [2, 3]])
    }

    @Test func dismissedPairsAreNeverMergedOrSuggested() {
        let a = F.record(1, "John Smith", emails: ["a@example.com"]), b = F.record(2, "John Smith", emails: ["a@example.com"])
        let dismissed = plan([a, b], dismissed: [MatchPair(b.id, a.id)])
        #expect(dismissed.merges.isEmpty && dismissed.suggestions.isEmpty)

        // And they may not end up in one contact through a third.
        let c = F.record(3, "John Smith", emails: ["a@example.com"])
        let through = plan([c], existing: [a, b], dismissed: [MatchPair(a.id, b.id)])
        #expect(through.merges.isEmpty)
        #expect(suggested(through) == [[1, 3], [2, 3]])
    }

    @Test func anAmbiguousCardStaysAmbiguousInLaterBatches() {
        // Batch 1: two people of one household. Batch 2: `H. O'Connor` is sure against both and
        // is held back. Batch 3: a second card of Hamish must not take H. with it.
        var index = MatchIndex()
        let first = index.match([F.record(1, "Hamish O'Connor", phones: ["+441616507490"]),
                                 F.record(2, "Harriet O'Connor", phones: ["+441616507490", "+447549522819"])])
        #expect(first.merges.isEmpty)
        let second = index.match([F.record(3, "H O'Connor", phones: ["+441616507490", "+447549522819"])])
        #expect(second.merges.isEmpty)
        #expect(suggested(second) == [[1, 3], [2, 3]])
        let third = index.match([F.record(4, "Hamish O'Connor", phones: ["+441616507490"])])
        #expect(merged(third) == [[1, 4, 1]])
        #expect(index.contains(F.id(3)))
    }

    @Test func aContactAddedByHandMergesOnlyWhenSure() {
        // §2.1: a contact added by hand that later arrives in an import.
        let byHand = F.record(1, "Ada Lovelace", emails: ["ada@example.com"], createdAt: 0)
        let sure = plan([F.record(2, "Ada Lovelace", emails: ["ADA@example.com"], phones: ["+14155550101"], createdAt: 100)], existing: [byHand])
        #expect(merged(sure) == [[1, 2, 1]])

        let notSure = plan([F.record(2, "Ada Lovelace", emails: ["lovelace@example.org"], createdAt: 100)], existing: [byHand])
        #expect(notSure.merges.isEmpty)
        #expect(suggested(notSure) == [[1, 2]])
        #expect(notSure.suggestions[0].confidence == 0.70 && !notSure.suggestions[0].isHeldBack)
    }

    @Test func suggestionsPointAtSurvivorsOnceEachBestFirst() {
        // 2 merges into 1; 3 shares an e-mail with 1 and with 2 under another name (0.75 twice),
        // so one suggestion, 1–3. 4 is a namesake of 1 (0.70).
        let result = plan([F.record(1, "Ada Lovelace", emails: ["ada@example.com", "home@example.com"]),
                           F.record(2, "Ada Lovelace", emails: ["ada@example.com", "family@example.com"]),
                           F.record(3, "Byron Lovelace", emails: ["home@example.com", "family@example.com"]),
                           F.record(4, "Ada Lovelace", emails: ["other@example.org"]),
                           F.record(5, "Ada King", phones: ["+14155550101"]),
                           F.record(6, "Ada Kng", phones: ["+14155550101"])])
        #expect(merged(result) == [[1, 2, 1]])
        #expect(suggested(result) == [[5, 6], [1, 3], [1, 4]])
        #expect(result.suggestions.map(\.confidence) == [0.85, 0.75, 0.70])
        #expect(result.suggestions.allSatisfy { $0.pair.low.isOrdered(before: $0.pair.high) })
    }

    @Test func onlyNewContactsAreMatched() {
        // Two namesakes already in the book were planned when they came; an unrelated batch
        // does not suggest them again.
        let result = plan([F.record(3, "Mary Jones")], existing: [F.record(1, "Ada Lovelace"), F.record(2, "Ada Lovelace")])
        #expect(result == .empty)
        #expect(plan([]) == .empty)
        var index = MatchIndex([F.record(1, "Ada Lovelace")])
        #expect(MatchPlanner.plan(for: [F.id(7)], in: index) == .empty)
        index.insert(F.record(2, "Ada Lovelace"))
        #expect(suggested(MatchPlanner.plan(for: [F.id(2)], in: index)) == [[1, 2]])
    }

    @Test func matchingABatchAppliesItsMerges() {
        var index = MatchIndex([F.record(1, "Ada Lovelace", emails: ["ada@example.com"])])
        let result = index.match([F.record(2, "A. Lovelace", emails: ["ada@example.com"], phones: ["+14155550101"])])
        #expect(merged(result) == [[1, 2, 1]])
        #expect(index.count == 1)
        #expect(index.record(F.id(1))?.phones == ["+14155550101"])
        // The next batch meets the merged contact by the absorbed card's phone.
        let next = index.match([F.record(3, "Ada Lovelace", phones: ["+14155550101"])])
        #expect(merged(next) == [[1, 3, 1]])
    }

    @Test func thePlanDoesNotDependOnOrder() {
        // Families, namesakes and duplicates over shared e-mails and phones.
        var records: [MatchRecord] = []
        let given = ["John", "Jane", "J.", "Joan", "", "Jon"]
        let family = ["Smith", "Smyth", "Jones"]
        for n in 0..<60 {
            let name = given[n % given.count].isEmpty ? "" : "\(given[n % given.count]) \(family[n / 7 % family.count])"
            records.append(F.record(n, name, emails: n % 3 == 0 ? ["p\(n / 5)@example.com"] : [],
                                    phones: n % 2 == 0 ? ["+1415555\(String(format: "%04d", n / 4))"] : [],
                                    birthday: n % 11 == 0 ? "19\(70 + n % 3)-01-01" : nil, createdAt: n / 2))
        }
        let existing = Array(records.prefix(25)), batch = Array(records.dropFirst(25))
        let dismissed: Set<MatchPair> = [MatchPair(F.id(0), F.id(4)), MatchPair(F.id(30), F.id(26))]
        let expected = plan(batch, existing: existing, dismissed: dismissed)
        #expect(!expected.merges.isEmpty && !expected.suggestions.isEmpty)
        #expect(plan(batch.reversed(), existing: existing.reversed(), dismissed: dismissed) == expected)
        // Steps prime to 25 and 35.
        for step in [3, 4, 8, 12] {
            let batchOrder = F.permuted(batch, step: step), existingOrder = F.permuted(existing, step: step)
            #expect(Set(batchOrder.map(\.id)) == Set(batch.map(\.id)) && Set(existingOrder.map(\.id)) == Set(existing.map(\.id)))
            #expect(plan(batchOrder, existing: existingOrder, dismissed: dismissed) == expected, "step \(step)")
        }
    }
}
