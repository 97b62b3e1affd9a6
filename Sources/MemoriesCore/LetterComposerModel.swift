import Foundation
import KindredSDK
import MemoriesCanvas
import Observation

/// A letter being written: mine alone, saved whole on the server as I go (so it can be finished
/// on another device), then sent, after which it is a page of the book nobody can change.
@MainActor @Observable
public final class LetterComposerModel {
    public enum SaveState: Equatable, Sendable {
        case saved
        case unsaved
        case saving
        case offline
        /// Saved on another device since this one loaded it: load it again to go on.
        case changedElsewhere
        case sent
    }

    public let bookID: UUID
    public private(set) var draftID: UUID?
    public private(set) var canvas = Canvas(paper: .lined)
    public private(set) var revision = 0
    public private(set) var saveState: SaveState = .saved
    public private(set) var error: String?
    public private(set) var sentLetter: MemoriesPageDetail?
    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }
    public var canSend: Bool { draftID != nil && !canvas.isEmpty && saveState != .sent && saveState != .changedElsewhere }

    private let session: KindredSession
    private var history = CanvasHistory()

    public init(session: KindredSession, bookID: UUID) {
        self.session = session
        self.bookID = bookID
    }

    /// Starts a new letter on the server.
    public func start(paper: Canvas.Paper = .lined) async {
        do {
            let draft = try await session.createDraft(in: bookID, canvas: Canvas(paper: paper))
            adopt(draft)
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Opens a draft started here or on another device.
    public func resume(_ draftID: UUID) async {
        do {
            adopt(try await session.page(draftID))
        } catch {
            self.error = error.localizedDescription
        }
    }

    @discardableResult
    public func perform(_ operations: [CanvasOperation]) -> Bool {
        guard saveState != .sent, saveState != .changedElsewhere else { return false }
        var after = canvas
        var scratch = history
        scratch.perform(operations, on: &after)
        var validator = CanvasValidator()
        validator.check(after)
        if validator.isValid, let size = try? after.encoded().count { validator.checkSize(size, at: "canvas") }
        guard validator.isValid else {
            error = validator.problems.first?.message
            return false
        }
        (canvas, history, saveState, error) = (after, scratch, .unsaved, nil)
        return true
    }

    public func undo() {
        guard saveState != .sent, history.undo(on: &canvas) != nil else { return }
        saveState = .unsaved
    }

    public func redo() {
        guard saveState != .sent, history.redo(on: &canvas) != nil else { return }
        saveState = .unsaved
    }

    /// Saves the page if it changed. A save from another device in between is never overwritten.
    public func save() async {
        guard let draftID, saveState == .unsaved || saveState == .offline else { return }
        saveState = .saving
        let saving = canvas
        do {
            revision = try await session.saveDraft(draftID, canvas: saving, revision: revision)
            saveState = saving == canvas ? .saved : .unsaved
            error = nil
        } catch let error as KindredError {
            switch error {
            case .transport: saveState = .offline
            case .problem(let problem) where problem.status == 409: saveState = .changedElsewhere
            default: saveState = .unsaved
            }
            self.error = error.localizedDescription
        } catch {
            saveState = .offline
            self.error = error.localizedDescription
        }
    }

    /// Saves, then sends: from here on the letter is a page of the book.
    public func send() async {
        await save()
        guard let draftID, saveState == .saved, canSend else { return }
        do {
            sentLetter = try await session.sendDraft(draftID)
            saveState = .sent
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func discard() async {
        guard let draftID else { return }
        do {
            try await session.deleteDraft(draftID)
            self.draftID = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    private func adopt(_ draft: MemoriesPageDetail) {
        draftID = draft.id
        canvas = draft.canvas
        revision = draft.revision
        history = CanvasHistory()
        saveState = draft.state == .sent ? .sent : .saved
        error = nil
    }
}
