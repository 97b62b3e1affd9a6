/// The Latin letters beyond ASCII that address books are full of (`é`, `ü`, `ß`, `ø`, `ł`…),
/// folded once each, so that names written with them take the fast paths too.
///
/// A table by scalar for U+0080 to U+024F (Latin-1 Supplement, Latin Extended-A and -B) and
/// U+1E00 to U+1EFF (Latin Extended Additional: Vietnamese, Welsh), built on first use from the
/// Unicode paths themselves, so it cannot disagree with them:
/// - `folded[v]`: `MatchFolding.fold` of the letter alone, when that is ASCII letters only;
/// - `isStable[v]`: a letter that NFKC leaves as it is.
/// Folding is letter by letter for such text: each of these letters is precomposed and a starter,
/// ASCII never combines with what follows, so NFKC, case folding and the removal of accents act
/// on each alone. Text with anything else (a combining mark, another script) takes the Unicode
/// path. `MatchFoldingTests` compares the two on random text.
enum LatinFolding {
    static let ranges: [Range<UInt32>] = [0x80..<0x250, 0x1E00..<0x1F00]

    /// Where `value`'s entry is in the tables, if they hold it.
    @inline(__always)
    static func entry(_ value: UInt32) -> Int? {
        if value < 0x250 { return value >= 0x80 ? Int(value - 0x80) : nil }
        if value >= 0x1E00 && value < 0x1F00 { return Int(value - 0x1E00) + 0x1D0 }
        return nil
    }

    struct Tables: Sendable {
        let folded: [[UInt8]?]
        let isStable: [Bool]
        /// `folded` flat, for byte-level readers (`fold(utf8:into:)`): entry i's bytes are
        /// `foldedBytes[foldedStart[i]..<foldedStart[i + 1]]`, none when it has no folding.
        let foldedStart: [UInt16]
        let foldedBytes: [UInt8]

        init(folded: [[UInt8]?], isStable: [Bool]) {
            self.folded = folded
            self.isStable = isStable
            var start: [UInt16] = [0], bytes: [UInt8] = []
            for fold in folded {
                bytes += fold ?? []
                start.append(UInt16(bytes.count))
            }
            foldedStart = start
            foldedBytes = bytes
        }
    }

    static let tables: Tables = {
        var folded: [[UInt8]?] = []
        var isStable: [Bool] = []
        for value in ranges.joined() {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic else {
                folded.append(nil)
                isStable.append(false)
                continue
            }
            let letter = String(scalar)
            let fold = Array(MatchFolding.unicodeFold(letter).utf8)
            folded.append(!fold.isEmpty && fold.allSatisfy { ASCIIText.isLetterOrDigit($0) && $0 > 0x39 } ? fold : nil)
            // Scalar by scalar: `==` on strings would call a canonical equivalent the same.
            isStable.append(Array(MatchFolding.unicodeNFKC(letter).unicodeScalars) == [scalar])
        }
        return Tables(folded: folded, isStable: isStable)
    }()

    /// The folded bytes of `text` when every scalar is ASCII or a letter with an ASCII folding;
    /// ASCII is lowercased. Nil otherwise.
    static func foldedBytes(_ text: String) -> [UInt8]? {
        let tables = tables
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                bytes.append(ASCIIText.lowercased(UInt8(scalar.value)))
            } else if let entry = entry(scalar.value), let fold = tables.folded[entry] {
                bytes += fold
            } else {
                return nil
            }
        }
        return bytes
    }

    /// `foldedBytes` on UTF-8 in place, written to `output` from `count` on: false (with
    /// `count` wherever it got to) when a scalar has no folding or `output` is full. The name
    /// key's fast path folds a whole name with it, without an array per part.
    ///
    /// With `keepingSyllabaries`, CJK unified ideographs (U+4E00 to U+9FFF) and Hangul syllables
    /// (U+AC00 to U+D7A3) are kept as they are: NFKC, case folding and accent removal leave them
    /// alone, and each is a letter on its own, so a name in them needs no Unicode path either.
    /// Such output holds non-ASCII bytes only for those.
    static func fold(utf8 input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>,
                     count: inout Int, keepingSyllabaries: Bool = false) -> Bool {
        let tables = tables
        var index = 0
        while index < input.count {
            let lead = input[index]
            if lead < 0x80 {
                guard count < output.count else { return false }
                output[count] = ASCIIText.lowercased(lead)
                count += 1
                index += 1
                continue
            }
            // Valid UTF-8 (a `String`'s): a two-byte scalar starts 110xxxxx, a three-byte 1110xxxx.
            let value: UInt32
            if lead & 0xE0 == 0xC0, index + 1 < input.count {
                value = UInt32(lead & 0x1F) << 6 | UInt32(input[index + 1] & 0x3F)
                index += 2
            } else if lead & 0xF0 == 0xE0, index + 2 < input.count {
                value = UInt32(lead & 0x0F) << 12 | UInt32(input[index + 1] & 0x3F) << 6 | UInt32(input[index + 2] & 0x3F)
                if keepingSyllabaries && ((0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)) {
                    guard count + 3 <= output.count else { return false }
                    for offset in 0..<3 { output[count + offset] = input[index + offset] }
                    count += 3
                    index += 3
                    continue
                }
                index += 3
            } else {
                return false
            }
            guard let entry = entry(value) else { return false }
            let start = Int(tables.foldedStart[entry]), end = Int(tables.foldedStart[entry + 1])
            guard start < end, count + (end - start) <= output.count else { return false }
            for position in start..<end {
                output[count] = tables.foldedBytes[position]
                count += 1
            }
        }
        return true
    }

    /// Whether NFKC leaves `text` as it is because it is ASCII and letters NFKC keeps.
    static func isStable(_ text: some StringProtocol) -> Bool {
        let tables = tables
        return text.unicodeScalars.allSatisfy { scalar in
            if scalar.isASCII { return true }
            guard let entry = entry(scalar.value) else { return false }
            return tables.isStable[entry]
        }
    }
}
