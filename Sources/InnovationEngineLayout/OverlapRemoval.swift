import Foundation

/// Guarantees that no two node centres are closer than `separation`, keeping all points inside
/// [lo, hi]² and node 0 (me) fixed.
///
/// Why two phases: pairwise pushing (phase 1) moves nodes the least and keeps the picture's shape,
/// but in a jammed region it may not settle within a bounded number of passes. Phase 2 then
/// relocates each remaining offender to the nearest free lattice spot, which always terminates
/// and — because every accepted spot is checked against all current neighbours — leaves a layout
/// that is provably overlap-free. Both phases use a uniform grid with cell side ≥ separation, so
/// only the 3×3 neighbouring cells need checking: O(n) per pass instead of O(n²).
enum OverlapRemoval {
    static let maxPushPasses = 60

    /// Returns the number of push passes used (maxPushPasses + 1 means phase 2 ran); for diagnostics.
    @discardableResult
    static func apply(x: inout [Double], y: inout [Double], separation s: Double, lo: Double, hi: Double,
                      maxPushPasses: Int = maxPushPasses) -> Int {
        let n = x.count
        guard n > 1, s > 0 else { return 0 }
        for i in 1..<n { x[i] = min(max(x[i], lo), hi); y[i] = min(max(y[i], lo), hi) }
        let grid = Grid(lo: lo, hi: hi, separation: s)
        let s2 = s * s
        // Push a little past `s` so that rounding in later arithmetic cannot bring a pair back under.
        let target = s * 1.02
        var cellStart = [Int32](repeating: 0, count: grid.cellCount + 1)
        var items = [Int32](repeating: 0, count: n)

        for pass in 0..<maxPushPasses {
            // Counting-sort the points into cells (index order within a cell → deterministic).
            for c in 0...grid.cellCount { cellStart[c] = 0 }
            var cellOf = [Int32](repeating: 0, count: n)
            for i in 0..<n { let c = grid.cell(x[i], y[i]); cellOf[i] = Int32(c); cellStart[c + 1] += 1 }
            for c in 0..<grid.cellCount { cellStart[c + 1] += cellStart[c] }
            var fill = cellStart
            for i in 0..<n { let c = Int(cellOf[i]); items[Int(fill[c])] = Int32(i); fill[c] += 1 }

            var violations = 0
            for i in 0..<n {
                let (ci, cj) = grid.coordinates(Int(cellOf[i]))
                for gy in max(cj - 1, 0)...min(cj + 1, grid.side - 1) {
                    for gx in max(ci - 1, 0)...min(ci + 1, grid.side - 1) {
                        let c = gy * grid.side + gx
                        for k in Int(cellStart[c])..<Int(cellStart[c + 1]) {
                            let j = Int(items[k])
                            guard j > i else { continue }
                            let dx = x[j] - x[i], dy = y[j] - y[i]
                            let d2 = dx * dx + dy * dy
                            guard d2 < s2 else { continue }
                            violations += 1
                            push(i, j, dx, dy, d2, target, &x, &y, lo, hi)
                        }
                    }
                }
            }
            if violations == 0 { return pass }  // a pass with no moves saw an up-to-date grid: verified
        }
        relocate(x: &x, y: &y, grid: grid, s2: s2, step: target, lo: lo, hi: hi)
        return maxPushPasses + 1
    }

    /// Moves i and j apart along their joining line to distance `target` (me, node 0, never moves).
    @inline(__always)
    private static func push(_ i: Int, _ j: Int, _ dx: Double, _ dy: Double, _ d2: Double, _ target: Double,
                             _ x: inout [Double], _ y: inout [Double], _ lo: Double, _ hi: Double) {
        var ux: Double, uy: Double, d: Double
        if d2 > 1e-24 {
            d = d2.squareRoot(); ux = dx / d; uy = dy / d
        } else {
            // Coincident points: a direction derived from the pair's indices, not from chance.
            let turns = Double(StableHash.mix(UInt64(i), UInt64(j)) >> 11) * 0x1.0p-53
            (uy, ux) = StableMath.sinCos(turns: turns)
            d = 0
        }
        let deficit = target - d
        let (wi, wj) = i == 0 ? (0.0, 1.0) : (0.5, 0.5)
        x[i] = min(max(x[i] - ux * deficit * wi, lo), hi)
        y[i] = min(max(y[i] - uy * deficit * wi, lo), hi)
        x[j] = min(max(x[j] + ux * deficit * wj, lo), hi)
        y[j] = min(max(y[j] + uy * deficit * wj, lo), hi)
    }

    /// Phase 2: greedy relocation of offenders to the nearest free spot on a lattice around them.
    private static func relocate(x: inout [Double], y: inout [Double], grid: Grid, s2: Double, step: Double,
                                 lo: Double, hi: Double) {
        let n = x.count
        var buckets = [[Int32]](repeating: [], count: grid.cellCount)
        for i in 0..<n { buckets[grid.cell(x[i], y[i])].append(Int32(i)) }

        func isFree(_ px: Double, _ py: Double, ignoring i: Int) -> Bool {
            let (ci, cj) = grid.coordinates(grid.cell(px, py))
            for gy in max(cj - 1, 0)...min(cj + 1, grid.side - 1) {
                for gx in max(ci - 1, 0)...min(ci + 1, grid.side - 1) {
                    for j in buckets[gy * grid.side + gx] where Int(j) != i {
                        let dx = x[Int(j)] - px, dy = y[Int(j)] - py
                        if dx * dx + dy * dy < s2 { return false }
                    }
                }
            }
            return true
        }

        let maxRing = Int(((hi - lo) / step).rounded(.up)) + 1
        for i in 1..<n where !isFree(x[i], y[i], ignoring: i) {
            // Square rings of lattice points around the current position, nearest ring first; within
            // a ring, candidates in a fixed order. Lattice spacing `step` > s keeps candidates apart.
            search: for ring in 1...maxRing {
                for a in -ring...ring {
                    for b in -ring...ring where max(abs(a), abs(b)) == ring {
                        let px = x[i] + Double(a) * step, py = y[i] + Double(b) * step
                        guard px >= lo, px <= hi, py >= lo, py <= hi, isFree(px, py, ignoring: i) else { continue }
                        let old = grid.cell(x[i], y[i])
                        if let k = buckets[old].firstIndex(of: Int32(i)) { buckets[old].remove(at: k) }
                        x[i] = px; y[i] = py
                        buckets[grid.cell(px, py)].append(Int32(i))
                        break search
                    }
                }
            }
        }
    }

    /// Uniform grid over [lo, hi]² with cell side ≥ separation.
    struct Grid {
        let lo: Double
        let cellSize: Double
        let side: Int
        var cellCount: Int { side * side }

        init(lo: Double, hi: Double, separation: Double) {
            self.lo = lo
            // Cap the cell count so a tiny separation cannot allocate an enormous grid; larger cells
            // stay correct (just slower), only smaller-than-s cells would be wrong.
            // The 1e-9 slack keeps rounding from making a cell a hair smaller than `separation`.
            side = max(1, min(Int((hi - lo) / (separation * (1 + 1e-9))), 2048))
            cellSize = (hi - lo) / Double(side)
        }

        @inline(__always) func cell(_ px: Double, _ py: Double) -> Int {
            let gx = min(max(Int((px - lo) / cellSize), 0), side - 1)
            let gy = min(max(Int((py - lo) / cellSize), 0), side - 1)
            return gy * side + gx
        }

        @inline(__always) func coordinates(_ cell: Int) -> (Int, Int) { (cell % side, cell / side) }
    }
}
