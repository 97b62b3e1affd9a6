import Foundation
@testable import InnovationEngineLayout
import Testing

/// Tests for the constellation layout. No timing assertions (see InnovationEngineBenchmarks).
@Suite("NetworkLayout")
struct NetworkLayoutTests {
    // MARK: - Fixtures

    /// Deterministic UUIDs from a seeded generator, so fixtures are identical on every run.
    static func uuid(_ rng: inout SplitMix64) -> UUID {
        let a = rng.next(), b = rng.next()
        func byte(_ v: UInt64, _ k: Int) -> UInt8 { UInt8(truncatingIfNeeded: v >> UInt64(56 - 8 * k)) }
        return UUID(uuid: (byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3), byte(a, 4), byte(a, 5), byte(a, 6), byte(a, 7),
                           byte(b, 0), byte(b, 1), byte(b, 2), byte(b, 3), byte(b, 4), byte(b, 5), byte(b, 6), byte(b, 7)))
    }

    struct Fixture {
        var me: UUID
        var connections: [UUID]
        var links: [(UUID, UUID)]
        var cluster: [UUID: Int]
        var graph: NetworkGraph { NetworkGraph(me: me, connections: connections, links: links) }
    }

    /// `people` connections in communities of 4–30, densely linked inside, a few bridges between
    /// communities, and ~10% who know nobody else.
    static func clustered(people: Int, seed: UInt64) -> Fixture {
        var rng = SplitMix64(seed: seed)
        let me = uuid(&rng)
        let connections = (0..<people).map { _ in uuid(&rng) }
        var links: [(UUID, UUID)] = []
        var cluster: [UUID: Int] = [:]
        var start = 0, label = 0
        let grouped = people - people / 10
        while start < grouped {
            let size = min(4 + Int(rng.next() % 27), grouped - start)
            let members = Array(connections[start..<(start + size)])
            for (i, a) in members.enumerated() {
                cluster[a] = label
                for _ in 0..<2 where size > 1 {
                    let j = Int(rng.next() % UInt64(size))
                    if j != i { links.append((a, members[j])) }
                }
            }
            start += size
            label += 1
        }
        for _ in 0..<(people / 20) where grouped > 1 {
            links.append((connections[Int(rng.next() % UInt64(grouped))], connections[Int(rng.next() % UInt64(grouped))]))
        }
        return Fixture(me: me, connections: connections, links: links, cluster: cluster)
    }

    static func distance(_ a: LayoutPoint, _ b: LayoutPoint) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// Smallest pairwise distance by a sorted sweep on x (near-linear for spread-out points).
    static func minimumDistance(_ points: [LayoutPoint]) -> Double {
        let sorted = points.sorted { $0.x < $1.x }
        var best = Double.infinity
        for i in sorted.indices {
            var j = i + 1
            while j < sorted.count, sorted[j].x - sorted[i].x < best {
                best = min(best, distance(sorted[i], sorted[j]))
                j += 1
            }
        }
        return best
    }

    static func bits(_ points: [LayoutPoint]) -> [UInt64] {
        points.flatMap { [$0.x.bitPattern, $0.y.bitPattern] }
    }

    // MARK: - Determinism

    @Test func sameGraphTwiceGivesBitIdenticalCoordinates() {
        let graph = Self.clustered(people: 300, seed: 1).graph
        let first = NetworkLayout.orderedLayout(graph)
        let second = NetworkLayout.orderedLayout(graph)
        #expect(Self.bits(first) == Self.bits(second))
        #expect(first.map(\.id) == second.map(\.id))
    }

    @Test func inputOrderDuplicatesAndLinkDirectionDoNotMatter() {
        let fixture = Self.clustered(people: 400, seed: 2)
        var rng = SplitMix64(seed: 99)
        var connections = fixture.connections
        for i in stride(from: connections.count - 1, to: 0, by: -1) {
            connections.swapAt(i, Int(rng.next() % UInt64(i + 1)))
        }
        var links = fixture.links.map { rng.next() & 1 == 0 ? ($0.0, $0.1) : ($0.1, $0.0) }
        for i in stride(from: links.count - 1, to: 0, by: -1) {
            links.swapAt(i, Int(rng.next() % UInt64(i + 1)))
        }
        // Noise that must be ignored: duplicates, reversed duplicates, self-loops, unknown ids, me.
        connections += connections.prefix(5) + [fixture.me]
        links += links.prefix(7).map { ($0.1, $0.0) }
        links += [(fixture.connections[0], fixture.connections[0]), (fixture.connections[1], UUID()),
                  (fixture.me, fixture.connections[2])]

        let shuffled = NetworkGraph(me: fixture.me, connections: connections, links: links)
        #expect(shuffled.connections == fixture.graph.connections)
        #expect(shuffled.links == fixture.graph.links)
        #expect(Self.bits(NetworkLayout.orderedLayout(shuffled)) == Self.bits(NetworkLayout.orderedLayout(fixture.graph)))
        #expect(NetworkLayout.layout(shuffled) == NetworkLayout.layout(fixture.graph))
    }

    @Test func graphCanonicalisationDropsInvalidLinks() {
        var rng = SplitMix64(seed: 3)
        let me = Self.uuid(&rng), a = Self.uuid(&rng), b = Self.uuid(&rng), stranger = Self.uuid(&rng)
        let graph = NetworkGraph(me: me, connections: [b, a, a, me],
                                 links: [(a, b), (b, a), (a, a), (a, stranger), (me, b)])
        #expect(graph.connections.count == 2)
        #expect(graph.links.count == 1)
        #expect(graph.nodeCount == 3)
    }

    /// The fixed hash and generator must never change: every stored picture depends on them.
    @Test func stableRandomnessIsPinned() {
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xe220_a839_7b1d_cdaf)  // published SplitMix64 reference value
        let id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
        var h = StableHash.offsetBasis
        for _ in 0..<24 { h ^= 0; h &*= StableHash.prime }  // 8 salt bytes + 16 id bytes, all zero
        #expect(StableHash.fnv1a(id) == h)
        for t in stride(from: -1.0, through: 2.0, by: 0.0137) {
            let (s, c) = StableMath.sinCos(turns: t)
            #expect(abs(s - sin(t * 2 * Double.pi)) < 1e-13)
            #expect(abs(c - cos(t * 2 * Double.pi)) < 1e-13)
        }
    }

    /// Golden fingerprint of one layout. If this fails on only one platform, coordinates differ
    /// between devices (determinism is broken); if it fails everywhere after an intentional change
    /// to the algorithm, every user's picture changes too — update the value deliberately.
    @Test func layoutFingerprintIsPinned() {
        var h = StableHash.offsetBasis
        for word in Self.bits(NetworkLayout.orderedLayout(Self.clustered(people: 200, seed: 7).graph)) {
            h = StableHash.mix(h, word)
        }
        #expect(h == 11_887_577_499_974_591_003)
    }

    // MARK: - Geometry guarantees

    @Test func onlyMeIsPlacedInTheCentre() {
        let me = UUID()
        let points = NetworkLayout.orderedLayout(NetworkGraph(me: me, connections: [], links: []))
        #expect(points == [LayoutPoint(id: me, x: 0.5, y: 0.5)])
        #expect(NetworkLayout.layout(NetworkGraph(me: me, connections: [me], links: [(me, me)])) ==
            [me: LayoutPoint(id: me, x: 0.5, y: 0.5)])
    }

    @Test(arguments: [0, 1, 2, 50, 500, 2_000])
    func meCentredEveryoneInBoundsAndNoOverlaps(people: Int) throws {
        let fixture = Self.clustered(people: people, seed: 10 + UInt64(people))
        let graph = fixture.graph
        let points = NetworkLayout.orderedLayout(graph)
        #expect(points.count == people + 1)
        #expect(Set(points.map(\.id)) == Set([fixture.me] + fixture.connections))

        let me = try #require(NetworkLayout.layout(graph)[fixture.me])
        #expect(me.x == 0.5 && me.y == 0.5)
        #expect(points[0].id == fixture.me)

        let m = NetworkLayout.margin
        for p in points {
            #expect(p.x.isFinite && p.y.isFinite)
            #expect(p.x >= m && p.x <= 1 - m && p.y >= m && p.y <= 1 - m, "\(p) outside the margin")
        }

        let separation = NetworkLayout.effectiveSeparation(nodeCount: graph.nodeCount)
        #expect(separation > 0 && separation <= NetworkLayout.defaultMinimumSeparation)
        if points.count > 1 {
            #expect(Self.minimumDistance(points) >= separation)
        }
    }

    @Test func explicitMinimumSeparationIsHonoured() {
        let graph = Self.clustered(people: 100, seed: 4).graph
        let points = NetworkLayout.orderedLayout(graph, minimumSeparation: 0.05)
        #expect(NetworkLayout.effectiveSeparation(0.05, nodeCount: graph.nodeCount) == 0.05)
        #expect(Self.minimumDistance(points) >= 0.05)
    }

    @Test func degenerateShapesStillSeparate() {
        var rng = SplitMix64(seed: 5)
        let me = Self.uuid(&rng)
        let clique = (0..<120).map { _ in Self.uuid(&rng) }
        let loners = (0..<400).map { _ in Self.uuid(&rng) }
        var links: [(UUID, UUID)] = []
        for i in clique.indices { for j in clique.indices where j > i { links.append((clique[i], clique[j])) } }
        for graph in [NetworkGraph(me: me, connections: clique + loners, links: links),
                      NetworkGraph(me: me, connections: loners, links: [])] {
            let points = NetworkLayout.orderedLayout(graph)
            #expect(Self.minimumDistance(points) >= NetworkLayout.effectiveSeparation(nodeCount: graph.nodeCount))
        }
    }

    // MARK: - Picture quality (sanity, not aesthetics)

    @Test func clusterMembersAreCloserToEachOtherThanToOtherClusters() throws {
        let fixture = Self.clustered(people: 400, seed: 6)
        let layout = NetworkLayout.layout(fixture.graph)
        var inside = 0.0, insideCount = 0.0, across = 0.0, acrossCount = 0.0
        let grouped = fixture.connections.filter { fixture.cluster[$0] != nil }
        for (i, a) in grouped.enumerated() {
            for b in grouped[(i + 1)...] {
                let d = Self.distance(try #require(layout[a]), try #require(layout[b]))
                if fixture.cluster[a] == fixture.cluster[b] {
                    inside += d; insideCount += 1
                } else {
                    across += d; acrossCount += 1
                }
            }
        }
        let meanInside = inside / insideCount, meanAcross = across / acrossCount
        #expect(meanInside < 0.5 * meanAcross, "inside \(meanInside) vs across \(meanAcross)")
    }
}
