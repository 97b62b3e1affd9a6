import Foundation

/// A Barnes–Hut quadtree over unit-mass points, rebuilt every iteration.
///
/// Why this shape: nodes live in one flat array (no per-node allocation, cache friendly), and the
/// tree is built by recursively partitioning a permutation of point indices in place — so a leaf is
/// just a contiguous range of that permutation and can hold several points (fewer, shallower
/// nodes than one-point-per-leaf insertion). The build is fully deterministic: it depends only on
/// the coordinates, never on hashing or memory addresses.
struct QuadTree {
    struct Node {
        var cx = 0.0, cy = 0.0      // centre of mass
        var mass = 0.0              // number of points below
        var width = 0.0             // side of the square cell (the Barnes–Hut "s")
        var midX = 0.0, midY = 0.0  // geometric centre of the cell (for the containment test)
        var childStart: Int32 = 0   // children are stored consecutively
        var childCount: Int32 = 0   // 0 → leaf
        var start: Int32 = 0        // leaf points: perm[start..<end]
        var end: Int32 = 0
    }

    /// Leaves with at most this many points are not split (exact interactions are cheap).
    static let leafCapacity = 8
    /// Depth cap so that coincident points cannot recurse forever.
    static let maxDepth = 40

    private(set) var nodes: [Node] = []
    private(set) var perm: [Int32] = []

    init(x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>) {
        let n = x.count
        guard n > 0 else { return }
        var minX = x[0], maxX = x[0], minY = y[0], maxY = y[0]
        for i in 1..<n {
            minX = Swift.min(minX, x[i]); maxX = Swift.max(maxX, x[i])
            minY = Swift.min(minY, y[i]); maxY = Swift.max(maxY, y[i])
        }
        let side = Swift.max(maxX - minX, maxY - minY, 1e-9)
        // Built in a local so `build` (mutating self.nodes) does not overlap the access to `perm`.
        var order = (0..<Int32(n)).map { $0 }
        nodes.reserveCapacity(n / 2 + 16)
        nodes.append(Node())
        order.withUnsafeMutableBufferPointer { p in
            build(0, p, x, y, 0, n, minX, minY, side, 0)
        }
        perm = order
    }

    /// Fills node `index` covering the square [x0, x0+side) × [y0, y0+side) and points perm[lo..<hi].
    private mutating func build(_ index: Int, _ p: UnsafeMutableBufferPointer<Int32>,
                                _ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>,
                                _ lo: Int, _ hi: Int, _ x0: Double, _ y0: Double, _ side: Double, _ depth: Int) {
        nodes[index].width = side
        nodes[index].midX = x0 + side * 0.5
        nodes[index].midY = y0 + side * 0.5
        nodes[index].start = Int32(lo)
        nodes[index].end = Int32(hi)
        if hi - lo <= Self.leafCapacity || depth >= Self.maxDepth {
            var sx = 0.0, sy = 0.0
            for k in lo..<hi { let i = Int(p[k]); sx += x[i]; sy += y[i] }
            let m = Double(hi - lo)
            nodes[index].mass = m
            nodes[index].cx = sx / m
            nodes[index].cy = sy / m
            return
        }
        let half = side * 0.5
        let mx = x0 + half, my = y0 + half
        // Two in-place partitions: first by y (bottom | top), then each half by x (left | right).
        let midY = partition(p, lo, hi) { y[Int($0)] < my }
        let midBottom = partition(p, lo, midY) { x[Int($0)] < mx }
        let midTop = partition(p, midY, hi) { x[Int($0)] < mx }
        // Quadrant q: bit 0 → right half, bit 1 → top half; its points are perm[cuts[q]..<cuts[q+1]].
        let cuts = (lo, midBottom, midY, midTop, hi)
        func cut(_ q: Int) -> Int {
            switch q { case 0: cuts.0; case 1: cuts.1; case 2: cuts.2; case 3: cuts.3; default: cuts.4 }
        }
        // Allocate the non-empty children consecutively first, then recurse into each.
        let first = nodes.count
        var count = 0
        for q in 0..<4 where cut(q + 1) > cut(q) { nodes.append(Node()); count += 1 }
        nodes[index].childStart = Int32(first)
        nodes[index].childCount = Int32(count)
        var child = first
        var sx = 0.0, sy = 0.0
        for q in 0..<4 where cut(q + 1) > cut(q) {
            build(child, p, x, y, cut(q), cut(q + 1), q & 1 == 0 ? x0 : mx, q & 2 == 0 ? y0 : my, half, depth + 1)
            let m = nodes[child].mass
            sx += nodes[child].cx * m
            sy += nodes[child].cy * m
            child += 1
        }
        let m = Double(hi - lo)
        nodes[index].mass = m
        nodes[index].cx = sx / m
        nodes[index].cy = sy / m
    }

    /// Stable-enough, deterministic in-place partition; returns the first index where `pred` is false.
    private func partition(_ p: UnsafeMutableBufferPointer<Int32>, _ lo: Int, _ hi: Int,
                           _ pred: (Int32) -> Bool) -> Int {
        var i = lo
        for k in lo..<hi where pred(p[k]) {
            p.swapAt(i, k)
            i += 1
        }
        return i
    }

    /// Adds the repulsive force on every point i ≥ `first` into (fx, fy): Σ strength·m·d⃗/|d|²
    /// (Fruchterman–Reingold k²/d), approximating a cell by its centre of mass when
    /// width/distance < θ. One sweep over all points so buffers are pinned once, not per point.
    func addRepulsion(x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>,
                      fx: UnsafeMutableBufferPointer<Double>, fy: UnsafeMutableBufferPointer<Double>,
                      from first: Int, theta2: Double, strength: Double) {
        guard !nodes.isEmpty else { return }
        // Depth ≤ maxDepth and ≤ 4 pushes per level bound the stack.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * (Self.maxDepth + 2) + 8) { stack in
            nodes.withUnsafeBufferPointer { nodes in
                perm.withUnsafeBufferPointer { perm in
                    for i in first..<x.count {
                        let xi = x[i], yi = y[i]
                        var ax = 0.0, ay = 0.0
                        var sp = 1
                        stack[0] = 0
                        while sp > 0 {
                            sp -= 1
                            let node = nodes[Int(stack[sp])]
                            // Far-field test first, for leaves too (a distant leaf of 8 points is one
                            // interaction, not 8). Cells containing i are never approximated, so a
                            // point never feels its own mass.
                            let dx = xi - node.cx, dy = yi - node.cy
                            let d2 = dx * dx + dy * dy
                            let h = node.width * 0.5
                            let inside = Swift.abs(xi - node.midX) <= h && Swift.abs(yi - node.midY) <= h
                            if !inside && node.width * node.width < theta2 * d2 {
                                let f = strength * node.mass / d2
                                ax += dx * f
                                ay += dy * f
                            } else if node.childCount == 0 {
                                for k in Int(node.start)..<Int(node.end) {
                                    let j = Int(perm[k])
                                    if j == i { continue }
                                    let dx = xi - x[j], dy = yi - y[j]
                                    // The floor keeps near-coincident points from exploding.
                                    let f = strength / Swift.max(dx * dx + dy * dy, 1e-6)
                                    ax += dx * f
                                    ay += dy * f
                                }
                            } else {
                                for k in 0..<Int(node.childCount) {
                                    stack[sp] = node.childStart + Int32(k)
                                    sp += 1
                                }
                            }
                        }
                        fx[i] += ax
                        fy[i] += ay
                    }
                }
            }
        }
    }
}
