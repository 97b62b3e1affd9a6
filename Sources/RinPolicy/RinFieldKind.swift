/// What sort of thing a field is; the templates decide by kind, label and primary flag
/// (docs/RIN.md §2.4, Defaults; §2.5, Fields).
///
/// The first three are columns of `rin_profiles`; the rest are the values of
/// `rin_profile_fields.kind`.
public enum RinFieldKind: String, CaseIterable, Codable, Hashable, Sendable {
    case name, photo, bio
    case phone, email, address, birthday, social

    /// Name, photo and bio: one each per profile, keyed by their own `RinFieldKey`.
    public var isBuiltIn: Bool {
        switch self {
        case .name, .photo, .bio: true
        case .phone, .email, .address, .birthday, .social: false
        }
    }

    /// The labels a field of this kind may carry; empty for kinds that take none.
    /// Our decision: `mobile` is for phones only (an e-mail or a street is not mobile), and a social
    /// account's label names its network.
    public var labels: [RinFieldLabel] {
        switch self {
        case .name, .photo, .bio, .birthday: []
        case .phone: [.mobile, .home, .work, .other]
        case .email, .address: [.home, .work, .other]
        case .social: [.linkedin, .x, .whatsapp, .other]
        }
    }

    /// Phones and e-mails carry a primary flag, because the Friends defaults open "the primary
    /// phone and the primary e-mail" (§2.4). Other kinds never do.
    public var hasPrimary: Bool { self == .phone || self == .email }
}
