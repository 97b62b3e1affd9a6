import Foundation
import Observation
import RinCore

/// Bringing in a contacts file (a vCard, or a Google or Outlook CSV export) and following it:
/// which of its two steps it is on (reading the file's contacts, then looking for duplicates),
/// how far through, what it added, merged and left to review. Each batch arrives as a
/// `rin.import.progressed` event; `refresh()` asks the server itself (after the socket was down).
/// Also the book's past imports, newest first, and resuming one that stopped.
@MainActor @Observable
public final class ImportModel {
    /// The largest file the server reads.
    public static let largestFile = 20 * 1024 * 1024

    /// The import on screen: the one just started, or one opened from the list.
    public private(set) var current: RinImport?
    /// Past imports of this book, newest first; a running one follows its events.
    public private(set) var imports: [RinImport] = []
    public private(set) var nextCursor: String?
    public private(set) var isSending = false
    /// Why a file was not taken, in the server's words (a broken file's names its line).
    public private(set) var fileError: String?
    /// The file had been imported into this book before: `current` is that import, and
    /// nothing was imported now. Known from the past imports `loadImports()` read, since
    /// `importRinContacts` answers an old import (200) and a new one (202) alike.
    public private(set) var importedBefore = false
    public private(set) var error: String?
    public private(set) var status: String?
    /// The last file could not be sent for a reason another try may not have (no connection, a
    /// busy server): `retry()` sends it again as the same upload.
    public var canRetry: Bool { upload != nil }
    /// Imports a page of the list asks for; nil leaves it to the server.
    public var pageSize: Int?

    private let context: RinContext
    /// The file waiting for another try, with the idempotency key it was first sent with, so
    /// the server takes it once however often it arrives.
    private var upload: (file: Data, name: String?, key: String)?

    public init(context: RinContext, pageSize: Int? = nil) {
        self.context = context
        self.pageSize = pageSize
    }

    public var phase: RinImport.PhasePayload? { current?.phase }
    public var isRunning: Bool { current?.isRunning ?? false }
    /// How far through the current step, 0…1 (all of it once done).
    public var progress: Double {
        guard let current else { return 0 }
        if current.phase == .done { return 1 }
        return current.total == 0 ? 0 : min(Double(current.processed) / Double(current.total), 1)
    }

    /// "Step 1 of 2: Reading your contacts…", "Done: 9 contacts in the file, all through.".
    public var phaseText: String? {
        guard let current else { return nil }
        let words = ContactsWords.phase(current.phase)
        switch current.phase {
        case .reading, .matching: return "Step \(words.step) of 2: \(words.text)…"
        case .done: return "Done: \(ContactsWords.counted(current.total, "contact")) in the file, all through."
        case .failed: return "The import stopped before the end."
        }
    }

    /// Suggestions and conflicts the current import left for Review.
    public var waitingForReview: Int { (current?.suggested ?? 0) + (current?.conflicts ?? 0) }

    /// Sends a file's bytes as they are; the server reads it whole before keeping anything.
    @discardableResult
    public func start(file: Data, name: String?) async -> RinImport? {
        upload = nil
        return await send(file: file, name: name, key: UUID().uuidString.lowercased())
    }

    /// Sends the file that could not be sent again, as the same upload.
    @discardableResult
    public func retry() async -> RinImport? {
        guard let upload else { return nil }
        return await send(file: upload.file, name: upload.name, key: upload.key)
    }

