import RinAppShell
import SwiftUI

/// Changing one field: its label, its value, whether it is the primary one of its kind, or
/// removing it. Only what differs is sent; the model's problems show by their fields.
struct FieldEditorSheet: View {
    let model: ProfileEditorModel
    let field: RinProfileField
    @State private var label: RinFieldLabel?
    @State private var value: String
    @State private var isPrimary: Bool
    @State private var isSaving = false
    @Environment(\.dismiss) private var dismiss

    init(model: ProfileEditorModel, field: RinProfileField) {
        self.model = model
        self.field = field
        _label = State(initialValue: field.label)
        _value = State(initialValue: field.value)
        _isPrimary = State(initialValue: field.isPrimary)
    }

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    let labels = ProfileRules.labels(for: field.kind)
                    if !labels.isEmpty {
                        Picker("Label", selection: $label) {
                            ForEach(labels, id: \.self) { label in
                                Text(RinWords.labelName(label.rawValue)).tag(Optional(label))
                            }
                        }
                        problem("label")
                    }
                    FieldValueInput(kind: field.kind, value: $value)
                    problem("value")
                    if ProfileRules.hasPrimary(field.kind) {
                        Toggle("Primary", isOn: $isPrimary)
                        problem("isPrimary")
                    }
                }
                if let error = model.error {
                    Section { Text(error).foregroundStyle(.red) }
                }
                Section {
                    Button("Remove this field", role: .destructive) {
                        Task {
                            if await model.deleteField(field) { dismiss() }
                        }
                    }
                } footer: {
                    Text("Nobody sees it any more. No other becomes primary in its place.")
                }
            }
            .navigationTitle(RinWords.name(of: field))
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    if isSaving {
                        ProgressView()
                    } else {
                        Button("Save") { Task { await save() } }
                    }
                }
            }
        }
    }

    private func save() async {
        isSaving = true
        defer { isSaving = false }
        if await model.updateField(field, label: label, value: value, isPrimary: isPrimary) { dismiss() }
    }

    @ViewBuilder
    private func problem(_ name: String) -> some View {
        if let message = model.errors(.field(field.id))[name] {
            Text(message)
                .font(.footnote)
                .foregroundStyle(.red)
        }
    }
}
