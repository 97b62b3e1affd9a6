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
    public init(card: ContactCard, id: UUID, createdAt: Date, defaultRegion: String, phones normalizer: some PhoneNormalizer) {
        let emails = card.emails.compactMap { EmailAddress($0.value)?.normalized }
        let phones = card.phones.compactMap { phone -> String? in
            guard case .success(let number) = normalizer.normalize(phone.value, defaultRegion: defaultRegion) else { return nil }
            return number.matchKey
        }
        self.init(id: id, createdAt: createdAt, name: NameKey(card: card), emails: emails, phones: phones,
                  birthday: NormalizedBirthday(card.birthday), organization: card.organization?.name)
    }
}
