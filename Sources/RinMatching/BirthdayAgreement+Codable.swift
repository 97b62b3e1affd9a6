/// Stored in `MatchEvidence` as one of `unknown`, `agree`, `compatible`, `clash`: the JSON that
/// `rin_suggestions.evidence` and `rin_merges.evidence` hold and clients read.
extension BirthdayAgreement: Codable {
    public init(from decoder: any Decoder) throws {
        switch try decoder.singleValueContainer().decode(String.self) {
        case "unknown": self = .unknown
        case "agree": self = .agree
        case "compatible": self = .compatible
        case "clash": self = .clash
        case let other:
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Unknown birthday agreement \(other)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .unknown: try container.encode("unknown")
        case .agree: try container.encode("agree")
        case .compatible: try container.encode("compatible")
        case .clash: try container.encode("clash")
        }
    }
}
