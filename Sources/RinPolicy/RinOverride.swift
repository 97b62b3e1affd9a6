/// A personal override: the owner's value of one field, or of every field, for one viewer
/// profile (`rin_overrides`, docs/RIN.md §2.5). It replaces whatever the viewer's circles give, in
/// either direction, and stays when the viewer leaves a circle (§2.5, Personal overrides).
public struct RinOverride: Hashable, Sendable, Codable {
    public let scope: RinOverrideScope
    public let access: RinAccess
    public let origin: RinOverrideOrigin

    public init(scope: RinOverrideScope, access: RinAccess, origin: RinOverrideOrigin = .manual) {
        self.scope = scope
        self.access = access
        self.origin = origin
    }

    /// What approving an ask writes (§2.6): Allow for the asked field, or for every field, present
    /// and future, when the owner grants everything. The server upserts it on
    /// (profile, viewer, scope), replacing an earlier override of the same scope.
    ///
    /// Granting every field writes an all-fields override, which a field override outranks: a field
    /// the owner had hidden from this person by a field override stays hidden. The owner's explicit
    /// word about one field is more specific than "everything".
    public static func approvingAsk(for field: RinFieldKey, allFields: Bool = false) -> RinOverride {
        RinOverride(scope: allFields ? .allFields : .field(field), access: .allow, origin: .ask)
    }
}
