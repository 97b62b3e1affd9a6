/// The Latin letters beyond ASCII that address books are full of (`é`, `ü`, `ß`, `ø`, `ł`…),
/// folded once each, so that names written with them take the fast paths too.
///
/// A table by scalar for U+0080 to U+024F (Latin-1 Supplement, Latin Extended-A and -B), built on
/// first use from the Unicode paths themselves, so it cannot disagree with them:
/// - `folded[v]`: `MatchFolding.fold` of the letter alone, when that is ASCII letters only;
/// - `isStable[v]`: a letter that NFKC leaves as it is.
/// Folding is letter by letter for such text: each of these letters is precomposed and a starter,
/// ASCII never combines with what follows, so NFKC, case folding and the removal of accents act
/// on each alone. Text with anything else (a combining mark, another script) takes the Unicode
/// path. `MatchFoldingTests` compares the two on random text.
enum LatinFolding {
    static let range: Range<UInt32> = 0x80..<0x250

    struct Tables: Sendable {
        let folded: [[UInt8]?]
        let isStable: [Bool]
    }

    static let tables: Tables = {
        var folded: [[UInt8]?] = []
        var isStable: [Bool] = []
        for value in range {
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
            } else if range.contains(scalar.value), let fold = tables.folded[Int(scalar.value - range.lowerBound)] {
                bytes += fold
            } else {
                return nil
            }
        }
        return bytes
    }

    /// Whether NFKC leaves `text` as it is because it is ASCII and letters NFKC keeps.
    static func isStable(_ text: some StringProtocol) -> Bool {
        let tables = tables
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII || (range.contains(scalar.value) && tables.isStable[Int(scalar.value - range.lowerBound)])
        }
    }
}
