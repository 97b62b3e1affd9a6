/// What every symbol of one version shares, as lines (`QRLine`, three words each): where the
/// function patterns are and which of them are dark, and which modules carry data. Built once
/// per version, from `QRMatrix`'s drawing of the function patterns, so an encode starts from a
/// copy instead of drawing finders, timing and alignment patterns again.
struct QRTemplate: Sendable {
    let version: Int
    let size: Int
    /// The data modules in the order codeword bits fill them (§7.7.3), each as `x | y << 8`.
    let placement: [UInt16]
    /// Dark function modules (the format areas left light), by row and by column.
    let darkRows: [UInt64], darkColumns: [UInt64]
    /// Modules that carry data (and so are masked), by row and by column.
    let dataRows: [UInt64], dataColumns: [UInt64]
    /// Where format bit `i` (0–14) is written, twice.
    let formatCells: [(first: (x: Int, y: Int), second: (x: Int, y: Int))]

    static let all: [QRTemplate] = (1...40).map(QRTemplate.init(version:))

    static func of(version: Int) -> QRTemplate { all[version - 1] }

    private init(version: Int) {
        let matrix = QRMatrix(version: version)
        let size = matrix.size
        self.version = version
        self.size = size
        var darkRows = [UInt64](repeating: 0, count: 3 * size), darkColumns = darkRows
        var dataRows = darkRows, dataColumns = darkRows
        formatCells = QRTemplate.formatCells(size: size)
        let format = Set(formatCells.flatMap { [$0.first.y * size + $0.first.x, $0.second.y * size + $0.second.x] })
        func insert(_ table: inout [UInt64], line: Int, bit: Int) { table[3 * line + (bit >> 6)] |= 1 << UInt64(bit & 63) }
        for y in 0..<size {
            for x in 0..<size {
                let cell = y * size + x
                if matrix.isFunction[cell] {
                    // Format cells start light: each mask writes its own bits there.
                    if matrix.modules[cell], !format.contains(cell) {
                        insert(&darkRows, line: y, bit: x + 4)
                        insert(&darkColumns, line: x, bit: y + 4)
                    }
                } else {
                    insert(&dataRows, line: y, bit: x + 4)
                    insert(&dataColumns, line: x, bit: y + 4)
                }
            }
        }
        let placement = matrix.dataModuleOrder.map { UInt16($0.x | $0.y << 8) }
        self.placement = placement
        self.darkRows = darkRows
        self.darkColumns = darkColumns
        self.dataRows = dataRows
        self.dataColumns = dataColumns
    }

    /// Where format bit `i` (0–14) is written, twice (§7.9.1, as `QRMatrix.drawFormatBits`).
    private static func formatCells(size: Int) -> [(first: (x: Int, y: Int), second: (x: Int, y: Int))] {
        (0..<15).map { i in
            let first: (x: Int, y: Int) = switch i {
            case 0...5: (8, i)
            case 6: (8, 7)
            case 7: (8, 8)
            case 8: (7, 8)
            default: (14 - i, 8)
            }
            let second: (x: Int, y: Int) = i < 8 ? (size - 1 - i, 8) : (8, size - 15 + i)
            return (first, second)
        }
    }
}

/// The eight mask patterns (Table 10) as lines. A pattern repeats every 12 modules in either
/// direction (every condition is in x mod 2, 3 or 6 and y mod 2, 3, 4 or 6), so a row's line
/// depends only on y mod 12 and a column's on x mod 12.
enum QRMaskLines {
    /// `[pattern][y % 12]`, three words each: bit `x + 4` set where the pattern inverts (x, y).
    static let rows: [UInt64] = table { line, along in (x: along, y: line) }
    /// `[pattern][x % 12]`, three words each: bit `y + 4` set where the pattern inverts (x, y).
    static let columns: [UInt64] = table { line, along in (x: line, y: along) }

    private static func table(_ cell: (_ line: Int, _ along: Int) -> (x: Int, y: Int)) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: 8 * 12 * 3)
        for pattern in 0..<8 {
            for line in 0..<12 {
                for along in 0..<(3 * 64 - 4) {
                    let (x, y) = cell(line, along)
                    guard QRMask.isInverted(pattern, x: x, y: y) else { continue }
                    let bit = along + 4
                    words[(pattern * 12 + line) * 3 + (bit >> 6)] |= 1 << UInt64(bit & 63)
                }
            }
        }
        return words
    }
}
