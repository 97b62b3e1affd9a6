import RinAppShell
import SwiftUI
import UIKit

/// The editor's repeatable values: each with its kind, a free label ("mobile", "work", "iPhone")
/// and its value, one primary per kind; rows left empty are not sent.
struct ContactValuesEditor: View {
    @Bindable var model: ContactEditorModel

    var body: some View {
        Section {
            ForEach($model.values) { $row in
                VStack(alignment: .leading, spacing: 6) {
                    HStack {
                        Picker("Kind", selection: $row.kind) {
                            ForEach(RinContactValueKind.allCases, id: \.self) { kind in
                                Text(RinWords.kindName(kind.rawValue)).tag(kind)
                            }
                        }
                        .labelsHidden()
                        .pickerStyle(.menu)
                        TextField("Label", text: $row.label, prompt: Text("Label (mobile, work…)"))
                            .textInputAutocapitalization(.never)
                    }
                    valueField(for: $row)
                    HStack {
                        if row.isPrimary {
                            Label("Primary", systemImage: "checkmark.circle.fill")
                                .font(.caption)
                                .foregroundStyle(.secondary)
                        } else {
                            Button("Make primary") { model.makePrimary(row.id) }
                                .font(.caption)
                                .buttonStyle(.borderless)
                        }
                        Spacer()
                        Button(role: .destructive) {
                            model.removeValue(row.id)
                        } label: {
                            Label("Remove", systemImage: "minus.circle")
                                .font(.caption)
                        }
                        .buttonStyle(.borderless)
                    }
                    if let problem = model.valueErrors[row.id] {
                        Text(problem)
                            .font(.footnote)
                            .foregroundStyle(.red)
                    }
                }
            }
            Menu {
                ForEach(RinContactValueKind.allCases, id: \.self) { kind in
                    Button(RinWords.kindName(kind.rawValue)) { model.addValue(kind) }
                }
            } label: {
                Label("Add a phone, e-mail, address or website", systemImage: "plus.circle")
            }
        } header: {
            Text("Phones, e-mails and addresses")
        } footer: {
            if let problem = model.fieldErrors[.values] {
                Text(problem).foregroundStyle(.red)
            }
        }
    }

    private func valueField(for row: Binding<ContactEditorModel.ValueRow>) -> some View {
        let kind = row.wrappedValue.kind
        return TextField(RinWords.kindName(kind.rawValue), text: row.value, axis: kind == .address ? .vertical : .horizontal)
            .keyboardType(Self.keyboard(for: kind))
            .textContentType(Self.content(for: kind))
            .textInputAutocapitalization(kind == .address ? .words : .never)
            .autocorrectionDisabled(kind != .address)
    }

    private static func keyboard(for kind: RinContactValueKind) -> UIKeyboardType {
        switch kind {
        case .phone: .phonePad
        case .email: .emailAddress
        case .url: .URL
        case .address: .default
        }
    }

    private static func content(for kind: RinContactValueKind) -> UITextContentType? {
        switch kind {
        case .phone: .telephoneNumber
        case .email: .emailAddress
        case .url: .URL
        case .address: .fullStreetAddress
        }
    }
}
