/// A Rin profile's kind (`rin_profiles.kind`, docs/RIN.md §2.8) and the circles it starts with.
///
/// Our decisions, §2.4 (Alternate profiles):
/// - A **primary** profile starts with Contacts and Public (name only) and Family, Friends and
///   Colleagues.
/// - An **alternate** starts with Contacts and Public only: an anonymous identity with a Family
///   circle would be odd, and the person adds the circles they need. Its kind's template (§2.8:
///   Professional → Permissive, Personal → Moderate, Anonymous → Restricted) is the template of
///   its Contacts circle, the default for everyone in its book. Public stays name only for every
///   kind, so no kind shows more than a name to strangers until its owner says so.
public enum RinProfileKind: String, CaseIterable, Codable, Hashable, Sendable {
    case primary, professional, personal, anonymous

    /// The template of this profile's Contacts circle.
    public var contactsTemplate: RinCircleTemplate {
        switch self {
        case .primary: .nameOnly
        case .professional: .permissive
        case .personal: .moderate
        case .anonymous: .restricted
        }
    }

    /// The circles to create with the profile, positions counted from 0 in list order.
    public var startingCircles: [RinCircleSeed] {
        let kinds: [RinCircleKind] = self == .primary
            ? [.contacts, .public, .family, .friends, .colleagues]
            : [.contacts, .public]
        return kinds.enumerated().map { position, kind in
            RinCircleSeed(
                kind: kind,
                template: kind == .contacts ? contactsTemplate : kind.defaultTemplate,
                // Every kind but `custom` has both; `custom` is never a starting circle.
                name: kind.defaultName ?? "",
                color: kind.defaultColor ?? .contactsGray,
                position: position
            )
        }
    }
}
