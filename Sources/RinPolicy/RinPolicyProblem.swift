import Foundation

/// Why a grid save, or a bulk action, was refused. A save is all or nothing (§2.5, The grid), so
/// every problem of a batch is reported at once.
public enum RinPolicyProblem: Error, Hashable, Sendable {
    /// No circle of this profile has this id.
    case unknownCircle(UUID)
    /// The profile has no such field (a deleted field, or another profile's).
    case unknownField(RinFieldKey)
    /// The batch sets one cell twice; refused rather than letting the order decide.
    case duplicateCell(circleID: UUID, field: RinFieldKey)
}
