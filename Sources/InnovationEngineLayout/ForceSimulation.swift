import Foundation

/// Fruchterman–Reingold force simulation with Barnes–Hut repulsion and linear cooling.
///
/// Why this model: FR's k²/d repulsion and d²/k attraction are cheap (no transcendental functions,
/// so results are reproducible across platforms), well understood, and with the spring to "me" on
/// every connection the layout needs no separate gravity term. A fixed iteration count (chosen
/// from n only) keeps both running time and output deterministic — there is no convergence test
/// whose outcome could flip on a rounding difference.
enum ForceSimulation {
    struct Parameters {
        var iterations: Int
        /// Barnes–Hut opening angle; 1.2 is plenty for drawing (measured on clustered
        /// graphs: mean link length / mean pair distance unchanged vs θ = 0.9, ~35% less time).
        var theta = 1.2
        /// Spring weight of the me–connection edges relative to connection–connection links.
        var meWeight = 0.35
        /// Extra me-spring weight for connections with no other links, so they stay near me.
        var isolatedMeWeight = 1.0
    }

    /// Iteration budget: small graphs can afford many sweeps; big ones need fewer to stay within the
    /// time budget, and start from a placement that is already clustered.
    static func iterations(forNodeCount n: Int) -> Int {
        switch n {
        case ..<200: return 300
        case ..<2_000: return 80
        case ..<20_000: return 50
        default: return 35
        }
    }

    /// Runs the simulation in place. Node 0 is me and stays pinned at the origin.
    /// `edges` are packed `a << 32 | b` node-index pairs (a, b ≥ 1) among connections.
    static func run(x: inout [Double], y: inout [Double], edges: [UInt64], degree: [Int32],
                    parameters: Parameters) {
        let n = x.count
        guard n > 1 else { return }
        let k = 1.0  // ideal edge length; the result is rescaled to the unit square afterwards
        let k2 = k * k
        let theta2 = parameters.theta * parameters.theta
        var fx = [Double](repeating: 0, count: n)
        var fy = [Double](repeating: 0, count: n)

        // Start hot enough to move a node across a good part of the initial disc, cool linearly.
        var extent = 0.0
        for i in 0..<n { extent = max(extent, abs(x[i]), abs(y[i])) }
        let t0 = max(extent * 0.1, k)
        let iterations = parameters.iterations
        let meWeights = degree.map { $0 == 0 ? parameters.isolatedMeWeight : parameters.meWeight }

        for iteration in 0..<iterations {
            let temperature = t0 * (1 - Double(iteration) / Double(iterations)) + 0.01 * k
            x.withUnsafeBufferPointer { xb in
                y.withUnsafeBufferPointer { yb in
                    fx.withUnsafeMutableBufferPointer { fxb in
                        fy.withUnsafeMutableBufferPointer { fyb in
                            // Me–connection springs (me sits at the origin): −w·d·(x, y)/k.
                            for i in 1..<n {
                                let w = meWeights[i] * (xb[i] * xb[i] + yb[i] * yb[i]).squareRoot() / k
                                fxb[i] = -xb[i] * w
                                fyb[i] = -yb[i] * w
                            }
                            // Springs along links, in sorted edge order (fixed summation order → same bits).
                            for e in edges {
                                let a = Int(e >> 32), b = Int(e & 0xffff_ffff)
                                let dx = xb[b] - xb[a], dy = yb[b] - yb[a]
                                let f = (dx * dx + dy * dy).squareRoot() / k
                                fxb[a] += dx * f; fyb[a] += dy * f
                                fxb[b] -= dx * f; fyb[b] -= dy * f
                            }
                            // Repulsion; me (node 0) repels others but is pinned, so start at 1.
                            QuadTree(x: xb, y: yb).addRepulsion(x: xb, y: yb, fx: fxb, fy: fyb, from: 1,
                                                                theta2: theta2, strength: k2)
                        }
                    }
                }
            }
            // Move each node along its force, capped by the temperature.
            for i in 1..<n {
                let len = (fx[i] * fx[i] + fy[i] * fy[i]).squareRoot()
                if len > 0 {
                    let step = min(len, temperature) / len
                    x[i] += fx[i] * step
                    y[i] += fy[i] * step
                }
            }
        }
    }
}
