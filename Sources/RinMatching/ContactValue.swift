import Foundation

/// One multi-valued entry of a contact (`rin_contact_values`): a phone, e-mail, address or URL.
public struct ContactValue: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case phone, email, address, url
    }

    /// The row it came from, when it has one: a merge keeps rows, so the server knows which of the
    /// absorbed contact's rows move to the survivor.
    public var id: UUID?
    public var kind: Kind
    /// `home`, `cell`, or what the person typed; nil for none.
    public var label: String?
    /// As the source wrote it.
    public var value: String
    /// The match form (E.164, `EmailAddress.normalized`), nil when the value has none.
    public var normalized: String?
    public var isPrimary: Bool

    public init(id: UUID? = nil, kind: Kind, label: String? = nil, value: String, normalized: String? = nil, isPrimary: Bool = false) {
        self.id = id
        self.kind = kind
        self.label = label
        self.value = value
        self.normalized = normalized
        self.isPrimary = isPrimary
    }

    /// What makes two values one in a merge: the normalised form when there is one, else the text
    /// folded and its whitespace collapsed (an address typed with other line breaks or case).
    var mergeKey: String {
        if let normalized, !normalized.isEmpty { return kind.rawValue + ":" + normalized }
        let words = MatchFolding.fold(value).split(whereSeparator: { $0.isWhitespace || $0 == "," })
        return kind.rawValue + "~" + words.joined(separator: " ")
    }
}
