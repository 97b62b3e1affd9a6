import Foundation

/// A node's position in normalised drawing coordinates: (0, 0) top-left, (1, 1) bottom-right.
public struct LayoutPoint: Sendable, Equatable {
    public let id: UUID
    public let x: Double
    public let y: Double

    public init(id: UUID, x: Double, y: Double) {
        self.id = id
        self.x = x
        self.y = y
    }
}

/// Lays out a `NetworkGraph` as a constellation: me exactly at (0.5, 0.5), clusters of my
/// connections grouped around me, every point inside [margin, 1 − margin]², no two points closer
/// than the effective minimum separation.
///
/// Determinism: the output depends only on the *set* of ids and links (the graph is canonicalised
/// on construction), all pseudo-randomness is seeded from the ids with FNV-1a + SplitMix64, and only
/// correctly rounded floating-point operations are used in a fixed order — so the same network yields
/// bit-identical coordinates on every device and every reload.
///
/// Pipeline: label propagation (clusters) → clustered initial placement (sectors around me) →
/// Fruchterman–Reingold with Barnes–Hut repulsion → uniform scaling into the square → grid-based
/// overlap removal.
public enum NetworkLayout {
    /// Distance kept between the drawing and the edges of the unit square.
    public static let margin = 0.04
    /// Default minimum distance between two node centres for small networks.
    public static let defaultMinimumSeparation = 0.02

    /// The separation actually enforced for `nodeCount` nodes (me included): the requested value
    /// (default 0.02), capped at 0.6/√n so that n dots always fit comfortably in the square.
    /// (0.6 rather than 0.8: with 0.8 the dots fill ~85% of the disc the layout occupies and overlap
    /// removal jams; with 0.6 it settles in ~30 grid passes even for 10,000 nodes.)
    public static func effectiveSeparation(_ requested: Double? = nil, nodeCount: Int) -> Double {
        let wanted = max(0, requested ?? defaultMinimumSeparation)
        return min(wanted, 0.6 / Double(max(nodeCount, 1)).squareRoot())
    }

    /// Layout keyed by id. Use `orderedLayout` when drawing order matters.
    public static func layout(_ graph: NetworkGraph, minimumSeparation: Double? = nil) -> [UUID: LayoutPoint] {
        let points = orderedLayout(graph, minimumSeparation: minimumSeparation)
        var result: [UUID: LayoutPoint] = [:]
        result.reserveCapacity(points.count)
        for p in points { result[p.id] = p }
        return result
    }

    /// Layout as an array: element 0 is me, then `graph.connections` in their (sorted) order.
    public static func orderedLayout(_ graph: NetworkGraph, minimumSeparation: Double? = nil) -> [LayoutPoint] {
        let n = graph.nodeCount
        var x = [Double](repeating: 0, count: n)
        var y = [Double](repeating: 0, count: n)
        if n > 1 {
            let adjacency = Adjacency(nodeCount: n, edges: graph.edgePairs)
            let clusters = labelPropagation(adjacency)
            initialPlacement(graph, clusters: clusters, x: &x, y: &y)
            ForceSimulation.run(x: &x, y: &y, edges: graph.edgePairs, degree: adjacency.degree,
                                parameters: .init(iterations: ForceSimulation.iterations(forNodeCount: n)))
            normalise(x: &x, y: &y)
            OverlapRemoval.apply(x: &x, y: &y, separation: effectiveSeparation(minimumSeparation, nodeCount: n),
                                 lo: margin, hi: 1 - margin)
        }
        x[0] = 0.5
        y[0] = 0.5
        var points = [LayoutPoint(id: graph.me, x: 0.5, y: 0.5)]
        points.reserveCapacity(n)
        for (i, id) in graph.connections.enumerated() {
            points.append(LayoutPoint(id: id, x: x[i + 1], y: y[i + 1]))
        }
        return points
    }

    // MARK: - Pipeline steps

    /// Compressed adjacency among connections (me's implicit edges are not stored).
    struct Adjacency {
        var offsets: [Int32]
        var neighbours: [Int32]
        var degree: [Int32]

