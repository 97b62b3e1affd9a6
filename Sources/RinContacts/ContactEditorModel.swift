import Foundation
import Observation
import RinCore

/// Adding a contact by hand, or changing one: the name (with its rarer parts), work, birthday,
/// note, and the repeatable phones, e-mails, addresses and websites. It checks what the server
/// checks before sending, shows the server's own field errors by their fields, and sends only
/// what changed (an emptied text clears its part; changed values replace them all). Offline, the
/// contact is saved on this device and reaches the server from the queue.
@MainActor @Observable
public final class ContactEditorModel {
    /// The parts of a contact a person edits, named as the server names them in its errors.
    public enum Field: String, CaseIterable, Hashable, Sendable {
        case givenName, familyName, middleName, namePrefix, nameSuffix, displayName, nickname
        case organization, title, birthday, note
        /// The values as a whole (too many of them).
        case values
    }

    /// One phone, e-mail, address or website; a row without a value is left out when saving.
    public struct ValueRow: Identifiable, Hashable, Sendable {
        public let id: UUID
        public var kind: RinContactValueKind
        /// Free text (mobile, work, "iPhone"…).
        public var label: String
        public var value: String
        /// The one of its kind shown first.
        public var isPrimary: Bool

        public init(id: UUID = UUID(), kind: RinContactValueKind, label: String = "", value: String = "", isPrimary: Bool = false) {
            (self.id, self.kind, self.label, self.value, self.isPrimary) = (id, kind, label, value, isPrimary)
        }
    }

    public let editing: RinContactDetail?

    public var givenName = ""
    public var familyName = ""
    public var middleName = ""
    public var namePrefix = ""
    public var nameSuffix = ""
    /// "Shown as": empty shows the name built from its parts.
    public var displayName = ""
    public var nickname = ""
    public var organization = ""
    public var title = ""
    /// `YYYY-MM-DD`, or `--MM-DD` without the year.
    public var birthday = ""
    public var note = ""
    public var values: [ValueRow] = []

    /// Problems by field, from the checks here or from the server.
    public private(set) var fieldErrors: [Field: String] = [:]
    /// Problems by value row (its value or its label).
    public private(set) var valueErrors: [ValueRow.ID: String] = [:]
    /// A problem about the whole form, or a summary of the fields' ("Please fix the highlighted fields.").
    public private(set) var error: String?
    public private(set) var isSaving = false
    /// What the server kept (or, saved offline, what this device shows until it does).
    public private(set) var saved: RinContactDetail?
    /// The device was offline: the contact waits in the queue and is sent when it can be.
    public private(set) var savedOffline = false

    private let context: RinContext
    private var start: [Field: String] = [:]
    private var startValues: [ContactValueKey] = []

    public init(context: RinContext, editing: RinContactDetail?) {
        self.context = context
        self.editing = editing
        if let contact = editing {
            for field in Field.allCases where field != .values { self[field] = Self.text(field, of: contact) ?? "" }
            // A shown name the server built from the parts is not one the person typed.
            if contact.displayName == Self.builtName(contact) { displayName = "" }
            values = contact.values.map { ValueRow(kind: $0.kind, label: $0.label ?? "", value: $0.value, isPrimary: $0.isPrimary) }
        } else {
            values = [ValueRow(kind: .phone, label: "mobile", isPrimary: true), ValueRow(kind: .email, label: "home", isPrimary: true)]
        }
        for field in Field.allCases where field != .values { start[field] = self[field] }
        startValues = Self.keys(values)
    }

    public var isNew: Bool { editing == nil }
    /// The screen's heading.
    public var heading: String { editing.map { "Edit \($0.displayName)" } ?? "New contact" }

    public subscript(field: Field) -> String {
        get {
            switch field {
            case .givenName: givenName
            case .familyName: familyName
            case .middleName: middleName
            case .namePrefix: namePrefix
            case .nameSuffix: nameSuffix
            case .displayName: displayName
            case .nickname: nickname
            case .organization: organization
            case .title: title
            case .birthday: birthday
            case .note: note
            case .values: ""
            }
        }
        set {
            switch field {
            case .givenName: givenName = newValue
            case .familyName: familyName = newValue
            case .middleName: middleName = newValue
            case .namePrefix: namePrefix = newValue
            case .nameSuffix: nameSuffix = newValue
            case .displayName: displayName = newValue
            case .nickname: nickname = newValue
            case .organization: organization = newValue
            case .title: title = newValue
            case .birthday: birthday = newValue
            case .note: note = newValue
            case .values: break
            }
        }
    }

    /// Whether anything differs from what the form began with (to ask before leaving).
    public var hasChanges: Bool { !changedTexts.isEmpty || valuesChanged }

