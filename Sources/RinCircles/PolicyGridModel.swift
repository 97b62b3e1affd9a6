import Foundation
import Observation
import RinCore

/// Who sees what: the acting profile's fields (name, photo, bio, then each of its own) by its
/// circles, each cell Allow, Ask or Don't Allow. Cells are edited on the device and saved all at
/// once: the server takes every change or none, so a refused save keeps the edits to mend. A
/// circle can go back to its template at once. A phone shows one circle at a time.
@MainActor @Observable
public final class PolicyGridModel {
    /// One cell's address: a circle and a field key (`name`, `photo`, `bio` or `field:<id>`).
    public struct Cell: Hashable, Sendable {
        public let circleID: UUID
        public let fieldKey: String

        public init(circleID: UUID, fieldKey: String) {
            self.circleID = circleID
            self.fieldKey = fieldKey
        }
    }

    /// The rows, in the server's order.
    public private(set) var fields: [RinPolicyField] = []
    /// The columns, in list order.
    public private(set) var circles: [RinCircle] = []
    /// What each row holds, by field key, to tell two phones apart (no entry for the photo).
    public private(set) var values: [String: String] = [:]
    /// Cells changed on the device and not saved, with their new value.
    public private(set) var edits: [Cell: RinAccess] = [:]
    /// The circle a phone shows.
    public var selectedCircleID: UUID?
    public private(set) var profileID: UUID?
    public private(set) var isLoading = false
    public private(set) var isSaving = false
    /// A saved change waits in the queue for the connection to return.
    public private(set) var isWaiting = false
    public private(set) var fieldErrors: [String: String] = [:]
    public private(set) var error: String?

    /// The server's cells, with whether each is its template's value.
    private var saved: [Cell: RinPolicyCell] = [:]
    private let context: RinContext

    /// - Parameter circleID: the circle to show first on a phone ("What this circle sees").
    public init(context: RinContext, circleID: UUID? = nil) {
        self.context = context
        self.selectedCircleID = circleID
    }

