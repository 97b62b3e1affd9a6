import Foundation

/// Which field of a profile a policy cell, override or ask is about: docs/RIN.md §4
/// (`rin_profile_fields`): `name`, `photo`, `bio`, or `field:<id>` for a row of that table.
///
/// The string form is what the database and the API store, so it has one spelling: the UUID is
/// printed lowercased (as Kindred prints ids in keys and paths); parsing accepts either case, so a
/// key typed in upper case still finds its row, and prints back canonically.
public enum RinFieldKey: Hashable, Sendable {
    /// The display name: always present, and the one field whose Don't Allow hides the whole
    /// profile (§2.5, Name Don't Allow).
    case name
    case photo
    case bio
    /// A row of `rin_profile_fields`: a phone, e-mail, address, birthday or social account.
    case field(UUID)

    private static let fieldPrefix = "field:"
}

extension RinFieldKey: LosslessStringConvertible {
    /// `name`, `photo`, `bio` or `field:<uuid>`, exactly; anything else (`Name`, ` name`,
    /// `field:`, a bare UUID) is nil, because a key that only nearly parses is a client bug.
    public init?(_ description: String) {
        switch description {
        case "name": self = .name
        case "photo": self = .photo
        case "bio": self = .bio
        default:
            guard description.hasPrefix(Self.fieldPrefix),
                  let id = UUID(uuidString: String(description.dropFirst(Self.fieldPrefix.count))) else { return nil }
            self = .field(id)
        }
    }

    public var description: String {
        switch self {
        case .name: "name"
        case .photo: "photo"
        case .bio: "bio"
        case .field(let id): Self.fieldPrefix + id.uuidString.lowercased()
        }
    }
}

extension RinFieldKey: Codable {
    /// A key travels as its string form, the same text the database holds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let key = RinFieldKey(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "`\(text)` is not a Rin field key")
        }
        self = key
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
