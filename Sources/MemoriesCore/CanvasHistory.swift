import Foundation
import MemoriesCanvas

/// Undo and redo for one person's edits of a page. Every edit is a list of operations; undoing it
/// applies their inverses (computed against the page as it was), which are operations too, so on
/// a shared page an undo travels to the friend like any other change. An inverse about an
/// element the friend has since deleted changes nothing, as every operation does.
public struct CanvasHistory: Sendable {
    private var undoStack: [[CanvasOperation]] = []
    private var redoStack: [[CanvasOperation]] = []
    /// Enough for an evening's drawing without holding every stroke forever.
    public static let depth = 200

    public init() {}

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Applies `operations` to `canvas` and remembers how to take them back.
    public mutating func perform(_ operations: [CanvasOperation], on canvas: inout Canvas) {
        undoStack.append(Self.apply(operations, to: &canvas))
        if undoStack.count > Self.depth { undoStack.removeFirst() }
        redoStack.removeAll()
    }

    /// The operations that undo the last edit, already applied to `canvas`; nil if there is none.
    public mutating func undo(on canvas: inout Canvas) -> [CanvasOperation]? {
        guard let inverse = undoStack.popLast() else { return nil }
        redoStack.append(Self.apply(inverse, to: &canvas))
        return inverse
    }

    public mutating func redo(on canvas: inout Canvas) -> [CanvasOperation]? {
        guard let again = redoStack.popLast() else { return nil }
        undoStack.append(Self.apply(again, to: &canvas))
        return again
    }

    /// Applies operations in order; returns the operations that take them back, in undo order.
    private static func apply(_ operations: [CanvasOperation], to canvas: inout Canvas) -> [CanvasOperation] {
        var inverse: [CanvasOperation] = []
        for operation in operations {
            inverse.insert(contentsOf: Self.inverse(of: operation, on: canvas), at: 0)
            canvas.apply(operation)
        }
        return inverse
    }

    /// What takes `operation` back, given the page just before it.
    public static func inverse(of operation: CanvasOperation, on canvas: Canvas) -> [CanvasOperation] {
        let before = canvas.element(operation.elementID)
        switch operation.action {
        case .add(let element):
            return before == nil ? [CanvasOperation(.delete(elementID: element.id))] : []
        case .update(let id, let changes):
            return before.map { [CanvasOperation(.update(elementID: id, changes.inverse(on: $0)))] } ?? []
        case .delete:
            return before.map { [CanvasOperation(.add($0))] } ?? []
        case .appendPoints(let id, _):
            // There is no "remove points": the stroke is put back as it was.
            return before.map { [CanvasOperation(.delete(elementID: id)), CanvasOperation(.add($0))] } ?? []
        }
    }
}
