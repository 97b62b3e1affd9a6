import Foundation

/// What the policy rules need to know of one field: its key, kind, label and primary flag. Never
/// its value: the rules decide who sees a field, the server attaches the value afterwards.
///
/// Built-in fields are the three constants; profile fields come from `init(id:kind:label:isPrimary:)`,
/// so a descriptor's key and kind always agree (`name` is never a phone).
public struct RinFieldDescriptor: Hashable, Sendable {
    public let key: RinFieldKey
    public let kind: RinFieldKind
    /// Nil for kinds without labels; `RinProfileFieldRules` says which labels fit which kind.
    public let label: RinFieldLabel?
    /// Meaningful for phones and e-mails only (`RinFieldKind.hasPrimary`).
    public let isPrimary: Bool

    public static let name = RinFieldDescriptor(key: .name, kind: .name, label: nil, isPrimary: false)
    public static let photo = RinFieldDescriptor(key: .photo, kind: .photo, label: nil, isPrimary: false)
    public static let bio = RinFieldDescriptor(key: .bio, kind: .bio, label: nil, isPrimary: false)
    /// Every profile has these three, in this order, before its own fields.
    public static let builtIns: [RinFieldDescriptor] = [.name, .photo, .bio]

    /// A row of `rin_profile_fields`. `kind` must not be a built-in kind: that is a programming
    /// error (the column's values are the five profile kinds), so it traps rather than guess.
    public init(id: UUID, kind: RinFieldKind, label: RinFieldLabel? = nil, isPrimary: Bool = false) {
        precondition(!kind.isBuiltIn, "\(kind) is a built-in field; use RinFieldDescriptor.\(kind)")
        self.init(key: .field(id), kind: kind, label: label, isPrimary: isPrimary)
    }

    private init(key: RinFieldKey, kind: RinFieldKind, label: RinFieldLabel?, isPrimary: Bool) {
        self.key = key
        self.kind = kind
        self.label = label
        self.isPrimary = isPrimary
    }
}
