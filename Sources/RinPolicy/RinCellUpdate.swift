import Foundation

/// One change in a grid save (`updateRinPolicies`, docs/RIN.md §5): set this circle's value of
/// this field. Setting a cell to its template's value is how one cell goes back to the default.
public struct RinCellUpdate: Hashable, Sendable, Codable {
    public let circleID: UUID
    public let field: RinFieldKey
    public let access: RinAccess

    public init(circleID: UUID, field: RinFieldKey, access: RinAccess) {
        self.circleID = circleID
        self.field = field
        self.access = access
    }
}
