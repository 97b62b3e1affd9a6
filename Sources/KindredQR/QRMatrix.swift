/// Mutable module grid, a module at a time, as ISO 18004 describes it: coordinates are
/// (x = column, y = row), origin top-left, as in its figures. It draws each version's function
/// patterns for `QRTemplate`; its placement and masking are the plain form of the standard the
/// line-at-a-time encoder (`QRSymbolBuilder`) is tested against.
struct QRMatrix: Sendable {
    let version: Int
    let size: Int
    /// Row-major, true = dark.
    private(set) var modules: [Bool]
    /// True for finder/separator/timing/alignment/format/version/dark-module
    /// cells: never masked, never carrying data.
    private(set) var isFunction: [Bool]

    init(version: Int) {
        self.version = version
        size = version * 4 + 17
        modules = [Bool](repeating: false, count: size * size)
        isFunction = [Bool](repeating: false, count: size * size)
        drawFunctionPatterns()
    }

    func module(_ x: Int, _ y: Int) -> Bool { modules[y * size + x] }

    private mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
        guard x >= 0, y >= 0, x < size, y < size else { return }
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    private mutating func drawFunctionPatterns() {
        // Timing patterns on row 6 and column 6 (drawn first; finders overwrite the ends).
        for i in 0..<size {
            setFunction(6, i, i % 2 == 0)
            setFunction(i, 6, i % 2 == 0)
        }
        // Finder patterns with their one-module light separators: a 9×9 stamp
        // centred on each finder, clipped at the symbol edge.
        for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 {
                    let ring = max(abs(dx), abs(dy))
                    setFunction(cx + dx, cy + dy, ring != 2 && ring != 4)
                }
            }
        }
        // Alignment patterns at every centre pair except the three finder corners.
        let positions = version < QRTables.alignmentPositions.count ? QRTables.alignmentPositions[version] : []
        let last = positions.count - 1
        for (i, cx) in positions.enumerated() {
            for (j, cy) in positions.enumerated() {
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 {
                    for dx in -2...2 { setFunction(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        // Reserve the format areas (real bits are written after masking) and
        // set the always-dark module at (8, size − 8).
        drawFormatBits(ecl: .medium, mask: 0)
        drawVersion()
    }

    /// 15-bit format information: 2 EC bits + 3 mask bits, BCH(15,5) with
    /// generator 0x537, xored with 0x5412 so it is never all-zero (§7.9.1).
    static func formatBits(ecl: ErrorCorrection, mask: Int) -> Int {
        let data = ecl.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return ((data << 10) | remainder) ^ 0x5412
    }

    /// 18-bit version information: 6 version bits, BCH(18,6) with generator 0x1F25 (§7.10).
    static func versionBits(version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }

    mutating func drawFormatBits(ecl: ErrorCorrection, mask: Int) {
        let bits = QRMatrix.formatBits(ecl: ecl, mask: mask)
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        // Copy 1, around the top-left finder (skipping timing row/column 6).
        for i in 0...5 { setFunction(8, i, bit(i)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for i in 9..<15 { setFunction(14 - i, 8, bit(i)) }
        // Copy 2, split between the top-right and bottom-left finders.
        for i in 0..<8 { setFunction(size - 1 - i, 8, bit(i)) }
        for i in 8..<15 { setFunction(8, size - 15 + i, bit(i)) }
        setFunction(8, size - 8, true)  // dark module
    }

    private mutating func drawVersion() {
        guard version >= 7 else { return }
        let bits = QRMatrix.versionBits(version: version)
        for i in 0..<18 {
            let dark = (bits >> i) & 1 == 1
            let a = size - 11 + i % 3
            let b = i / 3
            setFunction(a, b, dark)  // top-right block
            setFunction(b, a, dark)  // bottom-left block (transposed)
        }
    }

    /// The data modules in the order codeword bits fill them (§7.7.3): two-module-wide columns
    /// from the right, alternating upward and downward, skipping column 6 (vertical timing) and
    /// every function module. `QRTemplate` keeps it per version.
    var dataModuleOrder: [(x: Int, y: Int)] {
        var order: [(x: Int, y: Int)] = []
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for vertical in 0..<size {
                let y = upward ? size - 1 - vertical : vertical
                for x in stride(from: right, through: right - 1, by: -1) where !isFunction[y * size + x] { order.append((x, y)) }
            }
            right -= 2
        }
        return order
    }

    /// Places the codewords' bits in `dataModuleOrder`; leftover remainder bits stay light.
    mutating func placeCodewords(_ codewords: [UInt8]) {
        for (index, cell) in dataModuleOrder.prefix(codewords.count * 8).enumerated() {
            modules[cell.y * size + cell.x] = (codewords[index >> 3] >> UInt8(7 - (index & 7))) & 1 == 1
        }
    }

    /// XORs mask `pattern` onto non-function modules; applying it twice undoes it.
    mutating func applyMask(_ pattern: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && QRMask.isInverted(pattern, x: x, y: y) {
                modules[y * size + x].toggle()
            }
        }
    }
}
