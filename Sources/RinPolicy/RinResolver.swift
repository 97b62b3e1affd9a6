/// Who sees which field: the rule of docs/RIN.md §2.5 and §2.10, in one place for the server's
/// `RinVisibility`, "See as…" and the apps' previews.
///
/// For a viewer other than the owner, each field resolves in two steps:
/// 1. **Circles**: the most permissive value over the viewer's circles (Allow > Ask > Don't Allow),
///    each circle giving its cell or else its template's value.
/// 2. **Overrides**: a field override for this field, or else an all-fields override, replaces that
///    value, up or down. A field override outranks an all-fields one because it is more specific.
///
/// **Source on a tie** (our decision): when several circles give the winning value, the source is
/// Public, else Contacts, else the first in list order (`RinCircleSortKey`). The broadest circle
/// tells the owner the widest audience that gets the value this way, and a fixed order keeps the
/// owner's view stable between loads.
///
/// The caller passes the viewer's circles as §2.10 defines them: Public always; Contacts when the
/// owner's book holds a contact linked to the viewer; every circle they belong to. Contacts and
/// Public are ordinary members of the overlap, so a value they open is open to everyone they hold,
/// whatever other circles say.
public struct RinResolver: Sendable {
    private enum Viewer: Sendable {
        case owner
        case other(circles: [RinCirclePolicy], fieldOverrides: [RinFieldKey: RinOverride], allFields: RinOverride?)
    }

    private let viewer: Viewer

    /// The owner's own view: every field Allow, source `owner`.
    public static let owner = RinResolver(viewer: .owner)

    /// A viewer in `circles` with `overrides`. Overrides are unique per scope in the database; if
    /// two of one scope arrive anyway, the less permissive wins (and on equal values the manual
    /// one), so a bad join can only hide, never reveal.
    public init(circles: [RinCirclePolicy], overrides: [RinOverride]) {
        var fieldOverrides: [RinFieldKey: RinOverride] = [:]
        var allFields: RinOverride?
        for override in overrides {
            switch override.scope {
            case .field(let key): fieldOverrides[key] = Self.safer(fieldOverrides[key], override)
            case .allFields: allFields = Self.safer(allFields, override)
            }
        }
        let ordered = circles.sorted { ($0.breadth, $0.sortKey) < ($1.breadth, $1.sortKey) }
        viewer = .other(circles: ordered, fieldOverrides: fieldOverrides, allFields: allFields)
    }

    private init(viewer: Viewer) { self.viewer = viewer }

    /// `field`'s value for this viewer, and its source.
    public func resolve(_ field: RinFieldDescriptor) -> RinResolvedAccess {
        guard case .other(let circles, let fieldOverrides, let allFields) = viewer else {
            return RinResolvedAccess(field: field, access: .allow, source: .owner)
        }
        if let override = fieldOverrides[field.key] ?? allFields {
            return RinResolvedAccess(field: field, access: override.access,
                                     source: .override(scope: override.scope, origin: override.origin))
        }
        var best: (circle: RinCirclePolicy, cell: RinPolicyCell)?
        for circle in circles {
            let cell = circle.cell(for: field)
            // Strictly greater: on a tie the earlier circle in tie order stays the source.
            if best.map({ cell.access > $0.cell.access }) ?? true { best = (circle, cell) }
        }
        guard let best else { return RinResolvedAccess(field: field, access: .deny, source: .noCircle) }
        return RinResolvedAccess(field: field, access: best.cell.access,
                                 source: .circle(id: best.circle.id, isTemplateDefault: best.cell.isTemplateDefault))
    }

    /// Name, photo and bio, then `profileFields` in their order, each resolved. Built-in
    /// descriptors inside `profileFields` are skipped, so passing a full list is harmless.
    public func resolve(profileFields: [RinFieldDescriptor]) -> [RinResolvedAccess] {
        (RinFieldDescriptor.builtIns + profileFields.filter { !$0.kind.isBuiltIn }).map(resolve)
    }

    /// False when the name resolves to Don't Allow: then the viewer may not learn the profile
    /// exists, and every answer about it is the 404 of a missing profile (§2.5, Name Don't Allow).
    /// A name on Ask leaves the profile visible, with its name to request.
    public var isProfileVisible: Bool { resolve(.name).access != .deny }

    private static func safer(_ kept: RinOverride?, _ new: RinOverride) -> RinOverride {
        guard let kept else { return new }
        if new.access != kept.access { return new.access < kept.access ? new : kept }
        return kept.origin == .manual ? kept : new
    }
}

private extension RinCirclePolicy {
    /// Tie order for the source: Public reaches everyone, Contacts everyone in the book.
    var breadth: Int {
        switch kind {
        case .public: 0
        case .contacts: 1
        case .family, .friends, .colleagues, .custom: 2
        }
    }
}
