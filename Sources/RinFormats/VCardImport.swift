import Foundation

/// What a .vcf file gave: its cards, and what was skipped or guessed on the way, so the import
/// can say "312 contacts, 2 lines skipped" instead of failing on one phone's odd line.
public struct VCardImport: Hashable, Sendable {
    public var cards: [VCard]
    /// The first `VCardParser.Limits.warnings` of them, in file order.
    public var warnings: [ImportWarning]
    /// Warnings past the limit, counted but not kept: a megabyte of junk is not answered with a
    /// megabyte of warnings.
    public var unreportedWarnings: Int

    public init(cards: [VCard], warnings: [ImportWarning] = [], unreportedWarnings: Int = 0) {
        self.cards = cards
        self.warnings = warnings
        self.unreportedWarnings = unreportedWarnings
    }
}

/// Why a whole file is refused. One bad card never is: it becomes warnings, and the rest is read.
public enum VCardError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is larger than `VCardParser.Limits.bytes`.
    case tooLarge(bytes: Int, limit: Int)
    /// Card number `limit + 1` begins at `line`.
    case tooManyCards(limit: Int, line: Int)
    /// The card beginning at `cardLine` reaches property number `limit + 1` at `line`.
    case tooManyProperties(limit: Int, cardLine: Int, line: Int)
    /// Not one `BEGIN:VCARD`: this is not a vCard file (a CSV export, an empty file, an image).
    case noCards

    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            "The file is \(bytes) bytes; at most \(limit) bytes are read."
        case .tooManyCards(let limit, let line):
            "Line \(line) begins card \(limit + 1); a file holds at most \(limit) cards."
        case .tooManyProperties(let limit, let cardLine, let line):
            "The card beginning on line \(cardLine) has more than \(limit) lines (line \(line) is one too many)."
        case .noCards:
            "The file has no BEGIN:VCARD line: it is not a vCard file."
        }
    }
}
