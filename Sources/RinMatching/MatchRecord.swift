import Foundation
import RinFormats

/// What matching knows of one contact: docs/RIN.md §2.3 compares names, e-mails, phones,
/// birthdays, organisations and employer domains, and nothing else. The server builds one from a
/// contact's rows (`init(id:createdAt:name:emails:phones:birthday:organization:)`), an import from
/// a parsed card (`init(card:id:createdAt:defaultRegion:phones:)`).
///
/// Every list is sorted and holds each value once, so two records built from the same values are
/// equal and the matcher's output never depends on the order a source listed them in.
public struct MatchRecord: Hashable, Sendable, Identifiable {
    /// The values, shared: the index hands records out for every candidate pair, and a struct of
    /// seven arrays would retain and release each at every copy.
    private let values: Values

    public var id: UUID { values.id }
    /// When the contact was created: of two contacts the older survives a merge (§2.3, Survivor).
    public var createdAt: Date { values.createdAt }
    public var name: NameKey { values.name }
    /// `name.fullKey`: blocking and scoring read it for every pair.
    public var fullName: String { values.name.fullKey }
    /// `EmailAddress.normalized` forms.
    public var emails: [String] { values.emails }
    /// E.164 forms of the numbers possible for their region (§2.2: only those are match keys).
    public var phones: [String] { values.phones }
    public var birthday: NormalizedBirthday? { values.birthday }
    /// `MatchFolding.organization`: folded, legal form dropped; nil when the card names none.
    public var organization: String? { values.organization }
    /// The domains of `emails` that are not webmail (`WebmailDomains`): an employer's domain
    /// shared by two cards says they work at the same place.
    /// Worked out when asked (the scorer asks only of a pair whose addresses share a domain): a
    /// record is made for every card, and its domains for each were a string and a list per card.
    public var employerDomains: [String] {
        var domains = emails.compactMap(WebmailDomains.employerDomain)
        domains.sortUnique()
        return domains
    }
    /// The blocks this record is in (`BlockingKey`), built on demand: the index reads their
    /// fingerprints (`blockFingerprint(_:)`).
    public var blockingKeys: [BlockingKey] {
        BlockingKey.keys(emails: emails, phones: phones, name: name, fullName: fullName)
    }
    /// The fingerprint of `blockingKeys[position]` (the e-mails', the phones', the name's, then,
    /// when there is a family name, each e-mail's and phone's with it): the index reads a
    /// record's keys on every insert and candidate search.
    func blockFingerprint(_ position: Int) -> UInt64 { values.fingerprint(position) }
    /// How many of the keys are channels (e-mails and phones), and how many are filed
    /// always (the channels and the name): the index files the rest, a channel with the family
    /// name, only while the channel's block is giant.
    var channelKeyCount: Int { Int(values.channelKeyCount) }
    var directKeyCount: Int { Int(values.directKeyCount) }
    /// Whether the channels have keys with the family name too (the name has a family part).
    var hasFamilyKeys: Bool { values.fingerprintCount > values.directKeyCount }

    private final class Values: Sendable, Hashable {
        let id: UUID
        let createdAt: Date
        let name: NameKey
        let emails: [String]
        let phones: [String]
        let birthday: NormalizedBirthday?
        let organization: String?
        /// The first eight fingerprints in the object itself, the rest (a card with more than
        /// three e-mails and phones) in `morePrints`: an array for them all was one more
        /// allocation for every card of every import, and one more pointer to follow for every
        /// key the index reads.
        let prints: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        let morePrints: [UInt64]
        let fingerprintCount: Int32
        let channelKeyCount: Int32
        let directKeyCount: Int32

        init(id: UUID, createdAt: Date, name: NameKey, emails: [String], phones: [String], birthday: NormalizedBirthday?,
             organization: String?) {
            // What follows from the values first, then the values stored: each is then moved in,
            // where storing first and reading on copied the name's five parts and both lists.
            let count = BlockingKey.fingerprintCount(emails: emails, phones: phones, name: name, fullName: name.fullKey)
            var inline: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
            var more: [UInt64] = []
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { all in
                BlockingKey.writeFingerprints(emails: emails, phones: phones, name: name, fullName: name.fullKey, into: all)
                withUnsafeMutableBytes(of: &inline) { bytes in
                    for position in 0..<min(count, 8) { bytes.storeBytes(of: all[position], toByteOffset: 8 * position, as: UInt64.self) }
                }
                if count > 8 { more = Array(all[8...]) }
            }
            prints = inline
            morePrints = more
            fingerprintCount = Int32(count)
            channelKeyCount = Int32(emails.count + phones.count)
            directKeyCount = channelKeyCount + (name.fullKey.isEmpty ? 0 : 1)
            self.id = id
            self.createdAt = createdAt
            self.name = name
            self.emails = emails
            self.phones = phones
            self.birthday = birthday
            self.organization = organization
        }