    private func send(file: Data, name: String?, key: String) async -> RinImport? {
        (fileError, error, status, importedBefore) = (nil, nil, nil, false)
        guard !file.isEmpty else {
            fileError = "That file is empty."
            return nil
        }
        guard file.count <= Self.largestFile else {
            fileError = "That file is larger than \(Self.largestFile / (1024 * 1024)) MB. Export fewer contacts at a time."
            return nil
        }
        guard let profile = await context.scope()?.profile else {
            error = context.error ?? "Rin is not ready yet. Try again in a moment."
            return nil
        }
        isSending = true
        defer { isSending = false }
        let known = Set(imports.map(\.id))
        do {
            let session = context.session
            let started = try await IdempotencyKey.$current.withValue(key) {
                try await session.importRinContacts(into: profile, file: file, name: name)
            }
            upload = nil
            // Events may have overtaken the answer: the later of the two stands.
            let shown = imports.first { $0.id == started.id }.map { Self.later($0, started) } ?? started
            importedBefore = known.contains(started.id)
            if importedBefore {
                status = "This file was imported on \(started.createdAt.formatted(date: .long, time: .shortened)); nothing changed."
            }
            current = shown
            put(shown)
            return shown
        } catch {
            // A 422 names the line that stopped the server reading; nothing of the file was kept.
            let status = error.httpStatus
            upload = error.isOffline || status == 429 || (status ?? 0) >= 500 ? (file, name, key) : nil
            if let problem = error as? KindredError, status == 422 {
                fileError = problem.problemErrors.first { $0.field == "file" }?.message ?? problem.localizedDescription
            } else {
                fileError = error.localizedDescription
            }
            return nil
        }
    }

    /// Shows one import (from the list, or a link).
    public func open(_ importID: UUID) async {
        if current?.id != importID { current = imports.first { $0.id == importID } }
        do {
            show(try await context.session.rinImport(importID))
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Asks the server where the current import is (events may have gone by unheard).
    public func refresh() async {
        guard let id = current?.id else { return }
        do {
            show(try await context.session.rinImport(id))
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Takes up an import that stopped: it goes on from the last batch it finished.
    public func resume() async {
        guard let id = current?.id else { return }
        error = nil
        do {
            let resumed = try await context.session.resumeRinImport(id)
            // A resumed import goes back to the step it stopped in: it replaces what was shown.
            current = resumed
            if let index = imports.firstIndex(where: { $0.id == id }) { imports[index] = resumed } else { imports.insert(resumed, at: 0) }
            status = "Going on from where it stopped."
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// The first page of past imports.
    public func loadImports() async {
        guard let profile = await context.scope()?.profile else { return }
        do {
            let page = try await context.session.rinImports(of: profile, limit: pageSize)
            (imports, nextCursor, error) = (page.items, page.nextCursor, nil)
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func loadMoreImports() async {
        guard let cursor = nextCursor, let profile = await context.scope()?.profile else { return }
        do {
            let page = try await context.session.rinImports(of: profile, limit: pageSize, cursor: cursor)
            let shown = Set(imports.map(\.id))
            imports += page.items.filter { !shown.contains($0.id) }
            nextCursor = page.nextCursor
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Follows this book's imports live until the caller's task is cancelled.
    public func followChanges() async {
        for await event in context.events() {
            guard case .rin_import_progressed(let progressed) = event else { continue }
            let rinImport = progressed._import
            guard rinImport.profileId == context.profileID else { continue }
            if rinImport.id == current?.id { show(rinImport) } else { put(rinImport) }
        }
    }

    /// An answer older than what is shown (a poll crossing an event) never moves it back.
    private func show(_ rinImport: RinImport) {
        let shown = current.flatMap { $0.id == rinImport.id ? Self.later($0, rinImport) : nil } ?? rinImport
        current = shown
        put(shown)
    }

    private func put(_ rinImport: RinImport) {
        if let index = imports.firstIndex(where: { $0.id == rinImport.id }) {
            imports[index] = Self.later(imports[index], rinImport)
        } else {
            imports.insert(rinImport, at: 0)
        }
    }

    /// The further along of two states of one import. Stopping, and going on after a stop,
    /// are news whatever the counts: the state heard last stands.
    static func later(_ one: RinImport, _ other: RinImport) -> RinImport {
        let (a, b) = (ContactsWords.phase(one.phase).step, ContactsWords.phase(other.phase).step)
        if a == 0 || b == 0 { return other }
        if a != b { return a > b ? one : other }
        return one.processed > other.processed ? one : other
    }
}
