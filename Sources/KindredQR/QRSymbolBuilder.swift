/// Places the codewords, picks the mask and writes the modules of one symbol, a line at a time
/// (`QRLine`). Each of the eight masks is scored on the symbol's rows and on its columns; the
/// columns are kept alongside the rows from the start (every dark data bit is set in both), so
/// no mask needs a transposition.
struct QRSymbolBuilder<Line: QRLine> {
    let template: QRTemplate
    let ecl: ErrorCorrection
    private var rows: [Line], columns: [Line]

    init(template: QRTemplate, ecl: ErrorCorrection, codewords: [UInt8]) {
        self.template = template
        self.ecl = ecl
        let size = template.size
        var rows = template.darkRows.withUnsafeBufferPointer { table in (0..<size).map { Line(table, line: $0) } }
        var columns = template.darkColumns.withUnsafeBufferPointer { table in (0..<size).map { Line(table, line: $0) } }
        // Each dark codeword bit into its module (`QRTemplate.placement`); remainder bits and
        // light bits stay light.
        rows.withUnsafeMutableBufferPointer { rows in
            columns.withUnsafeMutableBufferPointer { columns in
                template.placement.withUnsafeBufferPointer { placement in
                    codewords.withUnsafeBufferPointer { codewords in
                        for index in 0..<min(placement.count, codewords.count * 8)
                        where codewords[index >> 3] >> UInt8(7 - index & 7) & 1 == 1 {
                            let x = Int(placement[index] & 0xFF), y = Int(placement[index] >> 8)
                            rows[y].insert(bit: x + 4)
                            columns[x].insert(bit: y + 4)
                        }
                    }
                }
            }
        }
        self.rows = rows
        self.columns = columns
    }

    /// The mask with the lowest penalty, the format bits in place as readers see them; ties go
    /// to the lower mask number. A mask's count stops once it reaches the best so far: every
    /// term is at least zero, so such a mask cannot win.
    func bestMask() -> Int {
        var masked = rows, maskedColumns = columns
        let size = template.size
        return withTables { tables in
            masked.withUnsafeMutableBufferPointer { masked in
                maskedColumns.withUnsafeMutableBufferPointer { maskedColumns in
                    var best = 0, bestScore = Int.max
                    for pattern in 0..<8 {
                        Self.apply(pattern, ecl: ecl, tables: tables, rows: masked, columns: maskedColumns, size: size)
                        let score = Self.penalty(rows: UnsafeBufferPointer(masked), columns: UnsafeBufferPointer(maskedColumns), size: size,
                                                 stoppingAt: bestScore)
                        if score < bestScore { bestScore = score; best = pattern }
                    }
                    return best
                }
            }
        }
    }

    /// Row-major modules, true = dark, with mask `pattern` and its format bits.
    func modules(mask pattern: Int) -> [Bool] {
        var masked = rows, maskedColumns = columns
        let size = template.size
        withTables { tables in
            masked.withUnsafeMutableBufferPointer { masked in
                maskedColumns.withUnsafeMutableBufferPointer { maskedColumns in
                    Self.apply(pattern, ecl: ecl, tables: tables, rows: masked, columns: maskedColumns, size: size)
                }
            }
        }
        return QRModuleBytes.spread.withUnsafeBufferPointer { spread in
            [Bool](unsafeUninitializedCapacity: size * size) { buffer, initialized in
                let bytes = UnsafeMutableRawPointer(buffer.baseAddress!)
                for y in 0..<size {
                    var rest = masked[y].down(4)
                    var x = 0
                    // Little-endian: the word's lowest byte lands on module x.
                    while x + 8 <= size {
                        bytes.storeBytes(of: spread[Int(rest.lowWord & 0xFF)].littleEndian, toByteOffset: y * size + x, as: UInt64.self)
                        rest = rest.down(8)
                        x += 8
                    }
                    while x < size {
                        buffer[y * size + x] = rest.lowWord & 1 == 1
                        rest = rest.down(1)
                        x += 1
                    }
                }
                initialized = size * size
            }
        }
    }

    /// What masking reads, held once for all eight masks: each array passed or read per mask
    /// was retained and released each time, a fifth of encoding a connect link.
    private struct Tables {
        let rows: UnsafeBufferPointer<Line>, columns: UnsafeBufferPointer<Line>
        let dataRows: UnsafeBufferPointer<UInt64>, dataColumns: UnsafeBufferPointer<UInt64>
        let maskRows: UnsafeBufferPointer<UInt64>, maskColumns: UnsafeBufferPointer<UInt64>
        let formatCells: UnsafeBufferPointer<(first: (x: Int, y: Int), second: (x: Int, y: Int))>
    }

