/// The bounds the contract and the database rely on (docs/RIN.md §2.4 Cap, §4).
public enum RinLimits {
    /// Circles per profile, the two system circles included: every `rin_circles` row counts.
    public static let maxCirclesPerProfile = 100
    /// Rows of `rin_profile_fields` per profile; name, photo and bio are columns and do not count.
    public static let maxFieldsPerProfile = 50
    /// A circle name's length in characters as a person counts them (see `RinCircleName`).
    public static let maxCircleNameLength = 30
    /// A circle name's length in Unicode scalars; see `RinCircleName` for why there are two bounds.
    public static let maxCircleNameScalars = 120
}
