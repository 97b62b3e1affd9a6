import Foundation

/// A profile's policy grid: its fields (rows) by its circles (columns), as the grid editor shows it
/// and as `updateRinPolicies` changes it (docs/RIN.md §2.5, The grid; `IOS_PROFILE_CIRCLE_SCREEN_SPEC_V1.md` P5).
///
/// A value type: every change returns a new grid, so an editor keeps the loaded grid beside the
/// edited one and saves `updates(from:)`. The server loads the grid, applies a save, and writes back
/// the `cells` of each circle that changed, whole: cells equal to the template are never stored
/// (`RinCirclePolicy`), and cells of fields the profile no longer has are dropped on load.
public struct RinPolicyGrid: Hashable, Sendable {
    /// Name, photo and bio, then the profile's fields in their order.
    public let fields: [RinFieldDescriptor]
    /// The profile's circles in list order (`RinCircleSortKey`).
    public private(set) var circles: [RinCirclePolicy]

    private let fieldsByKey: [RinFieldKey: RinFieldDescriptor]

    public init(profileFields: [RinFieldDescriptor], circles: [RinCirclePolicy]) {
        let fields = RinFieldDescriptor.builtIns + profileFields.filter { !$0.kind.isBuiltIn }
        let fieldsByKey = Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.fields = fields
        self.fieldsByKey = fieldsByKey
        self.circles = circles.sorted { $0.sortKey < $1.sortKey }.map { circle in
            var normalised = circle
            normalised.cells = [:]
            for (key, access) in circle.cells {
                if let field = fieldsByKey[key] { normalised.set(access, for: field) }
            }
            return normalised
        }
    }

    public func circle(_ id: UUID) -> RinCirclePolicy? { circles.first { $0.id == id } }

    /// The cell at (`circleID`, `field`); nil when either is not in the grid.
    public func cell(circleID: UUID, field: RinFieldKey) -> RinPolicyCell? {
        guard let descriptor = fieldsByKey[field], let circle = circle(circleID) else { return nil }
        return circle.cell(for: descriptor)
    }

    /// Every problem in `updates`; empty when `applying` would accept them.
    public func problems(in updates: [RinCellUpdate]) -> [RinPolicyProblem] {
        var problems: [RinPolicyProblem] = []
        var reportedCircles: Set<UUID> = []
        var reportedFields: Set<RinFieldKey> = []
        var seen: Set<CellAddress> = []
        for update in updates {
            if circle(update.circleID) == nil, reportedCircles.insert(update.circleID).inserted {
                problems.append(.unknownCircle(update.circleID))
            }
            if fieldsByKey[update.field] == nil, reportedFields.insert(update.field).inserted {
                problems.append(.unknownField(update.field))
            }
            if !seen.insert(CellAddress(circleID: update.circleID, field: update.field)).inserted {
                problems.append(.duplicateCell(circleID: update.circleID, field: update.field))
            }
        }
        return problems
    }

    /// The grid with every update applied, or every problem if any: a save is all or nothing.
    public func applying(_ updates: [RinCellUpdate]) throws(RinPolicyGridError) -> RinPolicyGrid {
        let problems = self.problems(in: updates)
        guard problems.isEmpty else { throw RinPolicyGridError(problems: problems) }
        var grid = self
        for update in updates {
            // Both lookups succeed: `problems(in:)` checked them.
            guard let index = grid.circles.firstIndex(where: { $0.id == update.circleID }),
                  let field = fieldsByKey[update.field] else { continue }
            grid.circles[index].set(update.access, for: field)
        }
        return grid
    }

    /// "Allow all for circle": every present field Allow in `circleID`. A field added later still
    /// starts from the template, as every new field does (§2.5, Sparse storage).
    public func allowingAll(in circleID: UUID) throws(RinPolicyGridError) -> RinPolicyGrid {
        try applying(fields.map { RinCellUpdate(circleID: circleID, field: $0.key, access: .allow) })
    }

    /// "Reset to defaults": the circle's cells removed, so every field takes the template's value.
    public func resetting(_ circleID: UUID) throws(RinPolicyGridError) -> RinPolicyGrid {
        guard let index = circles.firstIndex(where: { $0.id == circleID }) else {
            throw RinPolicyGridError(problems: [.unknownCircle(circleID)])
        }
        var grid = self
        grid.circles[index].cells = [:]
        return grid
    }

    /// The updates that turn `original` into this grid: one per cell whose value differs, in grid
    /// order (circles, then fields). What an editor sends when the person taps Save. Circles or
    /// fields that only one of the two grids has are left out.
    public func updates(from original: RinPolicyGrid) -> [RinCellUpdate] {
        circles.flatMap { circle in
            fields.compactMap { field -> RinCellUpdate? in
                guard let before = original.cell(circleID: circle.id, field: field.key) else { return nil }
                let after = circle.cell(for: field)
                return before.access == after.access
                    ? nil : RinCellUpdate(circleID: circle.id, field: field.key, access: after.access)
            }
        }
    }

    private struct CellAddress: Hashable {
        let circleID: UUID
        let field: RinFieldKey
    }
}
