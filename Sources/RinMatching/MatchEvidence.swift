/// Why two contacts may be one person: what `MatchScorer` weighed, shown with each suggestion
/// (docs/RIN.md §2.3, Evidence shown) and recorded with each merge.
///
/// Stored as JSON in `rin_suggestions.evidence` and `rin_merges.evidence` and sent to clients as
/// is, so the shape is fixed; every key is always present:
///
///     {"sharedEmails": ["ada@example.com"], "sharedPhones": ["+14155550101"],
///      "nameSimilarity": 0.961, "compatibleNames": true, "sameFullName": false,
///      "sharedEmployerDomains": ["example.com"], "sameOrganization": false, "birthday": "unknown"}
///
/// Lists are sorted. `nameSimilarity` is Jaro–Winkler (`NameKey.similarity`) rounded to three
/// decimals, and the scorer decides on the rounded value, so a verdict always follows from its
/// stored evidence. `birthday` is `unknown`, `agree`, `compatible` or `clash` (`BirthdayAgreement`).
public struct MatchEvidence: Hashable, Sendable, Codable {
    /// Normalised addresses both contacts have.
    public var sharedEmails: [String]
    /// E.164 numbers both contacts have.
    public var sharedPhones: [String]
    /// 0...1; 0 when either side has no name.
    public var nameSimilarity: Double
    /// `NameKey.compatible`, or the same full name (split into given and family differently by
    /// two sources): what an automatic merge needs besides a shared e-mail or phone.
    public var compatibleNames: Bool
    /// The same folded full name (`NameKey.fullKey`), both sides named.
    public var sameFullName: Bool
    /// Non-webmail domains both contacts have an address at.
    public var sharedEmployerDomains: [String]
    /// The same folded organisation (`MatchFolding.organization`).
    public var sameOrganization: Bool
    public var birthday: BirthdayAgreement

    public init(sharedEmails: [String] = [], sharedPhones: [String] = [], nameSimilarity: Double = 0,
                compatibleNames: Bool = false, sameFullName: Bool = false, sharedEmployerDomains: [String] = [],
                sameOrganization: Bool = false, birthday: BirthdayAgreement = .unknown) {
        self.sharedEmails = sharedEmails
        self.sharedPhones = sharedPhones
        self.nameSimilarity = nameSimilarity
        self.compatibleNames = compatibleNames
        self.sameFullName = sameFullName
        self.sharedEmployerDomains = sharedEmployerDomains
        self.sameOrganization = sameOrganization
        self.birthday = birthday
    }

    /// A shared e-mail or phone: the channel §2.3's first rows need.
    public var sharesChannel: Bool { !sharedEmails.isEmpty || !sharedPhones.isEmpty }
}
