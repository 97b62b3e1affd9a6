/// The seam for phone numbers (docs/RIN.md §2.2 Phones, §6). `E164PhoneNormalizer` is the live
/// type; the matcher takes any `PhoneNormalizer`, so its tests can use a table-driven fake.
public protocol PhoneNormalizer: Sendable {
    /// Normalises a number as typed, reading national numbers in `defaultRegion` (ISO 3166-1
    /// alpha-2, the profile owner's setting, §6).
    func normalize(_ typed: String, defaultRegion: String) -> Result<PhoneNumber, PhoneNumberProblem>
}

/// A number in E.164 form, and whether it may be used as a match key.
public struct PhoneNumber: Hashable, Sendable {
    /// `+<country code><national number>`.
    public let e164: String
    /// Its length is possible for its region (§6 step 5).
    public let isPossible: Bool

    public init(e164: String, isPossible: Bool) {
        self.e164 = e164
        self.isPossible = isPossible
    }

    /// §2.2: "Only numbers that are possible for their region become match keys; others are kept
    /// as typed."
    public var matchKey: String? { isPossible ? e164 : nil }
}

/// Why a typed number has no E.164 form (§6). The cases follow the error kinds of the corpus
/// (`Tests/Fixtures/rin/phone-corpus.tsv`), with `empty` and the two national lengths told apart.
public enum PhoneNumberProblem: Error, Hashable, Sendable {
    /// Nothing but whitespace.
    case empty
    /// Over 250 characters.
    case tooLong
    /// No number in it, or characters no phone number is written with.
    case notANumber
    /// A `+` or an international prefix before a code that is not assigned, or a national number
    /// without a known default region to read it in.
    case invalidCountryCode
    /// Two digits or fewer after the `+` or the international prefix.
    case tooShortAfterInternationalPrefix
    /// Fewer than 2 national digits.
    case nationalNumberTooShort
    /// More than 17 national digits.
    case nationalNumberTooLong
}
