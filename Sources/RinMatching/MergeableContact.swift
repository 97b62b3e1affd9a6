import Foundation

/// A contact as a merge sees it: what the server reads from `rin_contacts` and
/// `rin_contact_values`. Codable, so the server can store both sides whole in `rin_merges.before`
/// and undo a merge by writing them back.
public struct MergeableContact: Hashable, Sendable, Codable {
    public var id: UUID
    public var givenName: String?
    public var familyName: String?
    public var middleName: String?
    public var namePrefix: String?
    public var nameSuffix: String?
    public var displayName: String?
    public var nickname: String?
    public var organization: String?
    public var title: String?
    /// As stored: a date in vCard form (`1985-03-15`, `--0315`) or text.
    public var birthday: String?
    public var note: String?
    public var values: [ContactValue]
    public var isFavourite: Bool

    public init(id: UUID, givenName: String? = nil, familyName: String? = nil, middleName: String? = nil,
                namePrefix: String? = nil, nameSuffix: String? = nil, displayName: String? = nil, nickname: String? = nil,
                organization: String? = nil, title: String? = nil, birthday: String? = nil, note: String? = nil,
                values: [ContactValue] = [], isFavourite: Bool = false) {
        self.id = id
        self.givenName = givenName
        self.familyName = familyName
        self.middleName = middleName
        self.namePrefix = namePrefix
        self.nameSuffix = nameSuffix
        self.displayName = displayName
        self.nickname = nickname
        self.organization = organization
        self.title = title
        self.birthday = birthday
        self.note = note
        self.values = values
        self.isFavourite = isFavourite
    }

    public subscript(field: ContactField) -> String? {
        get { self[keyPath: field.keyPath] }
        set { self[keyPath: field.keyPath] = newValue }
    }
}
