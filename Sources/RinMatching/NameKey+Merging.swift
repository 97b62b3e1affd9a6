extension NameKey {
    /// The name a merged contact is matched by: of two compatible names, each given word the
    /// longer of the two, and the middle names of the side that has more (`J. Smith` and
    /// `John Q. Smith` give `John Q. Smith`). Any name compatible with this one is compatible with
    /// both (initials and prefixes nest), so a contact merged from `T. Lopez` and `Thomas Lopez`
    /// no longer matches `Teresa Lopez`, as neither card alone would have let it join both.
    /// Names that are not compatible give `self`.
    func fullest(with other: NameKey) -> NameKey {
        if isEmpty { return other }
        guard !other.isEmpty, Self.compatible(self, other) else { return self }
        let longer = given.count >= other.given.count ? given : other.given
        let shorter = given.count >= other.given.count ? other.given : given
        var merged = longer
        // Compatible words are equal or one a prefix of the other, so the longer in bytes is the
        // longer in letters (`String.count` walks grapheme breaks).
        for (position, word) in shorter.enumerated() where word.utf8.count > merged[position].utf8.count { merged[position] = word }
        // Most merges are of one name typed alike twice: nothing to build.
        if merged == given { return self }
        return NameKey(givenTokens: merged, familyTokens: family)
    }
}
