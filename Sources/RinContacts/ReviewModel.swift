import Foundation
import Observation
import RinCore

/// Review: what the book's clean-up leaves for a look. Fields a merge left with two values
/// (choose one), pairs that may be one person (Merge, Different people, Not now), and the merges
/// that stand, each with Undo. An undo the server refuses because the merged contact was edited
/// since waits for the person to confirm letting those edits go. An import that ends while
/// Review is open brings its new pairs and merges in.
@MainActor @Observable
public final class ReviewModel {
    public private(set) var suggestions: [RinSuggestion] = []
    public private(set) var conflicts: [RinConflict] = []
    public private(set) var merges: [RinMergeRecord] = []
    public private(set) var suggestionsCursor: String?
    public private(set) var conflictsCursor: String?
    public private(set) var mergesCursor: String?
    /// Pairs waiting and fields with two values, as the server counts them (past the pages read).
    public private(set) var waitingSuggestions = 0
    public private(set) var waitingConflicts = 0
    /// Only the merges imports made.
    public private(set) var onlyAutomatic = false
    public private(set) var isLoading = false
    /// What was just done, in words.
    public private(set) var status: String?
    public private(set) var error: String?
    /// An undo refused because the merged contact was edited since: `confirmUndo()` lets those
    /// edits go, `cancelUndo()` keeps the merge.
    public private(set) var undoNeedingConfirmation: RinMergeRecord?
    /// The server's words for why the undo needs confirming.
    public private(set) var undoWarning: String?
    /// Items a page of each list asks for; nil leaves it to the server.
    public var pageSize: Int?

    private let context: RinContext
    /// Suggestions hidden for this visit ("Not now"): nothing is stored, they are back next time.
    private var later: Set<UUID> = []

    public init(context: RinContext, pageSize: Int? = nil) {
        self.context = context
        self.pageSize = pageSize
    }

    public var waiting: Int { waitingSuggestions + waitingConflicts }

    /// "2 possible duplicates · 1 field with two values", or that nothing waits.
    public var summary: String {
        guard waiting > 0 else { return "Nothing waits for a look." }
        return [ContactsWords.counted(waitingSuggestions, "possible duplicate"),
                ContactsWords.counted(waitingConflicts, "field") + " with two values"].joined(separator: " · ")
    }

    /// Why Rin thinks a pair may be one person, in words.
    public func evidence(of suggestion: RinSuggestion) -> [ContactsWords.Evidence] {
        ContactsWords.evidence(suggestion.evidence, contacts: suggestion.contacts)
    }