        init(nodeCount n: Int, edges: [UInt64]) {
            degree = [Int32](repeating: 0, count: n)
            for e in edges { degree[Int(e >> 32)] += 1; degree[Int(e & 0xffff_ffff)] += 1 }
            offsets = [Int32](repeating: 0, count: n + 1)
            for i in 0..<n { offsets[i + 1] = offsets[i] + degree[i] }
            neighbours = [Int32](repeating: 0, count: Int(offsets[n]))
            var fill = offsets
            for e in edges {
                let a = Int(e >> 32), b = Int(e & 0xffff_ffff)
                neighbours[Int(fill[a])] = Int32(b); fill[a] += 1
                neighbours[Int(fill[b])] = Int32(a); fill[b] += 1
            }
        }
    }

    /// Label propagation with deterministic sweeps (node-index order, which is UUID order) and
    /// deterministic tie-breaking (keep the current label if it is among the most frequent, else the
    /// smallest such label). Returns a cluster label per node; me (0) and isolated nodes keep their own.
    static func labelPropagation(_ adj: Adjacency, rounds: Int = 12) -> [Int32] {
        let n = adj.degree.count
        var labels = (0..<Int32(n)).map { $0 }
        var counts = [Int32](repeating: 0, count: n)
        var touched: [Int32] = []
        for _ in 0..<rounds {
            var changed = false
            for v in 1..<n where adj.degree[v] > 0 {
                touched.removeAll(keepingCapacity: true)
                var best: Int32 = 0
                for k in Int(adj.offsets[v])..<Int(adj.offsets[v + 1]) {
                    let l = labels[Int(adj.neighbours[k])]
                    if counts[Int(l)] == 0 { touched.append(l) }
                    counts[Int(l)] += 1
                    best = max(best, counts[Int(l)])
                }
                var choice = labels[v]
                if counts[Int(choice)] != best {
                    choice = Int32.max
                    for l in touched where counts[Int(l)] == best { choice = min(choice, l) }
                }
                for l in touched { counts[Int(l)] = 0 }
                if choice != labels[v] { labels[v] = choice; changed = true }
            }
            if !changed { break }
        }
        return labels
    }

    /// Places connections in angular sectors around me, one sector per cluster (largest first), so
    /// that the simulation starts from an already clustered picture and needs fewer iterations.
    /// Radii and a small angular jitter come from each node's own id hash, so they do not depend on
    /// what else is in the graph's order.
    static func initialPlacement(_ graph: NetworkGraph, clusters: [Int32], x: inout [Double], y: inout [Double]) {
        let n = clusters.count
        var size = [Int32](repeating: 0, count: n)
        for v in 1..<n { size[Int(clusters[v])] += 1 }
        // Order: cluster size (desc), cluster label (asc), node index (asc) — a total, stable order.
        let order = (1..<n).sorted { a, b in
            let la = Int(clusters[a]), lb = Int(clusters[b])
            if size[la] != size[lb] { return size[la] > size[lb] }
            if la != lb { return la < lb }
            return a < b
        }
        let count = Double(n - 1)
        // Roughly the radius the FR equilibrium settles at for this many nodes (k = 1).
        let radius = 1.2 * Double(n).squareRoot()
        for (position, v) in order.enumerated() {
            var rng = SplitMix64(seed: StableHash.fnv1a(graph.connections[v - 1]))
            let turns = (Double(position) + 0.25 + 0.5 * rng.nextUnit()) / count
            let r = radius * (0.3 + 0.7 * rng.nextUnit().squareRoot())
            let (s, c) = StableMath.sinCos(turns: turns)
            x[v] = r * c
            y[v] = r * s
        }
    }

    /// Scales uniformly about me (the origin) so the farthest coordinate lands on the margin; me maps
    /// to exactly 0.5 because 0.5 + 0 × scale is exact.
    static func normalise(x: inout [Double], y: inout [Double]) {
        var extent = 0.0
        for i in 0..<x.count { extent = max(extent, abs(x[i]), abs(y[i])) }
        let scale = extent > 0 ? (0.5 - margin) / extent : 0
        for i in 0..<x.count {
            x[i] = 0.5 + x[i] * scale
            y[i] = 0.5 + y[i] * scale
        }
    }
}
