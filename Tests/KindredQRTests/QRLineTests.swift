import SeededRandom
import Testing
@testable import KindredQR

/// The encoder scores masks and writes modules a line at a time (`QRSymbolBuilder`). Here it is
/// held to the standard written out a module at a time (`QRMatrix`'s placement and masking, and
/// the penalty rules below as §7.8.3 states them): the same penalty for every mask and the same
/// symbol, bit for bit, across every version, level and mode.
@Suite struct QRLineTests {
    @Test func everyVersionAndLevelGivesTheSymbolOfTheModuleByModuleEncoder() throws {
        var rng = SplitMix64(seed: 0x4C49_4E45)
        var versions = Set<Int>()
        for round in 0..<120 {
            let ecl = ErrorCorrection.allCases[round % 4]
            let minimumVersion = round % 40 + 1
            let payload = QRConformanceTests.payload(kind: round % 5, units: Int.random(in: 1...60, using: &rng), rng: &rng)
            let code = try QRCode(encoding: payload, errorCorrection: ecl, minimumVersion: minimumVersion)
            let reference = try Reference.symbol(Array(payload.utf8), ecl: ecl, minimumVersion: minimumVersion)
            #expect(code.version == reference.version && code.mask == reference.mask, "\(payload) \(ecl) v\(minimumVersion)")
            #expect(code.modules == reference.modules, "\(payload) \(ecl) v\(minimumVersion)")
            versions.insert(code.version)
        }
        #expect(versions.count == 40, "every version drawn at least once")
    }

    @Test func everyMaskScoresAsTheRulesSay() throws {
        var rng = SplitMix64(seed: 0x5343_4F52)
        for version in [1, 4, 9, 10, 27, 40] {
            for ecl in ErrorCorrection.allCases {
                let payload = QRConformanceTests.payload(kind: version % 5, units: Int.random(in: 1...40, using: &rng), rng: &rng)
                let plan = try QREncoder.plan(bytes: Array(payload.utf8), ecl: ecl, minimumVersion: version)
                let data = QREncoder.dataCodewords(segments: plan.segments, version: plan.version, ecl: ecl)
                let codewords = ReedSolomon.addErrorCorrectionAndInterleave(data: data, version: plan.version, ecl: ecl)
                let template = QRTemplate.of(version: plan.version)
                for pattern in 0..<8 {
                    var matrix = QRMatrix(version: plan.version)
                    matrix.placeCodewords(codewords)
                    matrix.applyMask(pattern)
                    matrix.drawFormatBits(ecl: ecl, mask: pattern)
                    let expected = Reference.penalty(matrix.modules, size: matrix.size)
                    let modules = template.size + 8 <= 64
                        ? QRSymbolBuilder<UInt64>(template: template, ecl: ecl, codewords: codewords).modules(mask: pattern)
                        : QRSymbolBuilder<QRWideLine>(template: template, ecl: ecl, codewords: codewords).modules(mask: pattern)
                    #expect(modules == matrix.modules, "v\(plan.version) \(ecl) mask \(pattern)")
                    #expect(Self.linePenalty(modules, size: template.size) == expected, "v\(plan.version) \(ecl) mask \(pattern)")
                }
            }
        }
    }

    /// The wide lines' shifts carry bits across their words, both ways.
    @Test func wideLinesShiftAcrossWords() {
        var line = QRWideLine.zero
        for bit in [0, 63, 64, 127, 128, 190] { line.insert(bit: bit) }
        let down = line.down(1), up = line.up(1)
        #expect([62, 63, 126, 127, 189].allSatisfy { down.contains(bit: $0) } && down.nonzeroBitCount == 5)
        #expect([1, 64, 65, 128, 129, 191].allSatisfy { up.contains(bit: $0) } && up.nonzeroBitCount == 6)
        #expect(QRWideLine(lowOnes: 130).nonzeroBitCount == 130 && QRWideLine(lowOnes: 130).contains(bit: 129))
    }

