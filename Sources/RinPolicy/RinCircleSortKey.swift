import Foundation

/// The order of circles in every list (docs/RIN.md §2.4, Order): system, prepopulated, custom;
/// within a group by `rin_circles.position`; then by id, so two circles at one position (a
/// concurrent insert) still sort the same way on every device.
public struct RinCircleSortKey: Comparable, Hashable, Sendable {
    public let group: RinCircleKind.Group
    public let position: Int
    public let id: UUID

    public init(kind: RinCircleKind, position: Int, id: UUID) {
        self.group = kind.group
        self.position = position
        self.id = id
    }

    public static func < (lhs: RinCircleSortKey, rhs: RinCircleSortKey) -> Bool {
        if lhs.group != rhs.group { return lhs.group < rhs.group }
        if lhs.position != rhs.position { return lhs.position < rhs.position }
        // Lowercased text, the form ids take everywhere else in Kindred, so a database ordering by
        // the id column agrees.
        return lhs.id.uuidString.lowercased() < rhs.id.uuidString.lowercased()
    }
}
