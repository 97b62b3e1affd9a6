import Foundation

/// A profile's fields: phones, e-mails, addresses, a birthday and social accounts, each with a
/// label of its kind and, for phones and e-mails, the primary flag the Friends template reads.
/// Who sees each is the policy grid's (the Circles feature), not this screen's.
extension ProfileEditorModel {
    /// Whether another field fits (`ProfileRules.maxFields`).
    public var canAddField: Bool { fields.count < ProfileRules.maxFields }

    /// The kinds the add form offers now: a profile has one birthday.
    public var addableKinds: [RinFieldKind] {
        RinFieldKind.allCases.filter { $0 != .birthday || !fields.contains { $0.kind == .birthday } }
    }

    /// Adds a field. The server stores the value its way (a phone in E.164, read in my default
    /// region when typed without a country code) and makes the first phone or e-mail primary
    /// unless `isPrimary` says otherwise.
    @discardableResult
    public func addField(kind: RinFieldKind, label: RinFieldLabel?, value: String, isPrimary: Bool? = nil) async -> Bool {
        let value = value.trimmingCharacters(in: .whitespacesAndNewlines)
        var errors = ProfileRules.fieldProblems(kind: kind, label: label, value: value, isPrimary: isPrimary)
        // `RinProfileService.addField`'s conflicts, word for word.
        if !canAddField { errors["kind"] = "A profile holds at most \(ProfileRules.maxFields) fields." }
        if kind == .birthday, fields.contains(where: { $0.kind == .birthday }) {
            errors["kind"] = "A profile has one birthday; change the one it has."
        }
        problems[.newField] = errors
        guard errors.isEmpty else { return false }

        return await changeFields(form: .newField) {
            let field = try await $0.addRinField(to: self.profileID, .init(kind: kind, label: label, value: value, isPrimary: isPrimary))
            return { fields in
                if field.isPrimary { Self.clearPrimary(of: field.kind, in: &fields) }
                fields.append(field)
            }
        }
    }

    /// Changes a field's label, value or primary flag; only what differs is sent, and nothing at
    /// all when nothing does.
    @discardableResult
    public func updateField(_ field: RinProfileField, label: RinFieldLabel? = nil, value: String? = nil,
                            isPrimary: Bool? = nil) async -> Bool {
        var edit = RinProfileFieldEdit()
        if let label, label != field.label { edit.label = label }
        if let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), value != field.value { edit.value = value }
        if let isPrimary, isPrimary != field.isPrimary { edit.isPrimary = isPrimary }
        var errors: [String: String] = [:]
        if edit.label != nil || edit.value != nil {
            errors = ProfileRules.fieldProblems(kind: field.kind, label: edit.label ?? field.label,
                                                value: edit.value ?? field.value, isPrimary: edit.isPrimary)
        } else if edit.isPrimary == true, !ProfileRules.hasPrimary(field.kind) {
            errors["isPrimary"] = "Only a phone or an e-mail is primary."
        }
        problems[.field(field.id)] = errors
        guard errors.isEmpty else { return false }
        guard edit != RinProfileFieldEdit() else { return true }

        return await changeFields(form: .field(field.id)) {
            let saved = try await $0.updateRinField(field.id, of: self.profileID, edit)
            return { fields in
                if saved.isPrimary { Self.clearPrimary(of: saved.kind, in: &fields) }
                if let index = fields.firstIndex(where: { $0.id == saved.id }) { fields[index] = saved }
            }
        }
    }

    /// Makes this phone or e-mail the primary one; the one before it stops being primary.
    @discardableResult
    public func makePrimary(_ field: RinProfileField) async -> Bool {
        await updateField(field, isPrimary: true)
    }

    /// Removes a field and who sees it. No other becomes primary in its place: that would show
    /// another number to every circle the old one was shown to.
    @discardableResult
    public func deleteField(_ field: RinProfileField) async -> Bool {
        await changeFields(form: .field(field.id)) {
            do {
                try await $0.deleteRinField(field.id, of: self.profileID)
            } catch let failure as KindredError where failure.status == 404 {
                // Removed on another device already: gone either way.
            }
            return { fields in fields.removeAll { $0.id == field.id } }
        }
    }

    /// Runs a change and applies what the server answered to the fields shown; the server's own
    /// rule for the primary flag is applied alike, so the list needs no second request.
    private func changeFields(form: Form, _ call: (KindredSession) async throws -> (inout [RinProfileField]) -> Void) async -> Bool {
        guard var detail else {
            error = "The profile is still loading."
            return false
        }
        do {
            let apply = try await call(context.session)
            // Another change may have landed while this one was on its way.
            detail = self.detail ?? detail
            apply(&detail.fields)
            self.detail = detail
            problems[form] = nil
            error = nil
            return true
        } catch {
            fail(error, form: form)
            return false
        }
    }

    private nonisolated static func clearPrimary(of kind: RinFieldKind, in fields: inout [RinProfileField]) {
        for index in fields.indices where fields[index].kind == kind { fields[index].isPrimary = false }
    }
}
