import Foundation
import RinFormats

extension MatchRecord {
    /// From a parsed card, normalised by §2.2's rules: e-mails that do not parse and phones that
    /// are not possible for their region are left out, since they cannot be match keys (the
    /// contact still keeps them as typed).
    ///
    /// - Parameters:
    ///   - defaultRegion: the profile owner's region (ISO 3166-1 alpha-2), for national numbers.
    ///   - phones: the normaliser; the server and the benchmark pass `E164PhoneNormalizer()`.
    public init(card: borrowing ContactCard, id: UUID, createdAt: Date, defaultRegion: String,
                phones normalizer: some PhoneNormalizer) {
        self = withUnsafePointer(to: card) { card in
            MatchRecord(cardAt: card, id: id, createdAt: createdAt, defaultRegion: defaultRegion, phones: normalizer)
        }
    }

    /// `init(card:…)` from a card read in place, a field at a time: a card passed whole is
    /// copied first (a dozen fields retained and released), and for the fields matching reads
    /// that cost as much as normalising its e-mails.
    init(cardAt card: UnsafePointer<ContactCard>, id: UUID, createdAt: Date, defaultRegion: String,
         phones normalizer: some PhoneNormalizer) {
        // Gathered into lists sized once and sorted in place: a record is made for every card of
        // every import, and growing, filtering and copying each list cost as much as its e-mails.
        // Each value is read in place too: `for email in card.emails` copies every labelled
        // value, its types' array retained and released with it.
        var emails: [String] = []
        card.pointee.emails.withUnsafeBufferPointer { values in
            emails.reserveCapacity(values.count)
            for index in values.indices {
                if let normalized = EmailAddress.normalized(values[index].value), !normalized.isEmpty { emails.append(normalized) }
            }
        }
        var phones: [String] = []
        card.pointee.phones.withUnsafeBufferPointer { values in
            phones.reserveCapacity(values.count)
            for index in values.indices {
                guard case .success(let number) = normalizer.normalize(values[index].value, defaultRegion: defaultRegion) else { continue }
                if let key = number.matchKey, !key.isEmpty { phones.append(key) }
            }
        }
        emails.sortUnique()
        phones.sortUnique()
        self.init(id: id, createdAt: createdAt, name: NameKey(cardAt: card), sortedEmails: emails, sortedPhones: phones,
                  birthday: NormalizedBirthday(card.pointee.birthday),
                  foldedOrganization: card.pointee.organization.flatMap { MatchFolding.organization($0.name) })
    }
}
