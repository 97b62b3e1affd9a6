import Foundation

/// What a personal override covers: one field, or every field present and future (`*` in
/// `rin_overrides.field_key`, docs/RIN.md §4). Only overrides have the all-fields form: a circle's
/// cells and an ask always name one field, so `RinFieldKey` itself has no `*`.
public enum RinOverrideScope: Hashable, Sendable {
    case field(RinFieldKey)
    /// Every field of the profile, fields added later included: what approving an ask with "grant
    /// every field" writes (§2.6).
    case allFields
}

extension RinOverrideScope: LosslessStringConvertible {
    /// `*` or a field key's string form.
    public init?(_ description: String) {
        if description == "*" {
            self = .allFields
        } else if let key = RinFieldKey(description) {
            self = .field(key)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .allFields: "*"
        case .field(let key): key.description
        }
    }
}

extension RinOverrideScope: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let scope = RinOverrideScope(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "`\(text)` is not a Rin override scope")
        }
        self = scope
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
