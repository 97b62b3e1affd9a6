/// Capacity and layout tables from ISO/IEC 18004:2015 Tables 9 and E.1.
///
/// Rather than storing the (version × level) group table row by row, we keep
/// the two independent columns it is built from — EC codewords per block and
/// number of blocks — and derive data codewords and the group-1/group-2 split
/// from the number of raw data modules, exactly as Table 9 does.
enum QRTables {
    /// EC codewords per block, indexed [level L/M/Q/H][version]; index 0 unused.
    static let eccCodewordsPerBlock: [[Int]] = [
        [-1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [-1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [-1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Number of EC blocks (group 1 + group 2), indexed [level][version].
    static let errorCorrectionBlocks: [[Int]] = [
        [-1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [-1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [-1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]

    /// Alignment pattern centre coordinates (Annex E, Table E.1), index = version.
    static let alignmentPositions: [[Int]] = [
        [], [],
        [6, 18], [6, 22], [6, 26], [6, 30], [6, 34],
        [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62],
        [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78], [6, 30, 56, 82], [6, 30, 58, 86], [6, 34, 62, 90],
        [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106],
        [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118],
        [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130], [6, 30, 56, 82, 108, 134],
        [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142], [6, 34, 62, 90, 118, 146],
        [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158],
        [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170],
    ]

    /// Modules available for data + EC after all function patterns and the
    /// format/version areas are removed (includes 0–7 remainder bits).
    static func rawDataModules(version: Int) -> Int {
        var result = (16 * version + 128) * version + 64  // size² minus finders, separators, format
        if version >= 2 {
            let align = version / 7 + 2
            result -= (25 * align - 10) * align - 55  // alignment patterns net of timing overlap
            if version >= 7 { result -= 36 }  // two 6×3 version blocks
        }
        return result
    }

    /// Total codewords (data + EC) of a symbol; remainder bits dropped.
    static func totalCodewords(version: Int) -> Int { rawDataModules(version: version) / 8 }

    static func eccPerBlock(version: Int, ecl: ErrorCorrection) -> Int {
        eccCodewordsPerBlock[ecl.tableIndex][version]
    }

    static func blockCount(version: Int, ecl: ErrorCorrection) -> Int {
        errorCorrectionBlocks[ecl.tableIndex][version]
    }

    /// Data codewords for (version, level) — the "number of data codewords" column of Table 7.
    static func dataCodewords(version: Int, ecl: ErrorCorrection) -> Int {
        totalCodewords(version: version) - eccPerBlock(version: version, ecl: ecl) * blockCount(version: version, ecl: ecl)
    }

    /// Block structure as in Table 9: group 1 has the short blocks, group 2
    /// blocks carry one more data codeword. Returns data lengths per block.
    static func blockDataLengths(version: Int, ecl: ErrorCorrection) -> [Int] {
        let blocks = blockCount(version: version, ecl: ecl)
        let total = totalCodewords(version: version)
        let shortBlocks = blocks - total % blocks
        let shortData = total / blocks - eccPerBlock(version: version, ecl: ecl)
        return (0..<blocks).map { $0 < shortBlocks ? shortData : shortData + 1 }
    }
}
