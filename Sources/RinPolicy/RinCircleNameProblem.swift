/// Why a text was refused as a circle name.
public enum RinCircleNameProblem: Error, Hashable, Sendable {
    /// Nothing left after trimming.
    case empty
    /// More than `RinLimits.maxCircleNameLength` characters, or more than
    /// `RinLimits.maxCircleNameScalars` Unicode scalars.
    case tooLong
    /// A control character, line break or tab inside the name.
    case containsControlCharacter
}
