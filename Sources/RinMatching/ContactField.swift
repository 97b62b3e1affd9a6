/// A single-valued field of a contact: the fields a merge can find two values for (docs/RIN.md
/// §2.3, Conflicts). The raw value is what `rin_conflicts.field` stores.
public enum ContactField: String, Hashable, Sendable, Codable, CaseIterable {
    case givenName, familyName, middleName, namePrefix, nameSuffix, displayName, nickname, organization, title, birthday, note

    var keyPath: WritableKeyPath<MergeableContact, String?> {
        switch self {
        case .givenName: \.givenName
        case .familyName: \.familyName
        case .middleName: \.middleName
        case .namePrefix: \.namePrefix
        case .nameSuffix: \.nameSuffix
        case .displayName: \.displayName
        case .nickname: \.nickname
        case .organization: \.organization
        case .title: \.title
        case .birthday: \.birthday
        case .note: \.note
        }
    }
}
