/// The shape a profile's fields must keep so the templates mean what they say.
///
/// The Friends defaults open "the primary phone and the primary e-mail" (docs/RIN.md §2.4), so a
/// profile has at most one primary phone and one primary e-mail (two would make "the primary" two).
/// None is allowed: the server makes the first phone added primary and clears the old primary when
/// another becomes primary, but deleting the primary promotes nothing, because promotion would show
/// another number to every circle that saw the old one, without the owner's act (§2.5).
public enum RinProfileFieldRules {
    /// Every problem in `fields`, in the order found; empty when the list is sound. Built-in
    /// descriptors in the list are skipped: they are not rows and do not count towards the limit.
    public static func problems(in fields: [RinFieldDescriptor]) -> [RinProfileFieldProblem] {
        let profileFields = fields.filter { !$0.kind.isBuiltIn }
        var problems: [RinProfileFieldProblem] = []
        if profileFields.count > RinLimits.maxFieldsPerProfile {
            problems.append(.tooManyFields(count: profileFields.count))
        }
        var seen: Set<RinFieldKey> = []
        for field in profileFields {
            if !seen.insert(field.key).inserted { problems.append(.duplicateKey(field.key)) }
            if !labelFits(field) { problems.append(.labelDoesNotFit(field.key)) }
            if field.isPrimary && !field.kind.hasPrimary { problems.append(.primaryNotAllowed(field.key)) }
        }
        if profileFields.filter({ $0.kind == .birthday }).count > 1 { problems.append(.multipleBirthdays) }
        for kind in RinFieldKind.allCases where kind.hasPrimary {
            let ofKind = profileFields.filter { $0.kind == kind }
            let primaries = ofKind.filter(\.isPrimary).count
            if primaries > 1 { problems.append(.primaryCount(kind, count: primaries)) }
        }
        return problems
    }

    /// A kind with labels needs one of its own; a kind without takes none.
    static func labelFits(_ field: RinFieldDescriptor) -> Bool {
        guard let label = field.label else { return field.kind.labels.isEmpty }
        return field.kind.labels.contains(label)
    }
}