    public func load() async {
        guard let (_, profile) = await context.scope() else {
            error = context.error ?? "Rin has not started: sign in again."
            return
        }
        if profile != profileID { (edits, values) = ([:], [:]) }
        isLoading = true
        defer { isLoading = false }
        do {
            let grid = try await context.session.rinPolicyGrid(of: profile)
            let detail = try await context.session.rinProfile(profile)
            guard context.profileID == profile else { return }
            profileID = profile
            take(grid)
            values = ["name": detail.profile.displayName, "bio": detail.profile.bio]
            for field in detail.fields { values[field.key] = field.value }
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    // MARK: - Reading cells

    /// The cell as shown: the edit if there is one, else the server's value.
    public func access(field: String, circle: UUID) -> RinAccess {
        let cell = Cell(circleID: circle, fieldKey: field)
        return edits[cell] ?? saved[cell]?.access ?? templateAccess(field: field, circle: circle) ?? .deny
    }

    /// Whether the cell as shown is its circle's template value (nothing set for it).
    public func isTemplate(field: String, circle: UUID) -> Bool {
        let cell = Cell(circleID: circle, fieldKey: field)
        guard let edit = edits[cell] else { return saved[cell]?.isTemplate ?? true }
        return edit == templateAccess(field: field, circle: circle)
    }

    public func isChanged(field: String, circle: UUID) -> Bool {
        edits[Cell(circleID: circle, fieldKey: field)] != nil
    }

    public var hasChanges: Bool { !edits.isEmpty }

    /// The changed cells in grid order: by circle, then by field.
    public var pendingCells: [Cell] {
        circles.flatMap { circle in
            fields.map { Cell(circleID: circle.id, fieldKey: $0.key) }.filter { edits[$0] != nil }
        }
    }

    /// What `save` sends.
    public var changes: [RinPolicyChange] {
        pendingCells.compactMap { cell in
            edits[cell].map { RinPolicyChange(circleId: cell.circleID, fieldKey: cell.fieldKey, access: $0) }
        }
    }

    // MARK: - Editing

    /// Changes a cell on the device; setting it back to the saved value undoes the edit. A cell
    /// not in the grid (a field or circle it does not have) is left alone.
    public func set(_ access: RinAccess, field: String, circle: UUID) {
        let cell = Cell(circleID: circle, fieldKey: field)
        guard let current = saved[cell] else { return }
        edits[cell] = current.access == access ? nil : access
    }

    /// A tap: Allow, then Ask, then Don't Allow, then Allow again.
    public func cycle(field: String, circle: UUID) {
        let next: RinAccess = switch access(field: field, circle: circle) {
        case .allow: .ask
        case .ask: .deny
        case .deny: .allow
        }
        set(next, field: field, circle: circle)
    }

    /// Every field Allow in `circle`, saved with the rest; a field added later starts from the
    /// template.
    public func allowAll(circle: UUID) {
        for field in fields { set(.allow, field: field.key, circle: circle) }
    }

    public func discard() {
        edits = [:]
        (fieldErrors, error) = ([:], nil)
    }

    /// Sends every edit in one change; the server takes all or none. Offline the change waits in
    /// the queue (`isWaiting`), shown as saved, and goes when the connection returns. On a refusal
    /// the edits stay, with the server's words, to mend or discard.
    @discardableResult
    public func save() async -> Bool {
        guard hasChanges else { return true }
        guard let profileID else { return false }
        let sent = edits
        let pending = changes
        isSaving = true
        defer { isSaving = false }
        let delivery = await context.submit(.updatePolicies(profile: profileID, pending))
        if case .refused(let words, let problems) = delivery {
            (fieldErrors, error) = (problems, words)
            return false
        }
        for (cell, access) in sent {
            saved[cell] = RinPolicyCell(circleId: cell.circleID, fieldKey: cell.fieldKey, access: access,
                                        isTemplate: access == templateAccess(field: cell.fieldKey, circle: cell.circleID))
        }
        // Edits made while the save travelled are kept.
        edits = edits.filter { sent[$0.key] != $0.value }
        (isWaiting, fieldErrors, error) = (delivery == .waiting, [:], nil)
        // Taken: the server's grid, which also says which cells are their template's value.
        if delivery == .sent, let grid = try? await context.session.rinPolicyGrid(of: profileID), context.profileID == profileID {
            take(grid)
        }
        return true
    }

    /// Puts every field of `circle` back to its template at once (the server forgets its cells),
    /// dropping the circle's unsaved edits; other circles' edits stay.
    @discardableResult
    public func reset(circle circleID: UUID) async -> Bool {
        do {
            try await context.session.resetRinPolicies(of: circleID)
        } catch {
            self.error = error.localizedDescription
            return false
        }
        edits = edits.filter { $0.key.circleID != circleID }
        for field in fields {
            let cell = Cell(circleID: circleID, fieldKey: field.key)
            guard let template = templateAccess(field: field.key, circle: circleID) else { continue }
            saved[cell] = RinPolicyCell(circleId: circleID, fieldKey: field.key, access: template, isTemplate: true)
        }
        error = nil
        return true
    }

    // MARK: - One circle at a time

    public var selectedCircle: RinCircle? {
        circles.first { $0.id == selectedCircleID } ?? circles.first
    }

    public var canSelectNext: Bool { selectedIndex.map { $0 + 1 < circles.count } ?? false }
    public var canSelectPrevious: Bool { selectedIndex.map { $0 > 0 } ?? false }

    public func selectNext() {
        guard let index = selectedIndex, index + 1 < circles.count else { return }
        selectedCircleID = circles[index + 1].id
    }

    public func selectPrevious() {
        guard let index = selectedIndex, index > 0 else { return }
        selectedCircleID = circles[index - 1].id
    }

    private var selectedIndex: Int? {
        guard let selected = selectedCircle else { return nil }
        return circles.firstIndex { $0.id == selected.id }
    }

    // MARK: - Private

    /// The server's grid, with the edits that still point at a cell of it and still differ.
    private func take(_ grid: RinPolicyGrid) {
        (fields, circles) = (grid.fields, grid.circles)
        saved = Dictionary(grid.cells.map { (Cell(circleID: $0.circleId, fieldKey: $0.fieldKey), $0) }, uniquingKeysWith: { first, _ in first })
        edits = edits.filter { cell, access in saved[cell].map { $0.access != access } ?? false }
        if let selectedCircleID, !circles.contains(where: { $0.id == selectedCircleID }) { self.selectedCircleID = nil }
        if selectedCircleID == nil { selectedCircleID = circles.first?.id }
    }
}