    /// Adds an empty row of a kind; the first of its kind is its primary.
    @discardableResult
    public func addValue(_ kind: RinContactValueKind) -> ValueRow.ID {
        let row = ValueRow(kind: kind, isPrimary: !values.contains { $0.kind == kind })
        values.append(row)
        return row.id
    }

    public func removeValue(_ id: ValueRow.ID) {
        values.removeAll { $0.id == id }
        valueErrors[id] = nil
    }

    /// One primary per kind: this one, and none of the others of its kind.
    public func makePrimary(_ id: ValueRow.ID) {
        guard let kind = values.first(where: { $0.id == id })?.kind else { return }
        for index in values.indices where values[index].kind == kind { values[index].isPrimary = values[index].id == id }
    }

    /// The server's checks, here first; true when there is nothing to fix.
    @discardableResult
    public func validate() -> Bool {
        clearErrors()
        let problems = ContactChecks.problems(texts: Dictionary(uniqueKeysWithValues: Field.allCases.map { ($0, self[$0]) }),
                                              values: sendable.rows, isNew: isNew)
        place(problems.map { ($0.field, $0.message) }, rows: sendable.rows.map(\.id), detail: nil)
        return problems.isEmpty
    }

    /// Creates or updates the contact. Offline it goes to the queue and `savedOffline` says so.
    @discardableResult
    public func save() async -> Bool {
        guard !isSaving, validate() else { return false }
        isSaving = true
        defer { isSaving = false }
        let rows = sendable.rows
        do {
            if let editing {
                let edit = self.edit
                guard edit != RinContactEdit() else {
                    saved = editing
                    return true
                }
                do {
                    saved = try await context.session.updateRinContact(editing.id, edit)
                } catch where error.isOffline {
                    await context.submit(.updateContact(editing.id, edit))
                    let shown = locallyEdited(editing)
                    await context.keep(shown, as: .contact(editing.id))
                    (saved, savedOffline) = (shown, true)
                    return true
                }
            } else {
                guard let profile = await context.scope()?.profile else {
                    error = context.error ?? "Rin is not ready yet. Try again in a moment."
                    return false
                }
                let draft = self.draft
                do {
                    saved = try await context.session.createRinContact(in: profile, draft)
                } catch where error.isOffline {
                    await context.submit(.createContact(profile: profile, draft))
                    savedOffline = true
                    return true
                }
            }
            if let saved { await context.keep(saved, as: .contact(saved.id)) }
            return true
        } catch let problem as KindredError {
            let errors = problem.problemErrors
            if errors.isEmpty { error = problem.localizedDescription } else { place(errors, rows: rows.map(\.id), detail: problem.localizedDescription) }
            return false
        } catch {
            self.error = error.localizedDescription
            return false
        }
    }

    /// "Saved on this device" or nothing.
    public var status: String? {
        savedOffline ? "Saved on this device. It reaches Rin when you are back online." : nil
    }

    // MARK: - What is sent

