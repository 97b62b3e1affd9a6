import Foundation

/// One circle as the policy rules see it: what it is, where it sits in lists, the template it
/// starts from and the cells the owner set (`rin_circles` with its `rin_policies` rows).
///
/// `cells` is sparse: a field without a cell takes the template's value (docs/RIN.md §2.5, Sparse
/// storage), so a field added later gets its template value in every circle.
public struct RinCirclePolicy: Hashable, Sendable, Identifiable {
    public let id: UUID
    public let kind: RinCircleKind
    public let template: RinCircleTemplate
    public let position: Int
    public internal(set) var cells: [RinFieldKey: RinAccess]

    public init(id: UUID, kind: RinCircleKind, template: RinCircleTemplate, position: Int = 0,
                cells: [RinFieldKey: RinAccess] = [:]) {
        self.id = id
        self.kind = kind
        self.template = template
        self.position = position
        self.cells = cells
    }

    public var sortKey: RinCircleSortKey { RinCircleSortKey(kind: kind, position: position, id: id) }

    /// This circle's value for `field`: its cell, else its template's.
    public func cell(for field: RinFieldDescriptor) -> RinPolicyCell {
        if let access = cells[field.key] { return RinPolicyCell(access: access, isTemplateDefault: false) }
        return RinPolicyCell(access: template.access(for: field), isTemplateDefault: true)
    }

    /// Sets `field` to `access`, storing a cell only when it differs from the template (our
    /// decision, §2.5): one grid state has one stored form, so "is this the template's?" is "is
    /// there a cell?", and setting a cell back to its default is the same as resetting it.
    mutating func set(_ access: RinAccess, for field: RinFieldDescriptor) {
        cells[field.key] = access == template.access(for: field) ? nil : access
    }
}
