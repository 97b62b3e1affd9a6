import RinFormats

/// The comparison form of a person's name: folded tokens (see `MatchFolding`), honorifics and
/// suffixes gone, punctuation dropped. docs/RIN.md §2.2 (Names) and §2.3 (Compatible name).
///
/// Never shown: the display form stays in `PersonName` and on the contact.
public struct NameKey: Hashable, Sendable {
    /// Given and middle names, folded (`zoe`).
    public let given: [String]
    /// Family name words, folded (`angstrom`; `smith`, `jones` for `Smith-Jones`).
    public let family: [String]
    /// Given names then family names, one space between: the key for equality ("same folded full
    /// name" in §2.3's score table) and for `similarity`.
    public let fullKey: String
    /// The family words, one space between (blocking keys and `alignedSimilarity` read it).
    let familyKey: String
    /// Every word sorted, one space between: `similarity`'s second reading, which forgives order.
    var sortedKey: String { reordered ?? fullKey }
    /// `sortedKey` when it is not `fullKey` (about half of all names are already in order, and
    /// they then cost no second string).
    private let reordered: String?

    public init(given: [String], family: [String]) {
        self.init(givenTokens: given.flatMap(Self.tokens), familyTokens: family.flatMap(Self.tokens))
    }

    /// From words already folded and cut (`tokens`).
    init(givenTokens: [String], familyTokens: [String]) {
        given = givenTokens
        family = familyTokens
        // Kept, not computed: the scorer reads them for every pair a contact is in.
        let words = givenTokens + familyTokens
        fullKey = words.joined(separator: " ")
        familyKey = familyTokens.joined(separator: " ")
        let inOrder = words.indices.dropFirst().allSatisfy { words[$0 - 1] <= words[$0] }
        reordered = inOrder ? nil : words.sorted().joined(separator: " ")
    }

    /// Two keys are equal when their words are: the joined forms follow from them.
    public static func == (left: NameKey, right: NameKey) -> Bool {
        left.given == right.given && left.family == right.family
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(given)
        hasher.combine(family)
    }

    /// Memberwise, for `init?(latinStructured:)`, which builds every part from one buffer.
    init(givenTokens: [String], familyTokens: [String], fullKey: String, familyKey: String, sortedKey: String?) {
        given = givenTokens
        family = familyTokens
        self.fullKey = fullKey
        self.familyKey = familyKey
        reordered = sortedKey
    }

    public init(_ name: PersonName) {
        self.init(given: name.given, family: name.family)
    }

    public init(card: borrowing ContactCard) {
        self = withUnsafePointer(to: card) { NameKey(cardAt: $0) }
    }

    /// `init(card:)` on a card read in place (`MatchRecord.init(cardAt:…)`): only the name is
    /// copied, not the card. Most cards have a structured name in ASCII or common Latin letters,
    /// read in one pass; the others are parsed from the whole card.
    init(cardAt card: UnsafePointer<ContactCard>) {
        if let structured = card.pointee.name, !(structured.given.isEmpty && structured.family.isEmpty),
           let key = NameKey(latinStructured: structured) {
            self = key
        } else {
            self.init(PersonName(card: card.pointee))
        }
    }

    /// Parses a formatted name: `NameKey(formatted: "Dr. Zoë Ångström")`.
    public init(formatted text: String) {
        self.init(PersonName(formatted: text))
    }

    /// Whether the words are already in sorted order (`sortedKey` is `fullKey`).
    var isInOrder: Bool { reordered == nil }

    /// No name at all; §2.3 counts such a side as compatible with any name.
    public var isEmpty: Bool { given.isEmpty && family.isEmpty }

    /// The first letter of each given name: `j`, `q` for John Quincy.
    public var initials: [Character] { given.compactMap(\.first) }

    /// Folds a word and cuts it at punctuation. Apostrophes join (`O'Brien` is `obrien`, as
    /// people also type it); every other mark separates (`J.Q.` is `j`, `q`; `Smith-Jones` is
    /// `smith`, `jones`), because a dot ends an initial and a hyphen joins two names.
    static func tokens(_ word: String) -> [String] {
        // ASCII, the commonest case, is read in place; then Latin letters through their table.
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return asciiTokens(word.utf8) }
        if let folded = LatinFolding.foldedBytes(word) { return asciiTokens(folded) }
        return unicodeTokens(word)
    }

    /// `tokens` by Unicode's rules, for any text.
    static func unicodeTokens(_ word: String) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in MatchFolding.unicodeFold(word).unicodeScalars {
            if apostrophes.contains(scalar) { continue }
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                tokens.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { tokens.append(String(current)) }
        return tokens
    }

    /// `tokens` on ASCII (as typed, or folded by `LatinFolding`), where the apostrophes are `'`
    /// and `` ` `` and the word characters are letters and digits, lowercased here.
    private static func asciiTokens(_ bytes: some Collection<UInt8>) -> [String] {
        var tokens: [String] = []
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, bytes.count)) { current in
            var length = 0
            for byte in bytes {
                if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") { continue }
                if ASCIIText.isLetterOrDigit(byte) {
                    current[length] = ASCIIText.lowercased(byte)
                    length += 1
                } else if length > 0 {
                    tokens.append(String(decoding: UnsafeBufferPointer(rebasing: current[..<length]), as: UTF8.self))
                    length = 0
                }
            }
            if length > 0 { tokens.append(String(decoding: UnsafeBufferPointer(rebasing: current[..<length]), as: UTF8.self)) }
        }
        return tokens
    }

    private static let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{02BC}", "\u{2018}", "`"]

    /// Letters, digits and the marks that belong to a letter (a Devanagari vowel sign, the
    /// Japanese voicing mark): they are the name. Punctuation, symbols and spaces are not.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }
}
