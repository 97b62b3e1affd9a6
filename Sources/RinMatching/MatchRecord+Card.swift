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
        // Gathered into lists sized once and sorted in place: a record is made for every card of
        // every import, and growing, filtering and copying each list cost as much as its e-mails.
        var emails: [String] = []
        emails.reserveCapacity(card.emails.count)
        for email in card.emails {
            if let normalized = EmailAddress.normalized(email.value), !normalized.isEmpty { emails.append(normalized) }
        }
        var phones: [String] = []
        phones.reserveCapacity(card.phones.count)
        for phone in card.phones {
            guard case .success(let number) = normalizer.normalize(phone.value, defaultRegion: defaultRegion) else { continue }
            if let key = number.matchKey, !key.isEmpty { phones.append(key) }
        }
        emails.sortUnique()
        phones.sortUnique()
        self.init(id: id, createdAt: createdAt, name: NameKey(card: card), sortedEmails: emails, sortedPhones: phones,
                  birthday: NormalizedBirthday(card.birthday), foldedOrganization: card.organization.flatMap { MatchFolding.organization($0.name) })
    }
}