        func fingerprint(_ position: Int) -> UInt64 {
            switch position {
            case 0: prints.0
            case 1: prints.1
            case 2: prints.2
            case 3: prints.3
            case 4: prints.4
            case 5: prints.5
            case 6: prints.6
            case 7: prints.7
            default: morePrints[position - 8]
            }
        }

        /// The rest follows from these.
        static func == (left: Values, right: Values) -> Bool {
            left.id == right.id && left.createdAt == right.createdAt && left.name == right.name && left.emails == right.emails
                && left.phones == right.phones && left.birthday == right.birthday && left.organization == right.organization
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(name)
            hasher.combine(emails)
            hasher.combine(phones)
        }
    }

    /// From values the server already holds: `emails` normalised (`EmailAddress.normalized`),
    /// `phones` as E.164 match keys (`PhoneNumber.matchKey`), `organization` as written (folded
    /// here). Values that are not in their normalised form are kept, but will only ever match the
    /// same text.
    public init(id: UUID, createdAt: Date, name: NameKey, emails: [String] = [], phones: [String] = [],
                birthday: NormalizedBirthday? = nil, organization: String? = nil) {
        values = Values(id: id, createdAt: createdAt, name: name, emails: Self.sortedUnique(emails.filter { !$0.isEmpty }),
                        phones: Self.sortedUnique(phones.filter { !$0.isEmpty }), birthday: birthday,
                        organization: organization.flatMap(MatchFolding.organization))
    }

    /// Memberwise, for `absorbing(_:)` and `init(card:…)`: the values are already in their final
    /// form (sorted, unique, not empty; the organisation folded).
    init(id: UUID, createdAt: Date, name: NameKey, sortedEmails: [String], sortedPhones: [String],
                 birthday: NormalizedBirthday?, foldedOrganization: String?) {
        values = Values(id: id, createdAt: createdAt, name: name, emails: sortedEmails, phones: sortedPhones, birthday: birthday,
                        organization: foldedOrganization)
    }

    /// Whether both are the same stored record (not merely equal): the index reads its own
    /// copy's block numbers only for the record it holds.
    func isStored(as other: MatchRecord) -> Bool { values === other.values }

    /// Survivor order (§2.3, Survivor): created first, then the lower id.
    public func survives(over other: MatchRecord) -> Bool {
        if createdAt != other.createdAt { return createdAt < other.createdAt }
        return id.isOrdered(before: other.id)
    }

    /// This record after a merge has absorbed `other`: the e-mails and phones united, and the
    /// fullest name and birthday that agree with both (`NameKey.fullest`; `--0315` and `1985`
    /// give `1985-03-15`), else this record's. A merged contact is thus matched as strictly as
    /// each card in it: `T. Lopez` merged with `Thomas Lopez` no longer takes in `Teresa Lopez`.
    ///
    /// The server builds a merged contact's record the same way: its own record absorbing, in
    /// merge order, the records of the contacts merged into it (kept, with `merged_into` set).
    public func absorbing(_ other: MatchRecord) -> MatchRecord {
        let name = name.fullest(with: other.name)
        let emails = Self.union(emails, other.emails), phones = Self.union(phones, other.phones)
        let birthday = Self.fullest(birthday, other.birthday), organization = organization ?? other.organization
        // A second card that adds nothing (the same person typed the same way, with fewer
        // details) leaves this record as it is, and the index need not refile it.
        if name.given == self.name.given, name.family == self.name.family, emails == self.emails, phones == self.phones,
           birthday == self.birthday, organization == self.organization {
            return self
        }
        return MatchRecord(id: id, createdAt: createdAt, name: name, sortedEmails: emails, sortedPhones: phones, birthday: birthday,
                           foldedOrganization: organization)
    }

    /// Two sorted, unique lists as one; the first itself when the second adds nothing.
    private static func union(_ mine: [String], _ theirs: [String]) -> [String] {
        if theirs.isEmpty || theirs.allSatisfy(mine.contains) { return mine }
        return sortedUnique(mine + theirs)
    }

    private static func fullest(_ mine: NormalizedBirthday?, _ theirs: NormalizedBirthday?) -> NormalizedBirthday? {
        guard let mine else { return theirs }
        guard case .date(let left) = mine, case .date(let right)? = theirs, BirthdayAgreement.compare(left, right) == .compatible,
              let union = PartialDate(year: left.year ?? right.year, month: left.month ?? right.month, day: left.day ?? right.day)
        else { return mine }
        return .date(union)
    }

    /// Sorted, each value once: two records built from the same values are then equal.
    static func sortedUnique(_ values: [String]) -> [String] {
        var values = values
        values.sortUnique()
        return values
    }
}
