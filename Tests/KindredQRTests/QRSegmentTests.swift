import Testing
@testable import KindredQR
import SeededRandom

/// Mode selection, segmentation and capacity behaviour.
@Suite struct QRSegmentTests {
    static func bits(_ text: String, version: Int = 1) -> Int {
        QREncoder.totalBits(QREncoder.makeSegments(Array(text.utf8), version: version), version: version)
    }

    static func modes(_ text: String, version: Int = 1) -> [QRMode] {
        QREncoder.makeSegments(Array(text.utf8), version: version).map(\.mode)
    }

    @Test func singleModeChoice() {
        #expect(Self.modes("0123456789") == [.numeric])
        #expect(Self.modes("HELLO WORLD") == [.alphanumeric])
        #expect(Self.modes("hello world") == [.byte])
        #expect(Self.modes("") == [])
        // Exact bit counts: 4 + 10 + 34 for ten digits; 4 + 9 + 61 for 11 alnum chars.
        #expect(Self.bits("0123456789") == 48)
        #expect(Self.bits("HELLO WORLD") == 74)
        #expect(Self.bits("hello world") == 4 + 8 + 88)
    }

    @Test func numericBeatsAlphanumericBeatsByte() {
        let digits = "31415926535897932384626433832795"
        let numeric = Self.bits(digits)
        let alnumOnly = QRSegment(mode: .alphanumeric, bytes: Array(digits.utf8)[...]).bitLength(version: 1)
        let byteOnly = QRSegment(mode: .byte, bytes: Array(digits.utf8)[...]).bitLength(version: 1)
        #expect(numeric < alnumOnly)
        #expect(alnumOnly < byteOnly)
    }

    @Test func mixedSegmentsWhenCheaper() {
        // A long digit run inside a URL is worth its own numeric segment.
        let url = "https://kindred.app/c/12345678901234567890123456"
        let modes = Self.modes(url)
        #expect(modes.contains(.numeric))
        #expect(modes.contains(.byte))
        let single = QRSegment(mode: .byte, bytes: Array(url.utf8)[...]).bitLength(version: 1)
        #expect(Self.bits(url) < single)
        // A short digit run is not: switching costs more than it saves.
        #expect(Self.modes("abc12def") == [.byte])
        // Upper-case alnum prefix followed by a long numeric tail.
        #expect(Self.modes("KINDRED-0000000000000000000000") == [.alphanumeric, .numeric])
    }

    @Test func segmentationNeverWorseThanAnySingleMode() {
        var rng = SplitMix64(seed: 42)
        let alphabet = Array("0123456789ABCXYZ $%:/abc-é".utf8)
        for _ in 0..<200 {
            let length = Int.random(in: 1...60, using: &rng)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &rng) ?? 0x30 }
            for version in [1, 10, 27] {
                let best = QREncoder.totalBits(QREncoder.makeSegments(bytes, version: version), version: version)
                let byteOnly = QRSegment(mode: .byte, bytes: bytes[...]).bitLength(version: version)
                #expect(best <= byteOnly)
                if bytes.allSatisfy({ QRMode.alphanumeric.canEncode($0) }) {
                    #expect(best <= QRSegment(mode: .alphanumeric, bytes: bytes[...]).bitLength(version: version))
                }
            }
        }
    }

    @Test func countBitsDependOnVersionRange() {
        #expect(QRMode.numeric.characterCountBits(version: 9) == 10)
        #expect(QRMode.numeric.characterCountBits(version: 10) == 12)
        #expect(QRMode.alphanumeric.characterCountBits(version: 26) == 11)
        #expect(QRMode.alphanumeric.characterCountBits(version: 27) == 13)
        #expect(QRMode.byte.characterCountBits(version: 9) == 8)
        #expect(QRMode.byte.characterCountBits(version: 10) == 16)
        #expect(Self.bits("hello", version: 9) + 8 == Self.bits("hello", version: 10))
    }

    @Test func byteCapacityEdgeAt40L() throws {
        // 40-L holds 2956 data codewords: 4 + 16 + 8·2953 = 23644 ≤ 23648 bits.
        let fits = [UInt8](repeating: UInt8(ascii: "a"), count: 2953)
        let code = try QRCode(encoding: fits, errorCorrection: .low)
        #expect(code.version == 40)
        #expect(code.size == 177)
        #expect(throws: QRCodeError.dataTooLong) {
            try QRCode(encoding: fits + [UInt8(ascii: "a")], errorCorrection: .low)
        }
    }

    @Test func numericAndAlphanumericCapacityEdges() throws {
        let digits = String(repeating: "7", count: 7089)
        #expect(try QRCode(encoding: digits, errorCorrection: .low).version == 40)
        #expect(throws: QRCodeError.dataTooLong) { try QRCode(encoding: digits + "7", errorCorrection: .low) }
        let alnum = String(repeating: "Q", count: 1852)  // 40-H alphanumeric capacity
        #expect(try QRCode(encoding: alnum, errorCorrection: .high).version == 40)
        #expect(throws: QRCodeError.dataTooLong) { try QRCode(encoding: alnum + "Q", errorCorrection: .high) }
    }

    @Test func versionGrowsWithLength() throws {
        var last = 0
        for length in stride(from: 1, through: 1200, by: 37) {
            let code = try QRCode(encoding: String(repeating: "x", count: length), errorCorrection: .medium)
            #expect(code.version >= last)
            #expect(code.size == 4 * code.version + 17)
            last = code.version
        }
        #expect(last >= 27)  // reaches the third count-indicator range (27–40)
        // Known version boundary: 1-M holds 14 bytes, the 15th needs version 2.
        #expect(try QRCode(encoding: String(repeating: "x", count: 14)).version == 1)
        #expect(try QRCode(encoding: String(repeating: "x", count: 15)).version == 2)
    }

    @Test func minimumVersionAndLevels() throws {
        #expect(try QRCode(encoding: "hi", minimumVersion: 12).version == 12)
        #expect(try QRCode(encoding: "hi", minimumVersion: 99).version == 40)
        #expect(try QRCode(encoding: "hi", minimumVersion: -3).version == 1)
        let text = "kindred://connect?invite=Zm9vYmFyYmF6cXV4&relay=wss%3A%2F%2Frelay.kindred.app"
        let versions = try ErrorCorrection.allCases.map { try QRCode(encoding: text, errorCorrection: $0).version }
        #expect(versions == versions.sorted())
    }

    @Test func utf8TextEqualsItsBytes() throws {
        let text = "Grüße, 世界 🙂"
        let fromText = try QRCode(encoding: text)
        let fromBytes = try QRCode(encoding: Array(text.utf8))
        #expect(fromText == fromBytes)
        #expect(fromText[-1, 0] == false && fromText[0, fromText.size] == false)
    }
}
