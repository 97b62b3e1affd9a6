import Foundation
import SeededRandom
import Testing
@testable import RinScoring

/// The graph and its measures on graphs small enough to work out by hand (docs/RIN-PART2.md §4.3).
@Suite struct RinGraphTests {
    /// Five people whose ids sort as a < b < c < d < e.
    static let (a, b, c, d, e) = (id(1), id(2), id(3), id(4), id(5))

    static func id(_ n: UInt8) -> UUID {
        UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, n))
    }

    @Test func linksInAnyOrderMakeOneGraph() {
        let links = [RinGraphLink(Self.c, Self.a), RinGraphLink(Self.a, Self.b, confidence: 0.9), RinGraphLink(Self.b, Self.a, confidence: 1),
                     RinGraphLink(Self.d, Self.d), RinGraphLink(Self.b, Self.c, confidence: 4)]
        let graph = RinGraph(links: links)
        #expect(graph.people == [Self.a, Self.b, Self.c], "a link to oneself makes no one a member")
        #expect(Array(graph.row(0)) == [1, 2] && Array(graph.row(1)) == [0, 2] && Array(graph.row(2)) == [0, 1])
        #expect(Array(graph.rowWeights(0)) == [1, 1], "a pair given twice keeps its higher confidence")
        #expect(Array(graph.rowWeights(1)) == [1, 1], "a confidence above 1 is clamped")
        #expect(graph.position(of: Self.d) == nil && graph.degree(0) == 2)
    }

    /// A star: c at the centre of a, b and d. By hand, with damping 0.85, a leaf x and the centre
    /// y satisfy x = 0.15/4 + 0.85·y/3 and y = 0.15/4 + 0.85·3x: y = 0.47973, x = 0.17342.
    @Test func pageRankOfAStar() {
        let graph = RinGraph(links: [RinGraphLink(Self.c, Self.a), RinGraphLink(Self.c, Self.b), RinGraphLink(Self.c, Self.d)])
        let rank = graph.pageRank()
        #expect(abs(rank.reduce(0, +) - 1) < 1e-12)
        #expect(abs(rank[2] - 0.479_73) < 1e-5)
        for leaf in [0, 1, 3] { #expect(abs(rank[leaf] - 0.173_42) < 1e-5) }
    }

    /// A weaker link carries less of the walk: in a path a – b – c with a–b at 0.5, c ends higher
    /// than a.
    @Test func pageRankFollowsConfidence() {
        let graph = RinGraph(links: [RinGraphLink(Self.a, Self.b, confidence: 0.5), RinGraphLink(Self.b, Self.c)])
        let rank = graph.pageRank()
        #expect(rank[2] > rank[0])
        #expect(rank[1] > rank[2])
    }

    /// A triangle a, b, c with d hanging off a: a's neighbours b, c, d have one linked pair of
    /// three (1/3); b's two neighbours are linked (1); d has one neighbour (0).
    @Test func clusteringAndTwoHops() {
        let graph = RinGraph(links: [RinGraphLink(Self.a, Self.b), RinGraphLink(Self.b, Self.c), RinGraphLink(Self.a, Self.c),
                                     RinGraphLink(Self.a, Self.d)])
        let clustering = graph.clustering()
        #expect(abs(clustering[0] - 1.0 / 3) < 1e-12 && clustering[1] == 1 && clustering[2] == 1 && clustering[3] == 0)
        // Two links away: nobody for a (everyone is a neighbour); d for b and c; b and c for d.
        #expect(graph.twoHopCounts() == [0, 1, 1, 2])
    }

    /// The same links in any order, given twice or not, give bit-identical measures.
    @Test func theSameGraphGivesTheSameBits() {
        var random = SplitMix64(seed: 0x5C0_4E)
        let people = (0..<60).map { _ in UUID(uuid: (UInt8.random(in: 0...255, using: &random), 1, 2, 3, 4, 5, 0x40, 7, 0x80, 9, 10, 11, 12, 13, 14,
                                                     UInt8.random(in: 0...255, using: &random))) }
        var links: [RinGraphLink] = []
        for _ in 0..<300 {
            let (x, y) = (people.randomElement(using: &random)!, people.randomElement(using: &random)!)
            links.append(RinGraphLink(x, y, confidence: [1, 0.9].randomElement(using: &random)!))
        }
        let first = RinGraph(links: links)
        let shuffled = RinGraph(links: links.shuffled(using: &random).map { RinGraphLink($0.b, $0.a, confidence: $0.confidence) })
        #expect(first.people == shuffled.people)
        #expect(first.pageRank() == shuffled.pageRank())
        #expect(first.clustering() == shuffled.clustering())
        #expect(first.twoHopCounts() == shuffled.twoHopCounts())
    }
}
