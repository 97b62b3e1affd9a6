import Foundation

extension MatchFolding {
    /// NFKC, with ASCII and the Latin letters NFKC keeps returned as they are: normalisation runs
    /// on every name and address of an import, and Foundation's mapping is the slow part of it.
    static func nfkc(_ text: String) -> String {
        LatinFolding.isStable(text) ? text : unicodeNFKC(text)
    }

    static func unicodeNFKC(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping
    }
}
