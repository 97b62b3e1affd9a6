import Foundation

/// A single-valued field that two merged contacts fill differently (docs/RIN.md §2.3, Conflicts):
/// both values and where each came from. The survivor shows its own value until the user picks;
/// nothing is lost meanwhile. Stored as `rin_conflicts` (`field`, `options`).
public struct MergeConflict: Hashable, Sendable, Codable {
    public enum Side: String, Hashable, Sendable, Codable {
        case survivor, absorbed
    }

    public struct Option: Hashable, Sendable, Codable {
        public let value: String
        /// The contact the value came from.
        public let contactID: UUID
        public let side: Side

        public init(value: String, contactID: UUID, side: Side) {
            self.value = value
            self.contactID = contactID
            self.side = side
        }
    }

    public let field: ContactField
    /// The survivor's option first.
    public let options: [Option]

    public init(field: ContactField, options: [Option]) {
        self.field = field
        self.options = options
    }
}