    /// The rows with a value, as sent, and the rows they came from (for errors by index).
    private var sendable: (drafts: [RinContactValueDraft], rows: [ValueRow]) {
        let rows = values.filter { !$0.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        let drafts = rows.map { row in
            let label = row.label.trimmingCharacters(in: .whitespacesAndNewlines)
            return RinContactValueDraft(kind: row.kind, label: label.isEmpty ? nil : label,
                                        value: row.value.trimmingCharacters(in: .whitespacesAndNewlines), isPrimary: row.isPrimary)
        }
        return (drafts, rows)
    }

    private var changedTexts: [Field: String] {
        var changed: [Field: String] = [:]
        for field in Field.allCases where field != .values {
            let now = self[field].trimmingCharacters(in: .whitespacesAndNewlines)
            if now != (start[field] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) { changed[field] = now }
        }
        return changed
    }

    private var valuesChanged: Bool { Self.keys(values) != startValues }

    private var draft: RinContactDraft {
        let texts = changedTexts.filter { !$0.value.isEmpty }
        let values = sendable.drafts
        return RinContactDraft(givenName: texts[.givenName], familyName: texts[.familyName], middleName: texts[.middleName],
                               namePrefix: texts[.namePrefix], nameSuffix: texts[.nameSuffix], displayName: texts[.displayName],
                               nickname: texts[.nickname], organization: texts[.organization], title: texts[.title],
                               birthday: texts[.birthday], note: texts[.note], values: values.isEmpty ? nil : values)
    }

    private var edit: RinContactEdit {
        let texts = changedTexts
        return RinContactEdit(givenName: texts[.givenName], familyName: texts[.familyName], middleName: texts[.middleName],
                              namePrefix: texts[.namePrefix], nameSuffix: texts[.nameSuffix], displayName: texts[.displayName],
                              nickname: texts[.nickname], organization: texts[.organization], title: texts[.title],
                              birthday: texts[.birthday], note: texts[.note], values: valuesChanged ? sendable.drafts : nil)
    }

    /// The contact as this device shows it until the server has the edit.
    private func locallyEdited(_ contact: RinContactDetail) -> RinContactDetail {
        var shown = contact
        func part(_ field: Field) -> String? {
            let text = self[field].trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : text
        }
        (shown.givenName, shown.familyName, shown.middleName) = (part(.givenName), part(.familyName), part(.middleName))
        (shown.namePrefix, shown.nameSuffix, shown.nickname) = (part(.namePrefix), part(.nameSuffix), part(.nickname))
        (shown.organization, shown.title, shown.birthday, shown.note) = (part(.organization), part(.title), part(.birthday), part(.note))
        shown.displayName = part(.displayName) ?? Self.builtName(shown)
        if valuesChanged {
            shown.values = sendable.drafts.map { RinContactValue(kind: $0.kind, label: $0.label, value: $0.value, isPrimary: $0.isPrimary ?? false) }
        }
        return shown
    }

    // MARK: - Errors

    private func clearErrors() {
        (fieldErrors, valueErrors, error) = ([:], [:], nil)
    }

    /// Puts each problem by its field (`values[2].label` by the third row sent); what has no
    /// field on the form is said above it. "Give the contact a name…" is about the whole card:
    /// it goes by the first name unless a shown name was typed.
    private func place(_ problems: [(field: String, message: String)], rows: [ValueRow.ID], detail: String?) {
        var unplaced: [String] = []
        for (path, message) in problems {
            if let index = Self.valueIndex(path) {
                if index < rows.count, valueErrors[rows[index]] == nil { valueErrors[rows[index]] = message } else if index >= rows.count { unplaced.append(message) }
                continue
            }
            let name = path.split(whereSeparator: { $0 == "." || $0 == "/" }).last.map(String.init) ?? path
            guard var field = Field(rawValue: name) else {
                unplaced.append(message)
                continue
            }
            if field == .displayName, displayName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { field = .givenName }
            if fieldErrors[field] == nil { fieldErrors[field] = message }
        }
        guard !problems.isEmpty else { return }
        var seen = Set<String>()
        let said = ([detail].compactMap { $0 } + unplaced).filter { seen.insert($0).inserted }
        error = unplaced.isEmpty ? "Please fix the highlighted fields." : said.joined(separator: " ")
    }

    static func valueIndex(_ path: String) -> Int? {
        guard path.hasPrefix("values["), let close = path.firstIndex(of: "]") else { return nil }
        return Int(path[path.index(path.startIndex, offsetBy: 7)..<close])
    }

    // MARK: - Names

    static func text(_ field: Field, of contact: RinContactDetail) -> String? {
        switch field {
        case .givenName: contact.givenName
        case .familyName: contact.familyName
        case .middleName: contact.middleName
        case .namePrefix: contact.namePrefix
        case .nameSuffix: contact.nameSuffix
        case .displayName: contact.displayName
        case .nickname: contact.nickname
        case .organization: contact.organization
        case .title: contact.title
        case .birthday: contact.birthday
        case .note: contact.note
        case .values: nil
        }
    }

    /// The name the server shows when no shown name is given.
    static func builtName(_ contact: RinContactDetail) -> String {
        let parts = [contact.namePrefix, contact.givenName, contact.middleName, contact.familyName, contact.nameSuffix]
            .compactMap { $0 }.filter { !$0.isEmpty }
        if !parts.isEmpty { return parts.joined(separator: " ") }
        if let nickname = contact.nickname, !nickname.isEmpty { return nickname }
        return contact.organization ?? ""
    }

    private struct ContactValueKey: Hashable {
        var kind: RinContactValueKind
        var label: String
        var value: String
        var isPrimary: Bool
    }

    private static func keys(_ rows: [ValueRow]) -> [ContactValueKey] {
        rows.compactMap { row in
            let value = row.value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !value.isEmpty else { return nil }
            return ContactValueKey(kind: row.kind, label: row.label.trimmingCharacters(in: .whitespacesAndNewlines), value: value, isPrimary: row.isPrimary)
        }
    }
}

extension KindredError {
    /// The problem's errors by field, in the server's order.
    var problemErrors: [(field: String, message: String)] {
        guard case .problem(let problem) = self else { return [] }
        return (problem.errors ?? []).map { ($0.field, $0.message) }
    }
}
