/// What a viewer gets of one field: docs/RIN.md §2.5 (Three values).
///
/// The raw values go into the API and into `rin_policies.value` / `rin_overrides.value`, so they
/// never change. `Comparable` orders by permissiveness, `deny < ask < allow`, because overlapping
/// circles resolve to the most permissive value (§2.5, Overlap): `max` is the rule.
public enum RinAccess: String, CaseIterable, Codable, Comparable, Hashable, Sendable {
    /// The viewer sees the value.
    case allow
    /// The viewer sees the field's label and may request the value (§2.6).
    case ask
    /// "Don't Allow": the viewer cannot tell the field exists.
    case deny

    public static func < (lhs: RinAccess, rhs: RinAccess) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .deny: 0
        case .ask: 1
        case .allow: 2
        }
    }
}
