import MemoriesCore
import Observation

/// A page the editor can change: a letter being written (`LetterComposerModel`) or a shared
/// memory page (`PageEditorModel`). Both already have these members; this names what they
/// share, so one editor serves both.
@MainActor
protocol CanvasDocument: AnyObject, Observable {
    /// What to draw, every edit already applied.
    var canvas: PageCanvas { get }
    var canUndo: Bool { get }
    var canRedo: Bool { get }
    /// Shown, not edited.
    var isReadOnly: Bool { get }
    /// Why the last edit or save did not happen.
    var error: String? { get }
    /// Makes an edit; false if the page's rules refused it (`error` says why).
    @discardableResult func perform(_ operations: [CanvasOperation]) -> Bool
    func undo()
    func redo()
}

extension PageEditorModel: CanvasDocument {}

extension LetterComposerModel: CanvasDocument {
    /// Before it has started on the server, once it is sent, and while a newer save from
    /// another device waits to be loaded.
    var isReadOnly: Bool {
        draftID == nil || saveState == .sent || saveState == .changedElsewhere
    }
}
