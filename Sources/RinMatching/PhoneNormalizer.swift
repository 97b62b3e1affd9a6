/// The seam for phone numbers (docs/RIN.md §2.2 Phones, §6). Not implemented here: the E.164
/// normaliser over metadata generated from `phonenumbers` is a separate piece of work, which will
/// add the live type (and may refine `PhoneNumberProblem` to the corpus's error kinds). The
/// matcher takes any `PhoneNormalizer`, so its tests can use a table-driven fake meanwhile.
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

/// Why a typed number has no E.164 form (§6 steps 1 and 5).
public enum PhoneNumberProblem: Error, Hashable, Sendable {
    case empty
    /// Over 250 characters.
    case tooLong
    case notANumber
    case invalidCountryCode
    /// Fewer than 2 or more than 17 national digits.
    case nationalNumberLength
}
