extension PersonName {
    /// Builds the parts from a formatted name (`FN`, or a single "Name" column of a CSV).
    ///
    /// - `Lovelace, Ada` is family first (§2.2: "`Last, First` split"); a comma before suffixes
    ///   only (`Ada Lovelace, PhD`) is not.
    /// - Otherwise the last word is the family name, except in names written only in Han, kana or
    ///   Hangul, where the family name comes first (`山田 太郎`). Our decision: docs/RIN.md is
    ///   silent, and this is how those names are written in every export we have seen.
    /// - A reversed Western name without a comma (`Smith John`) cannot be told from a given name
    ///   followed by a family name, so it is read as written (our decision); see `NameKey.compatible`.
    public init(formatted text: String) {
        let commaParts = MatchFolding.nfkc(text).split(separator: ",")
            .map { Self.words(String($0)) }.filter { !$0.isEmpty }
        var suffixes: [String] = []
        var nameParts: [[String]] = []
        for (index, part) in commaParts.enumerated() {
            if index > 0, part.allSatisfy({ Honorifics.suffixes.contains(Honorifics.lookupForm($0)) }) {
                suffixes += part
            } else {
                nameParts.append(part)
            }
        }
        var parsed: PersonName
        if nameParts.count == 2 {
            parsed = Self.split(nameParts[1] + nameParts[0], familyCount: nameParts[0].count)
        } else {
            let words = nameParts.flatMap { $0 }
            let familyFirst = words.count > 1 && words.allSatisfy(Self.isEastAsian)
            parsed = familyFirst
                ? Self.split(Array(words.dropFirst()) + [words[0]], familyCount: 1)
                : Self.split(words, familyCount: words.count > 1 ? 1 : 0)
        }
        parsed.suffixes += suffixes
        self = parsed
    }

    /// Takes honorifics off the front and suffixes off the end of `words` (the given names then
    /// the family names), but never the last word left: `Miss` alone, or a person called `Ma`,
    /// stays a name. The last `familyCount` words are the family name.
    ///
    /// A single word is a given name (`Cher`, `Ada`): contacts typed with one word are almost
    /// always first names.
    static func split(_ words: [String], familyCount: Int) -> PersonName {
        var words = words
        var familyCount = familyCount
        var prefixes: [String] = []
        var suffixes: [String] = []
        while words.count > 1, Honorifics.prefixes.contains(Honorifics.lookupForm(words[0])) {
            prefixes.append(words.removeFirst())
            familyCount = min(familyCount, words.count)
        }
        while words.count > 1, let last = words.last, Honorifics.suffixes.contains(Honorifics.lookupForm(last)) {
            suffixes.insert(words.removeLast(), at: 0)
            // When the family name was only the suffix (`John Jr`), the word before becomes it.
            familyCount = max(familyCount == 0 ? 0 : 1, familyCount - 1)
        }
        familyCount = min(familyCount, words.count)
        return PersonName(given: Array(words.dropLast(familyCount)), family: Array(words.suffix(familyCount)),
                          prefixes: prefixes, suffixes: suffixes)
    }

    /// A word written only in Han, Hiragana, Katakana or Hangul.
    static func isEastAsian(_ word: String) -> Bool {
        word.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
                 0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F, 0x20000...0x2FA1F, 0x30FC:
                return true
            default:
                return false
            }
        }
    }
}
