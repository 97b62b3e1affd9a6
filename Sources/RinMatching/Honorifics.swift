/// Honorifics and suffixes that docs/RIN.md §2.2 (Names) splits off a name. They say something
/// about a person (a title, a generation) but not which person: "Dr Ada Lovelace" and "Ada
/// Lovelace" are one contact. Words are compared folded and without dots (`Dr.` is `dr`).
///
/// Our decision where the document is silent: the lists are English and the common European forms
/// seen in exports; `sr` is a suffix (Senior) when it ends a name and a prefix (Señor) when it
/// starts one. Roman numerals stop at `v`, so a name like "Vi" is never taken for one. Words that
/// are also common names are left out even when they are titles or degrees: `Don` (Don Johnson),
/// `Hon`, `Gen`, `Ma` (Yo-Yo Ma), `Ba`: stripping a real name does
/// more harm than keeping a title, which only lowers a similarity a little.
enum Honorifics {
    static let prefixes: Set<String> = [
        "mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "sir", "dame", "lady", "lord",
        "rev", "revd", "fr", "capt", "col", "lt", "sgt",
        "herr", "frau", "fraulein", "mme", "mlle", "sr", "sra", "srta", "sig", "sigra",
    ]

    static let suffixes: Set<String> = [
        "jr", "sr", "ii", "iii", "iv", "v", "phd", "md", "dds", "dmd", "esq", "mba", "jd", "llm",
        "dphil", "msc", "bsc", "rn", "cpa", "obe", "mbe", "cbe", "kbe", "qc", "kc",
    ]

    /// The word as it is looked up: folded, dots and other punctuation gone (`Ph.D.` is `phd`).
    static func lookupForm(_ word: some StringProtocol) -> String {
        // ASCII (nearly every word of a name) straight from its bytes, without the Latin table's
        // array: the parser asks this of the first and last word of every name it reads.
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(unsafeUninitializedCapacity: word.utf8.count) { buffer in
                var length = 0
                for byte in word.utf8 where ASCIIText.isLetterOrDigit(byte) {
                    buffer[length] = ASCIIText.lowercased(byte)
                    length += 1
                }
                return length
            }
        }
        if let folded = LatinFolding.foldedBytes(String(word)) {
            return String(decoding: folded.lazy.filter(ASCIIText.isLetterOrDigit), as: UTF8.self)
        }
        return unicodeLookupForm(String(word))
    }

    /// `lookupForm` by Unicode's rules, for any text.
    static func unicodeLookupForm(_ word: String) -> String {
        String(MatchFolding.unicodeFold(word).unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            .map(Character.init))
    }

    /// Whether a word, folded and lowercased (`NameKey(latinStructured:)`), is in `prefixes`,
    /// compared on its letters and digits as `lookupForm` makes them.
    static func isPrefix(_ folded: UnsafeBufferPointer<UInt8>) -> Bool { packedPrefixes.contains(folded) }

    static func isSuffix(_ folded: UnsafeBufferPointer<UInt8>) -> Bool { packedSuffixes.contains(folded) }

    private static let packedPrefixes = PackedWords(prefixes)
    private static let packedSuffixes = PackedWords(suffixes)

    /// A set of short ASCII words as integers: a name's first and last words are looked up for
    /// every card, and hashing a string into a `Set` each time cost more than the rest of the
    /// check. Words of up to 8 bytes are packed into a `UInt64` and found in a small sorted
    /// array; longer ones (`professor`) are compared as bytes.
    struct PackedWords: Sendable {
        private let short: [UInt64]
        private let long: [[UInt8]]

        init(_ words: Set<String>) {
            short = words.compactMap { Self.pack($0.utf8) }.sorted()
            long = words.filter { $0.utf8.count > 8 }.map { Array($0.utf8) }
        }

        func contains(_ folded: UnsafeBufferPointer<UInt8>) -> Bool {
            var packed: UInt64 = 0
            var length = 0
            for byte in folded {
                // Another letter (an ideograph's byte) makes a word no ASCII honorific is.
                if byte >= 0x80 { return false }
                guard ASCIIText.isLetterOrDigit(byte) else { continue }
                if length < 8 { packed |= UInt64(byte) << (8 * UInt64(length)) }
                length += 1
            }
            if length == 0 { return false }
            if length <= 8 {
                var low = 0, high = short.count
                while low < high {
                    let middle = (low + high) / 2
                    if short[middle] < packed { low = middle + 1 } else { high = middle }
                }
                return low < short.count && short[low] == packed
            }
            // Most long words are longer than every long honorific; the rest are compared in
            // place (filtering them into an array cost more than the whole look-up).
            return long.contains { word in
                guard word.count == length else { return false }
                var position = 0
                for byte in folded where ASCIIText.isLetterOrDigit(byte) {
                    if word[position] != byte { return false }
                    position += 1
                }
                return true
            }
        }

        private static func pack(_ bytes: String.UTF8View) -> UInt64? {
            guard bytes.count <= 8 else { return nil }
            var packed: UInt64 = 0
            for (offset, byte) in bytes.enumerated() { packed |= UInt64(byte) << (8 * UInt64(offset)) }
            return packed
        }
    }
}
