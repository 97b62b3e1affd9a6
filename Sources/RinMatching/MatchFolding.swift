import Foundation

/// The comparison form of a piece of text: what two spellings of one name have in common.
///
/// docs/RIN.md §2.2 (Names): "Case-folding and diacritic stripping are for comparison and sorting
/// only; the stored name is what the source said." So this is only ever a key, never shown.
///
/// Steps: NFKC (full-width `Ｊｏｈｎ` is `John`, the `ﬁ` ligature is `fi`), full Unicode case
/// folding (`ß` is `ss`, `ǅ` is `ǆ`), then diacritics off (`Zoë Ångström` is `zoe angstrom`).
public enum MatchFolding {
    /// Folds `text` for comparison. Whitespace is kept as it is; `NameKey` tokenises afterwards.
    public static func fold(_ text: String) -> String {
        // Most names are ASCII, where NFKC changes nothing, case folding is lowercasing and there
        // is no accent to drop, or Latin letters folded one by one (`LatinFolding`); Foundation's
        // round trips below cost ten times more.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        if let bytes = LatinFolding.foldedBytes(text) { return String(decoding: bytes, as: UTF8.self) }
        return unicodeFold(text)
    }

    /// `fold` by Unicode's rules, for any text.
    static func unicodeFold(_ text: String) -> String {
        let compatible = text.precomposedStringWithCompatibilityMapping
        // Foundation's case-insensitive folding is Unicode full case folding without a locale:
        // `ß` becomes `ss`, which `lowercased()` would leave alone.
        let caseFolded = compatible.folding(options: [.caseInsensitive], locale: nil)
        var scalars = String.UnicodeScalarView()
        for scalar in caseFolded.decomposedStringWithCanonicalMapping.unicodeScalars {
            if isFoldedDiacritic(scalar) { continue }
            if let replacement = letterReplacements[scalar] {
                scalars.append(contentsOf: replacement.unicodeScalars)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// Only the combining marks that Latin, Greek and Cyrillic names carry as accents are dropped.
    /// Marks of other scripts change the letter, not its accent: the Japanese voicing mark
    /// (U+3099) makes `か` into `が`, a different name, so Japanese names are compared exactly.
    /// Foundation's `.diacriticInsensitive` strips every nonspacing mark, which is why it is not used.
    static func isFoldedDiacritic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0300...0x036F,  // Combining Diacritical Marks (acute, grave, diaeresis, ring, cedilla…)
             0x1AB0...0x1AFF,  // Combining Diacritical Marks Extended
             0x1DC0...0x1DFF,  // Combining Diacritical Marks Supplement
             0x20D0...0x20FF,  // Combining Diacritical Marks for Symbols
             0xFE20...0xFE2F:  // Combining Half Marks
            return true
        default:
            return false
        }
    }

    /// Letters whose accent is part of the letter and does not decompose, folded to the letter
    /// people type on a keyboard without them (`Øyvind` → `oyvind`, `Łukasz` → `lukasz`).
    ///
    /// Dotless `ı` becomes `i` (our decision; docs/RIN.md is silent). Without a Turkish locale,
    /// case folding sends `IŞIK` to `isik` but `Işık` to `ışık`: one name would give two keys by
    /// case alone. Folding `ı` to `i` puts `IŞIK`, `Işık` and `Isik` (typed on a keyboard
    /// without Turkish letters) on one key. Dotted `İ` already folds to `i` plus a combining dot,
    /// which is dropped above.
    static let letterReplacements: [Unicode.Scalar: String] = [
        "ı": "i", "ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ŧ": "t", "ƀ": "b", "ɨ": "i",
        "æ": "ae", "œ": "oe", "þ": "th", "ð": "d",
    ]
}
