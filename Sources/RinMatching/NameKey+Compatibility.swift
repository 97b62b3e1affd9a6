extension NameKey {
    /// docs/RIN.md §2.3, "Compatible name": equal folded family names, and given names equal or
    /// one an initial or prefix of the other; or one side has no name at all. An automatic merge
    /// needs this on top of a shared e-mail or phone (§2.3, "Sure").
    ///
    /// Where the document is silent (our decisions, all leaning to precision, since §2.3 puts a
    /// wrong merge above a missed one):
    /// - Given names are compared word by word in order; the longer side may have more (`John`
    ///   and `John Quincy`, `J. Q.` and `John Quincy`), so a missing middle name is no clash.
    /// - A side with a family name but no given name, or the reverse, is not compatible with a full
    ///   name (`Smith` and `John Smith`): only "no name at all" is free in §2.3.
    /// - Initials and prefixes count only in scripts with letter case. In Han, kana or Hangul a
    ///   single character is a whole name (`李 明` is not `李 明华`), so those compare exactly.
    /// - Reversed order (`Smith John`) is not compatible: it cannot be told from two people named
    ///   `Thomas James` and `James Thomas`. `similarity` scores it as a near match instead, which
    ///   §2.3 turns into a suggestion, not an automatic merge.
    public static func compatible(_ a: NameKey, _ b: NameKey) -> Bool {
        if a.isEmpty || b.isEmpty { return true }
        guard a.family == b.family else { return false }
        if a.given.isEmpty || b.given.isEmpty { return a.given.isEmpty && b.given.isEmpty }
        return zip(a.given, b.given).allSatisfy { givenWordsAgree($0, $1) }
    }

    /// Equal, or one an initial or prefix of the other (`j`/`john`, `jon`/`jonathan`).
    static func givenWordsAgree(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        if let ascii = asciiWordsAgree(a, b) { return ascii }
        // The prefix test first: it fails for most pairs (a household's different given names),
        // and spares those the per-letter script test.
        guard a.hasPrefix(b) || b.hasPrefix(a) else { return false }
        return a.allSatisfy(isCasedLetter) && b.allSatisfy(isCasedLetter)
    }

    /// `givenWordsAgree` for two different ASCII words, on their bytes; nil for other text. In
    /// ASCII a cased letter is `a`–`z` or `A`–`Z`, and `hasPrefix` compares bytes.
    private static func asciiWordsAgree(_ a: String, _ b: String) -> Bool? {
        a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right -> Bool? in
                guard ASCIIText.isASCII(left), ASCIIText.isASCII(right) else { return nil }
                let (short, long) = left.count <= right.count ? (left, right) : (right, left)
                guard short.indices.allSatisfy({ short[$0] == long[$0] }) else { return false }
                return long.allSatisfy(ASCIIText.isLetter)
            } ?? nil
        } ?? nil
    }

    /// A letter of a script that has case (Latin, Greek, Cyrillic, Armenian…), judged on the
    /// folded, lowercase form.
    private static func isCasedLetter(_ character: Character) -> Bool {
        character.isLetter && character.isCased
    }

    /// How alike two names are, in 0...1: Jaro-Winkler on `fullKey`, and on the words sorted, so
    /// that `Smith John` and `John Smith` score 1. §2.3's score table calls names with
    /// similarity ≥ 0.92 "similar". A side without a name scores 0: no name is no evidence.
    public static func similarity(_ a: NameKey, _ b: NameKey) -> Double {
        if a.isEmpty || b.isEmpty { return 0 }
        let inOrder = JaroWinkler.similarity(a.fullKey, b.fullKey)
        // Names whose words are already in order (`ada lovelace` is not; `grace hopper` is) would
        // only repeat the same comparison.
        if a.isInOrder && b.isInOrder { return inOrder }
        let sorted = JaroWinkler.similarity(a.sortedKey, b.sortedKey)
        return max(inOrder, sorted)
    }
}