    /// The builder's penalty of a finished symbol, from its modules.
    static func linePenalty(_ modules: [Bool], size: Int) -> Int {
        func lines<Line: QRLine>(_: Line.Type) -> Int {
            var rows = [Line](repeating: .zero, count: size), columns = rows
            for y in 0..<size {
                for x in 0..<size where modules[y * size + x] {
                    rows[y].insert(bit: x + 4)
                    columns[x].insert(bit: y + 4)
                }
            }
            return QRSymbolBuilder<Line>.penalty(rows: rows, columns: columns, size: size)
        }
        return size + 8 <= 64 ? lines(UInt64.self) : lines(QRWideLine.self)
    }

    /// The encoder as the standard describes it, one module at a time.
    enum Reference {
        static func symbol(_ bytes: [UInt8], ecl: ErrorCorrection, minimumVersion: Int) throws -> (version: Int, mask: Int, modules: [Bool]) {
            let plan = try QREncoder.plan(bytes: bytes, ecl: ecl, minimumVersion: minimumVersion)
            let data = QREncoder.dataCodewords(segments: plan.segments, version: plan.version, ecl: ecl)
            let codewords = ReedSolomon.addErrorCorrectionAndInterleave(data: data, version: plan.version, ecl: ecl)
            var matrix = QRMatrix(version: plan.version)
            matrix.placeCodewords(codewords)
            var best = 0, bestScore = Int.max
            for pattern in 0..<8 {
                matrix.applyMask(pattern)
                matrix.drawFormatBits(ecl: ecl, mask: pattern)
                let score = penalty(matrix.modules, size: matrix.size)
                if score < bestScore { bestScore = score; best = pattern }
                matrix.applyMask(pattern)
            }
            matrix.applyMask(best)
            matrix.drawFormatBits(ecl: ecl, mask: best)
            return (plan.version, best, matrix.modules)
        }

        /// Total penalty N1 + N2 + N3 + N4 of a row-major module grid.
        static func penalty(_ m: [Bool], size: Int) -> Int {
            var score = 0
            for line in 0..<size {
                score += linePenalty(m, size: size, start: line * size, step: 1)
                score += linePenalty(m, size: size, start: line, step: size)
            }
            // N2: every 2×2 block of one colour, overlapping blocks each counted.
            for y in 0..<(size - 1) {
                for x in 0..<(size - 1) {
                    let c = m[y * size + x]
                    if c == m[y * size + x + 1], c == m[(y + 1) * size + x], c == m[(y + 1) * size + x + 1] { score += QRMask.n2 }
                }
            }
            // N4: k = whole 5 % steps the dark ratio deviates from 50 %.
            let dark = m.reduce(0) { $1 ? $0 + 1 : $0 }
            let total = size * size
            return score + abs(dark * 2 - total) * 10 / total * QRMask.n4
        }

        /// N1 (runs of ≥ 5 same-colour modules: N1 + (len − 5)) and N3 (1:1:3:1:1 with four light
        /// modules before or after; outside the symbol counts as light).
        static func linePenalty(_ m: [Bool], size: Int, start: Int, step: Int) -> Int {
            var score = 0
            var run = 1
            for i in 1..<size {
                if m[start + i * step] == m[start + (i - 1) * step] {
                    run += 1
                } else {
                    if run >= 5 { score += QRMask.n1 + run - 5 }
                    run = 1
                }
            }
            if run >= 5 { score += QRMask.n1 + run - 5 }
            func at(_ i: Int) -> Bool { m[start + i * step] }
            func isLight(_ from: Int, _ to: Int) -> Bool {
                (max(from, 0)..<max(max(from, 0), min(to, size))).allSatisfy { !at($0) }
            }
            for i in 0...(size - 7)
            where at(i) && !at(i + 1) && at(i + 2) && at(i + 3) && at(i + 4) && !at(i + 5) && at(i + 6)
                && (isLight(i - 4, i) || isLight(i + 7, i + 11)) {
                score += QRMask.n3
            }
            return score
        }
    }
}
