/// Data mask patterns and the penalty evaluation of ISO 18004 §7.8.
enum QRMask {
    static let n1 = 3, n2 = 3, n3 = 40, n4 = 10

    /// Mask condition of Table 10 with i = row (y), j = column (x).
    @inline(__always)
    static func isInverted(_ pattern: Int, x: Int, y: Int) -> Bool {
        switch pattern {
        case 0: return (x + y) % 2 == 0
        case 1: return y % 2 == 0
        case 2: return x % 3 == 0
        case 3: return (x + y) % 3 == 0
        case 4: return (x / 3 + y / 2) % 2 == 0
        case 5: return x * y % 2 + x * y % 3 == 0
        case 6: return (x * y % 2 + x * y % 3) % 2 == 0
        case 7: return ((x + y) % 2 + x * y % 3) % 2 == 0
        default: return false
        }
    }

    /// Total penalty N1 + N2 + N3 + N4 of a row-major module grid.
    static func penalty(_ m: [Bool], size: Int) -> Int {
        var score = 0
        // Each line is scanned twice: rows (stride 1) and columns (stride size).
        for line in 0..<size {
            score += linePenalty(m, size: size, start: line * size, step: 1)
            score += linePenalty(m, size: size, start: line, step: size)
        }
        // N2: every 2×2 block of one colour (overlapping blocks each count,
        // which equals N2·(m−1)(n−1) summed over larger blocks).
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let c = m[y * size + x]
                if c == m[y * size + x + 1], c == m[(y + 1) * size + x], c == m[(y + 1) * size + x + 1] {
                    score += n2
                }
            }
        }
        // N4: k = whole 5 % steps the dark ratio deviates from 50 %.
        let dark = m.reduce(0) { $1 ? $0 + 1 : $0 }
        let total = size * size
        score += abs(dark * 2 - total) * 10 / total * n4
        return score
    }

    /// N1 (runs of ≥ 5 same-colour modules: N1 + (len − 5)) and N3 (the
    /// 1:1:3:1:1 finder-like pattern with 4 light modules before or after;
    /// outside the symbol counts as light, as the quiet zone is light).
    private static func linePenalty(_ m: [Bool], size: Int, start: Int, step: Int) -> Int {
        var score = 0
        var run = 1
        for i in 1..<size {
            if m[start + i * step] == m[start + (i - 1) * step] {
                run += 1
            } else {
                if run >= 5 { score += n1 + run - 5 }
                run = 1
            }
        }
        if run >= 5 { score += n1 + run - 5 }

        func at(_ i: Int) -> Bool { m[start + i * step] }
        func isLight(_ from: Int, _ to: Int) -> Bool {
            var i = max(from, 0)
            while i < min(to, size) {
                if at(i) { return false }
                i += 1
            }
            return true
        }
        if size >= 7 {
            for i in 0...(size - 7)
            where at(i) && !at(i + 1) && at(i + 2) && at(i + 3) && at(i + 4) && !at(i + 5) && at(i + 6)
                && (isLight(i - 4, i) || isLight(i + 7, i + 11)) {
                score += n3
            }
        }
        return score
    }
}