    /// How sure Rin is: "85% sure".
    public func confidence(of suggestion: RinSuggestion) -> String {
        "\(ContactsWords.percent(suggestion.confidence)) sure"
    }

    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            guard let profile = await context.scope()?.profile else { return }
            async let home = context.session.rinContactsHome(of: profile)
            async let conflictPage = context.session.rinConflicts(of: profile, limit: pageSize)
            async let suggestionPage = context.session.rinSuggestions(of: profile, limit: pageSize)
            async let mergePage = context.session.rinMerges(of: profile, automatic: onlyAutomatic ? true : nil, limit: pageSize)
            let (counts, conflicts, suggestions, merges) = try await (home, conflictPage, suggestionPage, mergePage)
            (waitingSuggestions, waitingConflicts) = (counts.suggestions, counts.conflicts)
            (self.conflicts, conflictsCursor) = (conflicts.items, conflicts.nextCursor)
            (self.suggestions, suggestionsCursor) = (suggestions.items.filter { !later.contains($0.id) }, suggestions.nextCursor)
            (self.merges, mergesCursor) = (merges.items, merges.nextCursor)
            error = nil
            await context.keep(counts, as: .home(profile))
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func loadMoreSuggestions() async {
        guard let cursor = suggestionsCursor, let profile = context.profileID else { return }
        do {
            let page = try await context.session.rinSuggestions(of: profile, limit: pageSize, cursor: cursor)
            let shown = Set(suggestions.map(\.id))
            suggestions += page.items.filter { !shown.contains($0.id) && !later.contains($0.id) }
            suggestionsCursor = page.nextCursor
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func loadMoreConflicts() async {
        guard let cursor = conflictsCursor, let profile = context.profileID else { return }
        do {
            let page = try await context.session.rinConflicts(of: profile, limit: pageSize, cursor: cursor)
            let shown = Set(conflicts.map(\.id))
            conflicts += page.items.filter { !shown.contains($0.id) }
            conflictsCursor = page.nextCursor
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func loadMoreMerges() async {
        guard let cursor = mergesCursor, let profile = context.profileID else { return }
        do {
            let page = try await context.session.rinMerges(of: profile, automatic: onlyAutomatic ? true : nil, limit: pageSize, cursor: cursor)
            let shown = Set(merges.map(\.id))
            merges += page.items.filter { !shown.contains($0.id) }
            mergesCursor = page.nextCursor
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Shows all merges, or only those imports made.
    public func setOnlyAutomatic(_ only: Bool) async {
        guard only != onlyAutomatic, let profile = await context.scope()?.profile else { return }
        onlyAutomatic = only
        do {
            let page = try await context.session.rinMerges(of: profile, automatic: only ? true : nil, limit: pageSize)
            guard only == onlyAutomatic else { return }
            (merges, mergesCursor) = (page.items, page.nextCursor)
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// These two are one person.
    @discardableResult
    public func merge(_ suggestion: RinSuggestion) async -> RinMergeResult? {
        status = nil
        do {
            let result = try await context.session.mergeRinSuggestion(suggestion.id)
            suggestions.removeAll { $0.id == suggestion.id }
            await forgetAbsorbed(result.merge)
            await context.keep(result.contact, as: .contact(result.contact.id))
            status = "Merged: \(result.contact.displayName) is one contact now. Undo it under Merges below."
            await load()
            return result
        } catch {
            self.error = error.localizedDescription
            return nil
        }
    }

    /// "Different people": never suggested again.
    @discardableResult
    public func dismiss(_ suggestion: RinSuggestion) async -> Bool {
        status = nil
        do {
            try await context.session.dismissRinSuggestion(suggestion.id)
            suggestions.removeAll { $0.id == suggestion.id }
            waitingSuggestions = max(waitingSuggestions - 1, 0)
            let names = suggestion.contacts.map(\.displayName)
            status = "\(names.first ?? "") and \(names.last ?? "") stay apart; Rin won’t suggest them again."
            return true
        } catch {
            self.error = error.localizedDescription
            return false
        }
    }

    /// "Not now": hidden for this visit only, and the server is told nothing.
    public func notNow(_ suggestion: RinSuggestion) {
        later.insert(suggestion.id)
        suggestions.removeAll { $0.id == suggestion.id }
        let names = suggestion.contacts.map(\.displayName)
        status = "Hidden for now: \(names.first ?? "") and \(names.last ?? "") come back next time you open Review."
    }

    /// Keeps the option at `choice` for the conflicting field.
    @discardableResult
    public func resolve(_ conflict: RinConflict, choice: Int) async -> RinContactDetail? {
        guard conflict.options.indices.contains(choice) else { return nil }
        status = nil
        do {
            let contact = try await context.session.resolveRinConflict(conflict.id, choice: choice)
            conflicts.removeAll { $0.id == conflict.id }
            waitingConflicts = max(waitingConflicts - 1, 0)
            await context.keep(contact, as: .contact(contact.id))
            status = "\(contact.displayName) keeps “\(optionText(conflict, choice))” as the \(ContactsWords.fieldName(conflict.field))."
            return contact
        } catch {
            self.error = error.localizedDescription
            return nil
        }
    }

    /// A conflict's option as shown (a birthday as a date).
    public func optionText(_ conflict: RinConflict, _ index: Int) -> String {
        guard conflict.options.indices.contains(index) else { return "" }
        return conflict.options[index].value
    }

    /// Puts both contacts back as they were. Refused because the merged contact was edited
    /// since, it waits in `undoNeedingConfirmation`.
    @discardableResult
    public func undo(_ merge: RinMergeRecord) async -> RinUndoResult? {
        await undo(merge, discardEdits: false)
    }

    /// Undoes the merge waiting for confirmation, letting the edits made since go.
    @discardableResult
    public func confirmUndo() async -> RinUndoResult? {
        guard let merge = undoNeedingConfirmation else { return nil }
        return await undo(merge, discardEdits: true)
    }

    public func cancelUndo() {
        (undoNeedingConfirmation, undoWarning) = (nil, nil)
    }

    /// Brings in what an import of this book left when it ends, until the task is cancelled.
    public func followChanges() async {
        for await event in context.events() {
            guard case .rin_import_progressed(let progressed) = event, progressed._import.phase == .done,
                  progressed._import.profileId == context.profileID else { continue }
            await load()
        }
    }

    private func undo(_ merge: RinMergeRecord, discardEdits: Bool) async -> RinUndoResult? {
        (undoNeedingConfirmation, undoWarning, status) = (nil, nil, nil)
        do {
            let result = try await context.session.undoRinMerge(merge.id, discardEdits: discardEdits)
            merges.removeAll { $0.id == merge.id }
            for contact in [result.survivor, result.restored] { await context.keep(contact, as: .contact(contact.id)) }
            status = "\(result.survivor.displayName) and \(result.restored.displayName) are two contacts again."
            await load()
            return result
        } catch let error as KindredError where MergeUndo.needsConfirmation(error) {
            (undoNeedingConfirmation, undoWarning) = (merge, error.localizedDescription)
            return nil
        } catch {
            self.error = error.localizedDescription
            return nil
        }
    }

    private func forgetAbsorbed(_ merge: RinMergeRecord) async {
        await context.forget(.contact(merge.absorbedId))
    }
}
