/// The policy a circle starts from; a circle's cells record only where the owner departed from it
/// (docs/RIN.md §2.5, Sparse storage). Stored in `rin_circles.template`.
///
/// `access(for:)` is §2.4 (Defaults) exactly. Edge cases, decided here:
/// - **Labels outrank the primary flag in Restricted**: a work phone opens to Colleagues whether or
///   not it is primary, and a primary mobile stays closed. Colleagues see work lines, nothing else.
/// - **The primary flag outranks labels in Moderate**: Friends see the primary phone and e-mail
///   whatever their label, a work line included; every other phone and e-mail is Ask.
/// - **Only phones and e-mails** carry these rules: a work address or a LinkedIn account is Don't
///   Allow for Colleagues (our decision in §2.4), Ask for Friends. A primary flag on another kind
///   (which `RinProfileFieldRules` refuses anyway) changes nothing.
/// - **Photo** is Allow for Friends (named in §2.4) and Don't Allow for Colleagues (not named).
public enum RinCircleTemplate: String, CaseIterable, Codable, Hashable, Sendable {
    /// Contacts and Public: the name and nothing else.
    case nameOnly
    /// Family: everything.
    case permissive
    /// Friends: name, photo, primary phone, primary e-mail; everything else Ask.
    case moderate
    /// Colleagues: name, work phones, work e-mails; everything else Don't Allow.
    case restricted

    /// The templates a person picks from when creating a circle (§2.4, Custom circles). The
    /// name-only template belongs to the system circles.
    public static let customChoices: [RinCircleTemplate] = [.permissive, .moderate, .restricted]

    /// The template's value for `field`, before any cell or override.
    public func access(for field: RinFieldDescriptor) -> RinAccess {
        if field.kind == .name { return .allow }
        switch self {
        case .nameOnly:
            return .deny
        case .permissive:
            return .allow
        case .moderate:
            switch field.kind {
            case .photo: return .allow
            case .phone, .email: return field.isPrimary ? .allow : .ask
            case .name, .bio, .address, .birthday, .social: return .ask
            }
        case .restricted:
            switch field.kind {
            case .phone, .email: return field.label == .work ? .allow : .deny
            case .name, .photo, .bio, .address, .birthday, .social: return .deny
            }
        }
    }
}
