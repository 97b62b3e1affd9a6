import RinAppShell
import SwiftUI

/// Adding a contact by hand, or changing one: the name (its rarer parts folded away), work, the
/// repeatable phones, e-mails, addresses and websites, nickname, birthday and note. The model
/// checks what the server checks and puts each problem by its field; leaving with unsaved
/// changes asks first. Saved offline, the contact waits in the queue.
struct ContactEditorForm: View {
    @Bindable var model: ContactEditorModel
    @Environment(ContactsCoordinator.self) private var coordinator
    @Environment(\.dismiss) private var dismiss
    @State private var confirmsDiscard = false
    @State private var showsMoreNames: Bool

    init(model: ContactEditorModel) {
        self.model = model
        // Rarer name parts the card already has are shown, not hidden away.
        _showsMoreNames = State(initialValue: [model.namePrefix, model.middleName, model.nameSuffix, model.displayName]
            .contains { !$0.isEmpty })
    }

    var body: some View {
        Form {
            if let error = model.error {
                MessageRow(text: error)
            }
            Section {
                field("First name", $model.givenName, .givenName)
                field("Last name", $model.familyName, .familyName)
                DisclosureGroup("More name fields", isExpanded: $showsMoreNames) {
                    field("Prefix", $model.namePrefix, .namePrefix)
                    field("Middle name", $model.middleName, .middleName)
                    field("Suffix", $model.nameSuffix, .nameSuffix)
                    field("Shown as", $model.displayName, .displayName, hint: "Leave empty to show the name above.")
                }
            }
            Section {
                field("Organisation", $model.organization, .organization)
                field("Job title", $model.title, .title)
            }
            ContactValuesEditor(model: model)
            Section {
                field("Nickname", $model.nickname, .nickname)
                field("Birthday", $model.birthday, .birthday, hint: "Like 1990-04-23, or --04-23 without the year.")
                field("Note", $model.note, .note, multiline: true)
            }
        }
        .navigationTitle(model.heading)
        .navigationBarTitleDisplayMode(.inline)
        // Leaving asks first when something would be lost, so the system back button gives way
        // to Cancel (the swipe back goes with it).
        .navigationBarBackButtonHidden(true)
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button("Cancel") {
                    if model.hasChanges { confirmsDiscard = true } else { dismiss() }
                }
            }
            ToolbarItem(placement: .confirmationAction) {
                if model.isSaving {
                    ProgressView()
                } else {
                    Button(model.isNew ? "Add" : "Save") { Task { await save() } }
                }
            }
        }
        .confirmationDialog("Leave without saving?", isPresented: $confirmsDiscard, titleVisibility: .visible) {
            Button("Discard changes", role: .destructive) { dismiss() }
        }
    }

    private func save() async {
        guard await model.save() else { return }
        // A new contact's page replaces the editor; an edit goes back to the page it came from.
        coordinator.saved(model.saved, wasNew: model.isNew)
    }

    /// A text of the card, with the model's problem for it beneath.
    private func field(_ title: String, _ text: Binding<String>, _ field: ContactEditorModel.Field,
                       hint: String? = nil, multiline: Bool = false) -> some View {
        VStack(alignment: .leading, spacing: 4) {
            if multiline {
                TextField(title, text: text, axis: .vertical)
                    .lineLimit(3...10)
            } else {
                TextField(title, text: text)
            }
            if let problem = model.fieldErrors[field] {
                Text(problem)
                    .font(.footnote)
                    .foregroundStyle(.red)
            } else if let hint {
                Text(hint)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
        }
    }
}
