import Testing
@testable import KindredQR
import SeededRandom

/// The mode choice written out for three modes gives what the dynamic programme over arrays gave
/// (the forms these were rewritten from are kept here as references).
@Suite struct QRModeChoiceTests {
    /// The array form `QREncoder.optimalModes` had before its three modes were written out.
    static func reference(_ bytes: [UInt8], version: Int) -> [QRMode] {
        let modes = QRMode.allCases
        let count = modes.count
        guard !bytes.isEmpty else { return [] }
        let perChar = [48, 33, 20]
        let header = modes.map { (4 + $0.characterCountBits(version: version)) * 6 }
        let unreachable = Int.max / 4
        var previous = header
        var current = previous, extended = previous, extendedVia = previous
        var via = [Int](repeating: -1, count: bytes.count * count)
        for (i, byte) in bytes.enumerated() {
            let row = i * count
            for j in 0..<count {
                current[j] = unreachable
                if modes[j].canEncode(byte) && previous[j] < unreachable {
                    current[j] = previous[j] + perChar[j]
                    via[row + j] = j
                }
            }
            for j in 0..<count {
                extended[j] = current[j]
                extendedVia[j] = via[row + j]
            }
            for j in 0..<count {
                for k in 0..<count where k != j && extendedVia[k] >= 0 {
                    let cost = (extended[k] + 5) / 6 * 6 + header[j]
                    if cost < current[j] {
                        current[j] = cost
                        via[row + j] = k
                    }
                }
            }
            swap(&previous, &current)
        }
        var state = 0
        var best = unreachable
        let last = (bytes.count - 1) * count
        for j in 0..<count where via[last + j] >= 0 {
            let cost = (previous[j] + 5) / 6 * 6
            if cost < best { best = cost; state = j }
        }
        var result = [QRMode](repeating: .byte, count: bytes.count)
        for i in stride(from: bytes.count - 1, through: 0, by: -1) {
            let encodedIn = via[i * count + state]
            guard encodedIn >= 0 else { break }
            result[i] = modes[encodedIn]
            state = encodedIn
        }
        return result
    }

    @Test func randomTextsGetTheArrayFormsModes() {
        // Alphabets that make every switch worth weighing: digits, the alphanumeric set, lower
        // case and UTF-8 beyond ASCII, in runs of random lengths.
        let alphabets: [[UInt8]] = [Array("0123456789".utf8), Array("ABCXYZ $%*+-./:".utf8), Array("abcxyz?&=_".utf8),
                                    Array("é世🙂".utf8)]
        var rng = SplitMix64(seed: 0x6D6F_6465)
        for round in 0..<3_000 {
            var bytes: [UInt8] = []
            let runs = Int(rng.next() % 8) + 1
            for _ in 0..<runs {
                let alphabet = alphabets[Int(rng.next() % UInt64(alphabets.count))]
                for _ in 0..<Int(rng.next() % 24) { bytes.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
            }
            let version = [1, 9, 10, 26, 27, 40][round % 6]
            #expect(QREncoder.optimalModes(bytes, version: version) == Self.reference(bytes, version: version), "\(bytes)")
        }
        let link = Array("http://127.0.0.1:8080/c/63cbe1e4-5932-0dd7-044c-3cd7f43c661c".utf8)
        #expect(QREncoder.optimalModes(link, version: 4) == Self.reference(link, version: 4))
        #expect(QREncoder.optimalModes([], version: 1).isEmpty)
    }
}

/// The codewords interleaved by index give what interleaving arrays of blocks gave.
@Suite struct QRInterleaveTests {
    /// The form `ReedSolomon.addErrorCorrectionAndInterleave` had before it wrote by index.
    static func reference(data: [UInt8], version: Int, ecl: ErrorCorrection) -> [UInt8] {
        let eccLength = QRTables.eccPerBlock(version: version, ecl: ecl)
        let lengths = QRTables.blockDataLengths(version: version, ecl: ecl)
        var dataBlocks: [ArraySlice<UInt8>] = [], eccBlocks: [[UInt8]] = []
        var offset = 0
        for length in lengths {
            let end = min(offset + length, data.count)
            let block = offset < end ? data[offset..<end] : []
            offset = end
            dataBlocks.append(block)
            eccBlocks.append(ReedSolomon.remainder(block, degree: eccLength))
        }
        var result: [UInt8] = []
        for i in 0..<(lengths.max() ?? 0) {
            for block in dataBlocks where i < block.count { result.append(block[block.startIndex + i]) }
        }
        for i in 0..<eccLength {
            for block in eccBlocks where i < block.count { result.append(block[i]) }
        }
        return result
    }

    @Test func everyVersionAndLevelInterleavesAsBefore() {
        var rng = SplitMix64(seed: 0x5253)
        for version in 1...40 {
            for ecl in ErrorCorrection.allCases {
                let count = QRTables.dataCodewords(version: version, ecl: ecl)
                let data = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                #expect(ReedSolomon.addErrorCorrectionAndInterleave(data: data, version: version, ecl: ecl)
                        == Self.reference(data: data, version: version, ecl: ecl), "\(version)-\(ecl)")
            }
        }
        // A short input (never built by the encoder) is clamped the same way.
        let short: [UInt8] = [1, 2, 3]
        #expect(ReedSolomon.addErrorCorrectionAndInterleave(data: short, version: 5, ecl: .high) == Self.reference(data: short, version: 5, ecl: .high))
    }
}
