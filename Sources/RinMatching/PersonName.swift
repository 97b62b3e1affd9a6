import RinFormats

/// A name split into parts for display and for `NameKey`, each part as the source wrote it
/// (NFKC-mapped, whitespace collapsed, case and accents kept): docs/RIN.md §2.2 (Names) keeps the
/// stored name as the source said it and folds only for comparison.
public struct PersonName: Hashable, Sendable {
    /// Given and middle names, in order.
    public var given: [String]
    public var family: [String]
    /// Split off: `Dr`, `Mrs`… and `Jr`, `PhD`…, as written.
    public var prefixes: [String]
    public var suffixes: [String]

    public init(given: [String] = [], family: [String] = [], prefixes: [String] = [], suffixes: [String] = []) {
        self.given = given
        self.family = family
        self.prefixes = prefixes
        self.suffixes = suffixes
    }

    /// Nobody: the card names no person (its `FN` may still be an organisation or an address).
    public var isEmpty: Bool { given.isEmpty && family.isEmpty }

    /// From a card: its structured `N` when that has a given or family name, else built from `FN`
    /// (§2.2: "structured parts built from the formatted name when missing").
    ///
    /// An empty `N` (`N:;;;;`, which 3.0 exporters write to satisfy the RFC) falls back to `FN`,
    /// unless `FN` is the organisation, an e-mail or a phone: `ContactCard` borrows those when a
    /// card names nobody, and they are not names.
    public init(card: ContactCard) {
        if let structured = card.name, !(structured.given.isEmpty && structured.family.isEmpty) {
            self.init(structured: structured)
        } else if !Self.formattedNameIsBorrowed(card) {
            self.init(formatted: card.formattedName)
        } else {
            self.init()
        }
    }

    /// From `N`. Honorifics typed into the given or family field (`Dr John`) are split off too.
    public init(structured name: ContactCard.StructuredName) {
        // `Last, First` typed into the given-name field alone, as phones and CRMs let people do:
        // §2.2 splits it like a formatted name, or `Johnson, Shirley` would be a given name of two
        // words and never match `Shirley Johnson`.
        if name.family.allSatisfy(\.isWhitespace), name.additional.allSatisfy(\.isWhitespace), name.given.contains(",") {
            var parsed = PersonName(formatted: name.given)
            parsed.prefixes = Self.words(name.prefixes) + parsed.prefixes
            parsed.suffixes += Self.words(name.suffixes)
            self = parsed
            return
        }
        let given = Self.words(name.given) + Self.words(name.additional)
        let family = Self.words(name.family)
        var parsed = PersonName.split(given + family, familyCount: family.count)
        parsed.prefixes = Self.words(name.prefixes) + parsed.prefixes
        parsed.suffixes += Self.words(name.suffixes)
        self = parsed
    }

    /// Whether `FN` was made up by `ContactCard` from something other than a name.
    static func formattedNameIsBorrowed(_ card: ContactCard) -> Bool {
        let formatted = card.formattedName
        if formatted.isEmpty { return true }
        if card.organization?.name == formatted { return true }
        return card.emails.contains { $0.value == formatted } || card.phones.contains { $0.value == formatted }
    }

    /// NFKC, then split on any run of whitespace (`　`, the ideographic space, included).
    static func words(_ text: String) -> [String] {
        // Text NFKC keeps (ASCII and the common Latin letters) splits on its bytes: no byte of a
        // multi-byte UTF-8 sequence is ASCII, so a space or comma byte is always one.
        if LatinFolding.isStable(text) {
            return text.utf8.split(whereSeparator: { ASCIIText.isWhitespace($0) || $0 == UInt8(ascii: ",") })
                .map { String(decoding: $0, as: UTF8.self) }
        }
        return unicodeWords(text)
    }

    /// `words` by Unicode's rules, for any text.
    static func unicodeWords(_ text: String) -> [String] {
        MatchFolding.unicodeNFKC(text)
            .split(whereSeparator: { $0.isWhitespace || $0 == "," })
            .map(String.init)
    }
}
