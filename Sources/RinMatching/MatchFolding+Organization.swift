extension MatchFolding {
    /// The comparison form of an organisation: folded, punctuation dropped, and a trailing legal
    /// form taken off, so `ACME, Inc.` and `Acme` are one employer. Nil when nothing is left.
    ///
    /// Our decision: only the legal forms below, and only at the end; a word like `Company` inside
    /// a name is part of it.
    public static func organization(_ text: String) -> String? {
        var words = NameKey.tokens(text)
        while words.count > 1, let last = words.last, legalForms.contains(last) { words.removeLast() }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    static let legalForms: Set<String> = [
        "inc", "incorporated", "llc", "ltd", "limited", "corp", "corporation", "co", "plc", "gmbh", "ag", "sa",
        "sas", "sarl", "srl", "spa", "bv", "nv", "ab", "as", "oy", "kk", "pty", "lp", "llp",
    ]
}