    private func withTables<Result>(_ body: (Tables) -> Result) -> Result {
        rows.withUnsafeBufferPointer { rows in
            columns.withUnsafeBufferPointer { columns in
                template.dataRows.withUnsafeBufferPointer { dataRows in
                    template.dataColumns.withUnsafeBufferPointer { dataColumns in
                        QRMaskLines.rows.withUnsafeBufferPointer { maskRows in
                            QRMaskLines.columns.withUnsafeBufferPointer { maskColumns in
                                template.formatCells.withUnsafeBufferPointer { formatCells in
                                    body(Tables(rows: rows, columns: columns, dataRows: dataRows, dataColumns: dataColumns,
                                                maskRows: maskRows, maskColumns: maskColumns, formatCells: formatCells))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The unmasked symbol with `pattern` applied to its data modules, the pattern's line (by
    /// position mod 12) inverting them, and the format bits for it.
    private static func apply(_ pattern: Int, ecl: ErrorCorrection, tables: Tables, rows masked: UnsafeMutableBufferPointer<Line>,
                              columns maskedColumns: UnsafeMutableBufferPointer<Line>, size: Int) {
        for index in 0..<size {
            masked[index] = tables.rows[index] ^ (Line(tables.maskRows, line: pattern * 12 + index % 12) & Line(tables.dataRows, line: index))
            maskedColumns[index] = tables.columns[index]
                ^ (Line(tables.maskColumns, line: pattern * 12 + index % 12) & Line(tables.dataColumns, line: index))
        }
        let bits = QRMatrix.formatBits(ecl: ecl, mask: pattern)
        for i in tables.formatCells.indices where bits >> i & 1 == 1 {
            let cells = tables.formatCells[i]
            masked[cells.first.y].insert(bit: cells.first.x + 4)
            maskedColumns[cells.first.x].insert(bit: cells.first.y + 4)
            masked[cells.second.y].insert(bit: cells.second.x + 4)
            maskedColumns[cells.second.x].insert(bit: cells.second.y + 4)
        }
    }

    /// N1 + N2 + N3 + N4 of §7.8.3, the same sum as scoring module by module.
    static func penalty(rows: [Line], columns: [Line], size: Int) -> Int {
        rows.withUnsafeBufferPointer { rows in
            columns.withUnsafeBufferPointer { columns in penalty(rows: rows, columns: columns, size: size, stoppingAt: .max) }
        }
    }

    /// The penalty; or, once the count of the lines so far reaches `bound`, that count (no less
    /// than `bound`).
    static func penalty(rows: UnsafeBufferPointer<Line>, columns: UnsafeBufferPointer<Line>, size: Int, stoppingAt bound: Int) -> Int {
        // Pairs of neighbouring modules (i, i + 1), as the bit of i; and the whole line with its
        // light margins.
        let pairs = Line(lowOnes: size + 3) & ~Line(lowOnes: 4)
        let whole = Line(lowOnes: size + 8)
        var score = 0, dark = 0
        var above = rows[0]
        for y in 0..<size {
            let row = rows[y]
            score += linePenalty(row, pairs: pairs, whole: whole) + linePenalty(columns[y], pairs: pairs, whole: whole)
            dark += row.nonzeroBitCount
            // N2: every 2×2 block of one colour, overlapping blocks each counted.
            if y > 0 {
                let blocks = ~(above ^ row) & ~(above ^ above.down(1)) & ~(row ^ row.down(1)) & pairs
                score += QRMask.n2 * blocks.nonzeroBitCount
            }
            above = row
            if score >= bound { return score }
        }
        // N4: k = whole 5 % steps the dark ratio deviates from 50 %.
        let total = size * size
        return score + abs(dark * 2 - total) * 10 / total * QRMask.n4
    }

    /// N1 (a run of five or more modules of one colour scores N1 + (length − 5)) and N3 (the
    /// 1:1:3:1:1 finder-like pattern with four light modules before or after it, outside the
    /// symbol counting as light) of one row or column.
    @inline(__always)
    private static func linePenalty(_ line: Line, pairs: Line, whole: Line) -> Int {
        // Bit i of `fives` is set when modules i…i+4 are alike; a run of length L ≥ 5 sets
        // L − 4 neighbouring bits, and scores (L − 4) + 2.
        let same = ~(line ^ line.down(1)) & pairs
        let fives = same & same.down(1) & same.down(2) & same.down(3)
        var score = fives.nonzeroBitCount + (QRMask.n1 - 1) * (fives & ~fives.up(1)).nonzeroBitCount
        let light = ~line & whole
        let finders = line & light.down(1) & line.down(2) & line.down(3) & line.down(4) & light.down(5) & line.down(6)
        if !finders.isZero {
            let before = light.up(1) & light.up(2) & light.up(3) & light.up(4)
            let after = light.down(7) & light.down(8) & light.down(9) & light.down(10)
            score += QRMask.n3 * (finders & (before | after)).nonzeroBitCount
        }
        return score
    }
}

/// Eight modules as eight `Bool`s (bytes 0 or 1), the first in the lowest byte: the symbol's
/// modules are written a word at a time rather than a bit test each.
enum QRModuleBytes {
    static let spread: [UInt64] = (0..<256).map { (bits: Int) -> UInt64 in
        var word: UInt64 = 0
        for bit in 0..<8 where bits >> bit & 1 == 1 { word |= 1 << UInt64(8 * bit) }
        return word
    }
}
