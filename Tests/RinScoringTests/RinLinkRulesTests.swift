import Foundation
import SeededRandom
import Testing
@testable import RinScoring

/// Who is linked to whom, from who holds whom (docs/RIN-PART2.md §2.1).
@Suite struct RinLinkRulesTests {
    static let (a, b, c, d, e) = (RinGraphTests.a, RinGraphTests.b, RinGraphTests.c, RinGraphTests.d, RinGraphTests.e)

    static func day(_ n: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(n) * 86_400) }

    static func holds(_ holder: UUID, _ held: UUID, card: Bool = false, on n: Int) -> RinEdge {
        RinEdge(holder: holder, held: held, viaCard: card, at: day(n))
    }

    @Test func anAddressTheyVerifiedHoldsThemLessSurely() {
        let byEmail = RinEdge(holder: Self.a, held: Self.b, viaCard: false, viaVerifiedEmail: true, at: Self.day(2))
        // b holds a by username: the link is as sure as its less sure side, and verified.
        var result = RinLinkRules.links(from: [byEmail, Self.holds(Self.b, Self.a, on: 4)])
        #expect(result.links == [RinLink(pair: RinPair(Self.a, Self.b), kind: .reciprocal, confidence: 0.9, since: Self.day(4), byVerifiedEmail: true)])
        #expect(result.links.first?.isVerified == true)
        // a also holds b by username: that side is sure; the address still says it was proven.
        result = RinLinkRules.links(from: [byEmail, Self.holds(Self.a, Self.b, on: 3), Self.holds(Self.b, Self.a, on: 4)])
        #expect(result.links.first?.confidence == 1 && result.links.first?.byVerifiedEmail == true)
        #expect(result.links.first?.since == Self.day(4))
        // An address alone, one way, links nobody, and is not even counted one way: the count
        // would tell a that the address is someone's on Rin.
        result = RinLinkRules.links(from: [byEmail])
        #expect(result.links.isEmpty && result.oneWay.isEmpty)
        result = RinLinkRules.links(from: [byEmail, Self.holds(Self.a, Self.b, on: 3)])
        #expect(result.oneWay == [Self.a: 1], "held by username too, it counts as any holding by act")
        // A link by username on both sides is sure and not verified.
        result = RinLinkRules.links(from: [Self.holds(Self.a, Self.b, on: 1), Self.holds(Self.b, Self.a, on: 1)])
        #expect(result.links.first?.confidence == 1 && result.links.first?.isVerified == false)
    }

    @Test func holdingEachOtherLinksFromTheLaterHolding() {
        let result = RinLinkRules.links(from: [Self.holds(Self.b, Self.a, on: 3), Self.holds(Self.a, Self.b, on: 5)])
        #expect(result.links == [RinLink(pair: RinPair(Self.a, Self.b), kind: .reciprocal, since: Self.day(5))])
        #expect(result.oneWay.isEmpty)
    }

    @Test func holdingSomeoneAloneLinksNobodyAndCountsAsOneWay() {
        let result = RinLinkRules.links(from: [Self.holds(Self.c, Self.a, on: 1), Self.holds(Self.c, Self.b, on: 2), Self.holds(Self.d, Self.c, on: 2)])
        #expect(result.links.isEmpty)
        #expect(result.oneWay == [Self.c: 2, Self.d: 1], "only the holder's count grows; the held learn nothing")
    }

    @Test func takingACardSomeoneSharedLinksAtOnce() {
        // a took d's card on day 4; d never held a.
        var result = RinLinkRules.links(from: [Self.holds(Self.a, Self.d, card: true, on: 4)])
        #expect(result.links == [RinLink(pair: RinPair(Self.a, Self.d), kind: .card, since: Self.day(4))])
        #expect(result.oneWay.isEmpty)
        // Held each other since day 6, and a card taken on day 9: the link began on day 6, and it is
        // a card link (a verified channel).
        result = RinLinkRules.links(from: [Self.holds(Self.a, Self.d, on: 2), Self.holds(Self.d, Self.a, on: 6), Self.holds(Self.d, Self.a, card: true, on: 9)])
        #expect(result.links == [RinLink(pair: RinPair(Self.a, Self.d), kind: .card, since: Self.day(6))])
    }

    @Test func twoCardsOfOnePersonCountOnceFromTheEarlier() {
        let result = RinLinkRules.links(from: [Self.holds(Self.a, Self.b, on: 7), Self.holds(Self.a, Self.b, on: 2), Self.holds(Self.b, Self.a, on: 1)])
        #expect(result.links.map(\.since) == [Self.day(2)])
    }

    @Test func anExcludedPairNeitherLinksNorCounts() {
        let blocked = RinPair(Self.b, Self.a)
        let result = RinLinkRules.links(from: [Self.holds(Self.a, Self.b, on: 1), Self.holds(Self.b, Self.a, on: 1), Self.holds(Self.a, Self.c, card: true, on: 1),
                                              Self.holds(Self.b, Self.e, on: 1), Self.holds(Self.a, Self.a, card: true, on: 1)],
                                        excluding: [blocked, RinPair(Self.e, Self.b)])
        #expect(result.links.map(\.pair) == [RinPair(Self.a, Self.c)], "a link to oneself is no link either")
        #expect(result.oneWay.isEmpty)
    }

    @Test func anyInputOrderGivesTheSameLinksInPairOrder() {
        var random = SplitMix64(seed: 13)
        let people = (0..<40).map { n in UUID(uuid: (UInt8(n), UInt8.random(in: 0...255, using: &random), 2, 3, 4, 5, 0x40, 7, 0x80, 9, 10, 11, 12, 13, 14, 15)) }
        var edges: [RinEdge] = []
        for _ in 0..<400 {
            let holder = people.randomElement(using: &random)!, held = people.randomElement(using: &random)!
            edges.append(RinEdge(holder: holder, held: held, viaCard: Bool.random(using: &random), at: Self.day(Int.random(in: 0..<30, using: &random))))
        }
        let once = RinLinkRules.links(from: edges)
        for _ in 0..<5 {
            let again = RinLinkRules.links(from: edges.shuffled(using: &random))
            #expect(again.links == once.links && again.oneWay == once.oneWay)
        }
        #expect(zip(once.links, once.links.dropFirst()).allSatisfy { RinPair($0.pair.low, $1.pair.low).low == $0.pair.low }, "in order of the pairs' first person")
        #expect(once.links.allSatisfy { $0.pair.low != $0.pair.high && RinPair($0.pair.high, $0.pair.low) == $0.pair })
    }
}
