import RinAppShell
import SwiftUI

/// A profile's fields: phones, e-mails, addresses, a birthday and social accounts, each with its
/// label and, for phones and e-mails, the primary flag the Friends template reads. Tap to change,
/// swipe to remove; who sees each is set in the grid.
struct ProfileFieldsSection: View {
    let model: ProfileEditorModel
    @State private var editingID: UUID?
    @State private var adding = false

    var body: some View {
        Section {
            if model.fields.isEmpty && !model.isLoading {
                Text("No fields yet.")
                    .foregroundStyle(.secondary)
            }
            ForEach(model.fields, id: \.id) { field in
                Button {
                    editingID = field.id
                } label: {
                    row(field)
                }
                .buttonStyle(.plain)
                .swipeActions {
                    Button("Remove", role: .destructive) { Task { await model.deleteField(field) } }
                }
            }
            Button {
                adding = true
            } label: {
                Label("Add a field", systemImage: "plus.circle")
            }
            .disabled(!model.canAddField || model.detail == nil)
        } header: {
            Text("Fields")
        } footer: {
            Text("Each phone, e-mail and address is shared on its own: set who sees it in Who sees what.")
        }
        .sheet(isPresented: Binding(get: { editingID != nil }, set: { if !$0 { editingID = nil } })) {
            if let field = model.fields.first(where: { $0.id == editingID }) {
                FieldEditorSheet(model: model, field: field)
            }
        }
        .sheet(isPresented: $adding) {
            NewFieldSheet(model: model)
        }
    }

    private func row(_ field: RinProfileField) -> some View {
        HStack(spacing: 12) {
            Image(systemName: RinWords.symbol(forKind: field.kind.rawValue))
                .foregroundStyle(.secondary)
                .frame(width: 24)
                .accessibilityHidden(true)
            VStack(alignment: .leading, spacing: 2) {
                HStack(spacing: 6) {
                    Text(RinWords.name(of: field))
                        .font(.caption)
                        .foregroundStyle(.secondary)
                    if ProfileRules.hasPrimary(field.kind) && field.isPrimary {
                        Text("Primary")
                            .font(.caption2.weight(.semibold))
                            .padding(.horizontal, 6)
                            .background(Color.secondary.opacity(0.15), in: Capsule())
                    }
                }
                Text(field.kind == .birthday ? RinWords.birthdayText(field.value) : field.value)
            }
            Spacer(minLength: 0)
        }
        .contentShape(Rectangle())
        .accessibilityElement(children: .combine)
        .accessibilityHint("Change or remove")
    }
}
