/// Why a profile's list of fields breaks `RinProfileFieldRules`.
public enum RinProfileFieldProblem: Error, Hashable, Sendable {
    /// More than `RinLimits.maxFieldsPerProfile` profile fields.
    case tooManyFields(count: Int)
    /// The same key twice in the list.
    case duplicateKey(RinFieldKey)
    /// More than one birthday (docs/RIN.md §4: one birthday).
    case multipleBirthdays
    /// A label missing where the kind needs one, present where it takes none, or of another kind
    /// (`mobile` on an e-mail, `linkedin` on a phone).
    case labelDoesNotFit(RinFieldKey)
    /// A primary flag on a kind that has none (`RinFieldKind.hasPrimary`).
    case primaryNotAllowed(RinFieldKey)
    /// Phones (or e-mails) with more than one primary among them.
    case primaryCount(RinFieldKind, count: Int)
}
