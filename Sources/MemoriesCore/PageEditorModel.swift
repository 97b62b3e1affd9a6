import Foundation
import KindredSDK
import MemoriesCanvas
import Observation

/// A memory page being edited, by me and maybe the friend at the same time.
///
/// The page shown is the server's page (every operation up to `seq`, in the server's order) with
/// my operations the server has not yet numbered applied on top. When mine come back numbered,
/// or the friend's arrive, they join the server's page in `seq` order, and my remaining ones are
/// applied on top again; so both editors end on the server's page. Operations made offline wait
/// in `pending` and are sent again, with the same ids, when `flush()` next gets through; the
/// server never applies one twice.
@MainActor @Observable
public final class PageEditorModel {
    public enum SaveState: Equatable, Sendable {
        case saved
        case saving
        /// Kindred could not be reached: this many operations wait to be sent.
        case offline(waiting: Int)
        /// The server refused an edit; it has been taken back.
        case refused(String)
    }

    /// Someone else on the page, where their pointer last was.
    public struct Presence: Equatable, Sendable {
        public var profile: Profile
        public var x: Double?
        public var y: Double?
        public var seenAt: Date
    }

    public let pageID: UUID
    public private(set) var page: MemoriesPageDetail?
    /// What to draw: the server's page plus my operations not yet numbered.
    public private(set) var canvas = Canvas()
    public private(set) var seq = 0
    public private(set) var pending: [CanvasOperation] = []
    public private(set) var saveState: SaveState = .saved
    public private(set) var others: [String: Presence] = [:]
    public private(set) var error: String?
    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }
    /// A sent letter or an archived book: shown, not edited.
    public var isReadOnly: Bool { page?.state != .shared }

    private let session: KindredSession
    private let now: @Sendable () -> Date
    private var confirmed = Canvas()
    /// Numbered operations that arrived ahead of one still missing.
    private var early: [Int: MemoriesSequencedOperation] = [:]
    private var history = CanvasHistory()
    private var flushing = false

    public init(session: KindredSession, pageID: UUID, now: @escaping @Sendable () -> Date = Date.init) {
        self.session = session
        self.pageID = pageID
        self.now = now
    }

    /// Loads the page as the server has it, keeping my unsent operations on top.
    public func load() async {
        do {
            let page = try await session.page(pageID)
            self.page = page
            confirmed = page.canvas
            seq = page.seq
            early.removeAll()
            error = nil
            redraw()
        } catch {
            self.error = error.localizedDescription
        }
    }

    // MARK: - Editing

    /// Makes an edit: shown at once, sent by the next `flush()`. An edit that breaks the page's
    /// rules is refused here, before anything is queued.
    @discardableResult
    public func perform(_ operations: [CanvasOperation]) -> Bool {
        guard !isReadOnly, !operations.isEmpty, check(operations) else { return false }
        var shown = canvas
        history.perform(operations, on: &shown)
        pending += operations
        redraw()
        return true
    }

    public func undo() {
        guard !isReadOnly else { return }
        var shown = canvas
        guard let operations = history.undo(on: &shown) else { return }
        pending += operations
        redraw()
    }

    public func redo() {
        guard !isReadOnly else { return }
        var shown = canvas
        guard let operations = history.redo(on: &shown) else { return }
        pending += operations
        redraw()
    }

    /// Sends what waits, up to 100 operations a request, until nothing does or the network fails.
    public func flush() async {
        guard !flushing else { return }
        flushing = true
        defer { flushing = false }
        while !pending.isEmpty {
            let batch = Array(pending.prefix(CanvasLimits.operationsPerBatch))
            saveState = .saving
            do {
                let (_, numbered) = try await session.apply(batch, to: pageID)
                let sent = Set(batch.map(\.id))
                pending.removeAll { sent.contains($0.id) }
                for operation in numbered { receive(operation) }
                // Someone else's operation numbered in between has not arrived yet, or a photo
                // now on the page has no signed URL here yet: load the page.
                if !early.isEmpty || lacksMedia { await load() }
            } catch let error as KindredError {
                if case .transport = error {
                    saveState = .offline(waiting: pending.count)
                    return
                }
                // Refused (a full page, an archived book): the batch is taken back, as it never happened.
                let refused = Set(batch.map(\.id))
                pending.removeAll { refused.contains($0.id) }
                redraw()
                saveState = .refused(error.localizedDescription)
                return
            } catch {
                saveState = .offline(waiting: pending.count)
                return
            }
        }
        saveState = .saved
    }

    // MARK: - Others' changes

    /// Applies the friend's (and my other devices') operations and shows where the friend is,
    /// until the caller stops.
    public func followChanges() async {
        for await event in session.events() {
            switch event {
            case .memories_page_changed(let changed) where changed.pageId == pageID:
                for operation in changed.operations.sorted(by: { $0.seq < $1.seq }) { receive(operation) }
                // A gap (an event was missed in a reconnect), or the friend's new photo, whose
                // signed URL comes with the page: the page as the server has it fills it.
                if !early.isEmpty || lacksMedia { await load() }
            case .memories_presence_updated(let presence) where presence.pageId == pageID:
                if presence.editing {
                    others[presence.profile.username] = Presence(profile: presence.profile, x: presence.x, y: presence.y, seenAt: now())
                } else {
                    others[presence.profile.username] = nil
                }
            default:
                continue
            }
        }
    }

    /// Tells the friend where my pointer is (nil: I left the page).
    public func sendPresence(x: Double?, y: Double?) async {
        do {
            try await session.sendPresence(on: pageID, editing: x != nil, x: x, y: y)
        } catch {
            // Presence is a courtesy: a missed update is replaced by the next one.
        }
    }

    /// Forgets people whose pointer has not moved for `seconds`.
    public func forgetIdle(olderThan seconds: TimeInterval = 10) {
        let cutoff = now().addingTimeInterval(-seconds)
        others = others.filter { $0.value.seenAt >= cutoff }
    }

    /// One numbered operation, in its place in the page's order.
    func receive(_ operation: MemoriesSequencedOperation) {
        guard operation.seq > seq else { return }
        early[operation.seq] = operation
        while let next = early.removeValue(forKey: seq + 1) {
            confirmed.apply(next.operation)
            seq = next.seq
            pending.removeAll { $0.id == next.operation.id }
        }
        redraw()
    }

    /// A photo on the server's page that `page.media` (the signed URLs) does not list yet.
    private var lacksMedia: Bool {
        let known = Set(page?.media.map(\.id) ?? [])
        return confirmed.mediaIDs.contains { !known.contains($0) }
    }

    private func redraw() {
        var shown = confirmed
        for operation in pending { shown.apply(operation) }
        canvas = shown
    }

    private func check(_ operations: [CanvasOperation]) -> Bool {
        var validator = CanvasValidator()
        for (index, operation) in operations.enumerated() { validator.check(operation, at: "operations[\(index)]") }
        var after = canvas
        for operation in operations { after.apply(operation) }
        validator.checkTotals(elements: after.elements.count, points: after.pointCount, at: "page")
        // Refused here rather than at the next flush, where the drawing would be taken back.
        if let size = try? after.encoded().count { validator.checkSize(size, at: "page") }
        error = validator.problems.first?.message
        return validator.isValid
    }
}
