import RinAppShell
import SwiftUI

/// Adding a field: its kind (a profile has one birthday, so it is offered only while there is
/// none), a label of that kind, the value, and for a phone or e-mail whether it is the primary
/// one (the first of its kind is, unless said otherwise).
struct NewFieldSheet: View {
    let model: ProfileEditorModel
    @State private var kind: RinFieldKind = .phone
    @State private var label: RinFieldLabel? = .mobile
    @State private var value = ""
    @State private var makePrimary = false
    @State private var isSaving = false
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Picker("Kind", selection: $kind) {
                        ForEach(model.addableKinds, id: \.self) { kind in
                            Text(RinWords.kindName(kind.rawValue)).tag(kind)
                        }
                    }
                    problem("kind")
                    let labels = ProfileRules.labels(for: kind)
                    if !labels.isEmpty {
                        Picker("Label", selection: $label) {
                            ForEach(labels, id: \.self) { label in
                                Text(RinWords.labelName(label.rawValue)).tag(Optional(label))
                            }
                        }
                        problem("label")
                    }
                    FieldValueInput(kind: kind, value: $value)
                    problem("value")
                    if ProfileRules.hasPrimary(kind) {
                        Toggle(isOn: $makePrimary) {
                            VStack(alignment: .leading, spacing: 2) {
                                Text("Make it the primary one")
                                Text("The first phone or e-mail is.")
                                    .font(.caption)
                                    .foregroundStyle(.secondary)
                            }
                        }
                    }
                }
                if let error = model.error {
                    Section { Text(error).foregroundStyle(.red) }
                }
            }
            .navigationTitle("Add a field")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    if isSaving {
                        ProgressView()
                    } else {
                        Button("Add") { Task { await add() } }
                            .disabled(value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
                    }
                }
            }
            // A label of the kind chosen, the first it offers (a birthday has none).
            .onChange(of: kind) { _, kind in
                label = ProfileRules.labels(for: kind).first
                if !ProfileRules.hasPrimary(kind) { makePrimary = false }
            }
        }
    }

    private func add() async {
        isSaving = true
        defer { isSaving = false }
        // nil leaves the primary to the server's rule; only an explicit choice is sent.
        if await model.addField(kind: kind, label: label, value: value, isPrimary: makePrimary ? true : nil) { dismiss() }
    }

    @ViewBuilder
    private func problem(_ name: String) -> some View {
        if let message = model.errors(.newField)[name] {
            Text(message)
                .font(.footnote)
                .foregroundStyle(.red)
        }
    }
}
