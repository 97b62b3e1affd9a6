extension NameKey {
    /// How alike two names are once what one side never wrote is set aside: Jaro–Winkler on the
    /// first given name and the family name, where
    /// - middle names are left out (`Mary Scott Caldwell` and `Mary Caldeell` compare as
    ///   `mary caldwell` and `mary caldeell`),
    /// - a first name that is the other's initial or prefix counts as the other's (`E. Haymn`
    ///   and `Elizabeth Hayman` compare as `elizabeth haymn` and `elizabeth hayman`),
    /// - a part one side lacks entirely is left out of both (`Larry` and `Larry Baker` compare as
    ///   `larry` and `larry`).
    ///
    /// Our reading of §2.3's "similar name (Jaro–Winkler ≥ 0.92)": the score table's second row
    /// exists for the same person typed twice, and a missing middle or family name, or an initial,
    /// is the commonest way a second source types a name. It never joins two different given
    /// names that share a family (`John Smith` and `Jane Smith` stay below the line), and it only
    /// ever raises a shared-channel pair to a suggestion: automatic merges need `compatible`.
    static func alignedSimilarity(_ a: NameKey, _ b: NameKey) -> Double {
        alignedSimilarity(a, b, whole: nil)
    }

    /// With `whole`, the caller's `JaroWinkler.similarity(a.fullKey, b.fullKey)`, returned when
    /// the aligned names are the whole names (one given name each, both with family names), which
    /// they are for most pairs.
    static func alignedSimilarity(_ a: NameKey, _ b: NameKey, whole: Double?) -> Double {
        guard let (leftGiven, rightGiven, withFamilies) = alignment(a, b) else { return 0 }
        // Most pairs align to their whole names: known without building the aligned text.
        if let whole, a.isWhole(given: leftGiven, withFamily: withFamilies), b.isWhole(given: rightGiven, withFamily: withFamilies) {
            return whole
        }
        return JaroWinkler.similarity(a.aligned(given: leftGiven, withFamily: withFamilies),
                                      b.aligned(given: rightGiven, withFamily: withFamilies))
    }

    /// Whether both sides align to their whole names (`fullKey`): then `alignedSimilarity` is
    /// Jaro–Winkler on the whole names, and two names that have nothing to align score 0.
    static func alignsWhole(_ a: NameKey, _ b: NameKey) -> Bool {
        guard let (leftGiven, rightGiven, withFamilies) = alignment(a, b) else { return true }
        return a.isWhole(given: leftGiven, withFamily: withFamilies) && b.isWhole(given: rightGiven, withFamily: withFamilies)
    }

    /// The given name each side is compared on, and whether the family names are; nil when the
    /// two have nothing to compare.
    private static func alignment(_ a: NameKey, _ b: NameKey) -> (String?, String?, Bool)? {
        if a.isEmpty || b.isEmpty { return nil }
        var leftGiven: String?, rightGiven: String?
        if let first = a.given.first, let other = b.given.first {
            // `givenWordsAgree` tests the prefix itself before any per-letter script test, on the
            // bytes for ASCII words. When they agree one is a prefix of the other, so the longer
            // in bytes is the longer in letters (`String.count` walks grapheme breaks).
            let agree = givenWordsAgree(first, other)
            leftGiven = agree && other.utf8.count > first.utf8.count ? other : first
            rightGiven = agree && first.utf8.count > other.utf8.count ? first : other
        }
        let withFamilies = !a.family.isEmpty && !b.family.isEmpty
        if leftGiven == nil && !withFamilies { return nil }
        return (leftGiven, rightGiven, withFamilies)
    }

    /// The aligned text of this side: the chosen given name, then the family words when both
    /// sides have some.
    private func aligned(given: String?, withFamily: Bool) -> String {
        guard withFamily else { return given ?? "" }
        guard let given else { return familyKey }
        return given + " " + familyKey
    }

    /// Whether `aligned(given:withFamily:)` is `fullKey`.
    private func isWhole(given chosen: String?, withFamily: Bool) -> Bool {
        guard let chosen else { return withFamily && given.isEmpty }
        return given.count == 1 && given[0] == chosen && (withFamily || family.isEmpty)
    }
}
