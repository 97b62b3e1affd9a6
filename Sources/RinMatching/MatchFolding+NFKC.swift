import Foundation

extension MatchFolding {
    /// NFKC, with ASCII returned as it is (NFKC leaves it unchanged): normalisation runs on every
    /// name and address of an import, and Foundation's mapping is the slow part of it.
    static func nfkc(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : text.precomposedStringWithCompatibilityMapping
    }
}
