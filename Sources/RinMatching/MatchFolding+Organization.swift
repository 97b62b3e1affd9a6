extension MatchFolding {
    /// The comparison form of an organisation: folded, punctuation dropped, and a trailing legal
    /// form taken off, so `ACME, Inc.` and `Acme` are one employer. Nil when nothing is left.
    ///
    /// Our decision: only the legal forms below, and only at the end; a word like `Company` inside
    /// a name is part of it.
    public static func organization(_ text: String) -> String? {
        if let folded = latinOrganization(text) { return folded.isEmpty ? nil : folded }
        var words = NameKey.tokens(text)
        while words.count > 1, let last = words.last, legalForms.contains(last) { words.removeLast() }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    static let legalForms: Set<String> = [
        "inc", "incorporated", "llc", "ltd", "limited", "corp", "corporation", "co", "plc", "gmbh", "ag", "sa",
        "sas", "sarl", "srl", "spa", "bv", "nv", "ab", "as", "oy", "kk", "pty", "lp", "llp",
    ]

    private static let packedLegalForms = Honorifics.PackedWords(legalForms)

    /// `organization` for text in ASCII and the Latin letters `LatinFolding` folds, in one
    /// buffer (the empty string for "nothing left"); nil for other text. Four in ten cards name
    /// an employer, and the general path's token array and joined string were most of a card's
    /// record after its name.
    static func latinOrganization(_ text: String) -> String? {
        var text = text
        let length = text.utf8.count
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * length + 1) { folded -> String? in
            var count = 0
            guard text.withUTF8({ LatinFolding.fold(utf8: $0, into: folded, count: &count) }) else { return nil }
            // Where each word starts, on the stack too: an array here was two allocations for
            // every card that names an employer.
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: count / 2 + 1) { tokenStarts -> String? in
                // `NameKey.tokens`: runs of letters and digits, apostrophes joining, written one
                // space apart in place (the output never overtakes the input).
                var written = 0, words = 0
                var inToken = false
                for index in 0..<count {
                    let byte = folded[index]
                    if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") { continue }
                    if ASCIIText.isLetterOrDigit(byte) {
                        if !inToken {
                            if words > 0 {
                                folded[written] = 0x20
                                written += 1
                            }
                            tokenStarts[words] = written
                            words += 1
                            inToken = true
                        }
                        folded[written] = byte
                        written += 1
                    } else {
                        inToken = false
                    }
                }
                // Legal forms off the end, never the last word.
                var end = written
                while words > 1, packedLegalForms.contains(UnsafeBufferPointer(rebasing: folded[tokenStarts[words - 1]..<end])) {
                    words -= 1
                    end = tokenStarts[words] - 1
                }
                return String(decoding: UnsafeBufferPointer(rebasing: folded[..<end]), as: UTF8.self)
            }
        }
    }
}
