import Foundation

/// The reading of a card that Rin works with: names, ways to reach someone, where they live,
/// their birthday, a note and a photo. `ContactCard(_:)` reads it from any vCard version;
/// `VCardWriter` writes it as 4.0. What Rin does not read stays in the `VCard`.
///
/// Empty texts are absent (nil, or not in a list), so "has a title" means `title != nil`.
public struct ContactCard: Hashable, Sendable {
    /// `UID`: the exporter's id for the contact, which lets a re-import find the same person.
    public var uid: String?
    /// `FN`. Never empty when something could name the person: a card without `FN` (common in
    /// 2.1) is named from `N`, then the organisation, then the first email or phone.
    public var formattedName: String
    public var name: StructuredName?
    public var nicknames: [String]
    public var organization: Organization?
    public var title: String?
    public var emails: [LabeledValue]
    /// The numbers as written (`+1 (408) 555-0101`), a 4.0 `tel:` URI's scheme taken off: Rin
    /// compares numbers with its own normalisation, which needs what the person typed.
    public var phones: [LabeledValue]
    public var addresses: [PostalAddress]
    public var birthday: Birthday?
    /// All `NOTE`s, a blank line between them.
    public var note: String?
    public var photo: Photo?
    public var urls: [LabeledValue]

    public init(formattedName: String, uid: String? = nil, name: StructuredName? = nil, nicknames: [String] = [],
                organization: Organization? = nil, title: String? = nil, emails: [LabeledValue] = [],
                phones: [LabeledValue] = [], addresses: [PostalAddress] = [], birthday: Birthday? = nil,
                note: String? = nil, photo: Photo? = nil, urls: [LabeledValue] = []) {
        self.formattedName = formattedName
        self.uid = uid
        self.name = name
        self.nicknames = nicknames
        self.organization = organization
        self.title = title
        self.emails = emails
        self.phones = phones
        self.addresses = addresses
        self.birthday = birthday
        self.note = note
        self.photo = photo
        self.urls = urls
    }

    /// `BDAY`: the text as written, and the date when it is one.
    public struct Birthday: Hashable, Sendable {
        public var raw: String
        /// Nil for a text birthday (`BDAY;VALUE=text:circa 1800`) or one no form reads.
        public var date: PartialDate?

        public init(raw: String) {
            self.init(raw: raw, date: PartialDate(parsing: raw))
        }

        /// `raw` is the date in RFC 6350's form, as `VCardWriter` writes it.
        public init(_ date: PartialDate) {
            self.init(raw: date.vCardText, date: date)
        }

        init(raw: String, date: PartialDate?) {
            self.raw = raw
            self.date = date
        }
    }

    /// `PHOTO`: the picture itself, or where to fetch it (Google exports a link).
    public enum Photo: Hashable, Sendable {
        /// `mediaType` as the card gave it (`image/jpeg`), nil when it gave none.
        case inline(Data, mediaType: String?)
        case uri(String)
    }
}
