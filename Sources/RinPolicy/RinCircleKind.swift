/// Which circle a `rin_circles` row is (docs/RIN.md §2.4). Stored in `rin_circles.kind`.
///
/// - **System** circles, Contacts and Public, are computed (no member rows), cannot be renamed or
///   deleted, and count like any circle in the most-permissive rule: a viewer is in Public always,
///   in Contacts when the owner's book holds a contact linked to them (§2.10).
/// - **Prepopulated** circles, Family, Friends and Colleagues, are made for a primary profile at
///   creation and are ordinary circles afterwards: renamed, changed or deleted at will.
/// - **Custom** circles are the person's own.
public enum RinCircleKind: String, CaseIterable, Codable, Hashable, Sendable {
    case contacts, `public`, family, friends, colleagues, custom

    /// The three groups of the circle list, in list order (§2.4, Order).
    public enum Group: Int, Comparable, Sendable {
        case system, prepopulated, custom

        public static func < (lhs: Group, rhs: Group) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var group: Group {
        switch self {
        case .contacts, .public: .system
        case .family, .friends, .colleagues: .prepopulated
        case .custom: .custom
        }
    }

    public var isSystem: Bool { group == .system }
    /// The server answers 409 to renaming or deleting a circle for which this is false. Emoji,
    /// colour and cells may change on every circle (our decision: only the owner sees them).
    public var canBeRenamedOrDeleted: Bool { !isSystem }

    /// The name a circle of this kind is created with; nil for custom circles, which are named by
    /// the person.
    public var defaultName: String? {
        switch self {
        case .contacts: "Contacts"
        case .public: "Public"
        case .family: "Family"
        case .friends: "Friends"
        case .colleagues: "Colleagues"
        case .custom: nil
        }
    }

    /// The design tokens' circle colours (§2.4, Default colours); a custom circle's colour is
    /// `RinCircleColor.next(after:)` when the person picks none.
    public var defaultColor: RinCircleColor? {
        switch self {
        case .contacts: .contactsGray
        case .public: .publicBlue
        case .family: .familyRed
        case .friends: .friendsGreen
        case .colleagues: .colleaguesViolet
        case .custom: nil
        }
    }

    /// The template a circle of this kind starts from on a primary profile. A custom circle
    /// created without a choice gets Restricted (our decision): of the three choices it opens the
    /// least, so skipping the question never shares more than the person picked. An alternate
    /// profile's Contacts circle starts from its profile kind's template (`RinProfileKind`).
    public var defaultTemplate: RinCircleTemplate {
        switch self {
        case .contacts, .public: .nameOnly
        case .family: .permissive
        case .friends: .moderate
        case .colleagues, .custom: .restricted
        }
    }
}
