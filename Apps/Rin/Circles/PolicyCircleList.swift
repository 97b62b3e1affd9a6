import RinAppShell
import SwiftUI

/// The grid on a phone: one circle at a time, chosen above (or stepped through), its fields as
/// rows with their cell, then what the values and marks mean.
struct PolicyCircleList: View {
    @Bindable var model: PolicyGridModel
    let reset: @MainActor (RinCircle) -> Void
    let status: String?

    var body: some View {
        List {
            if let error = model.error {
                MessageRow(text: error)
            } else if let status {
                MessageRow(text: status, tone: .done)
            }
            Section {
                Text("Tap a cell to change it. Someone in two circles gets the more open one. Nobody is told of a change.")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                HStack {
                    Button { model.selectPrevious() } label: { Image(systemName: "chevron.left") }
                        .disabled(!model.canSelectPrevious)
                        .accessibilityLabel("Previous circle")
                    Picker("Circle", selection: $model.selectedCircleID) {
                        ForEach(model.circles, id: \.id) { circle in
                            Text([circle.emoji, circle.name].compactMap { $0 }.joined(separator: " "))
                                .tag(Optional(circle.id))
                        }
                    }
                    .pickerStyle(.menu)
                    .frame(maxWidth: .infinity)
                    Button { model.selectNext() } label: { Image(systemName: "chevron.right") }
                        .disabled(!model.canSelectNext)
                        .accessibilityLabel("Next circle")
                }
                .buttonStyle(.borderless)
            }
            if let circle = model.selectedCircle {
                Section {
                    ForEach(model.fields, id: \.key) { field in
                        HStack {
                            PolicyFieldLabel(field: field, value: model.values[field.key])
                            Spacer()
                            PolicyCellButton(model: model, field: field, circle: circle)
                        }
                    }
                } header: {
                    CircleChip(circle)
                } footer: {
                    Text("Starts from \(RinWords.templateName(circle.template)): \(RinWords.templateHelp(circle.template))")
                }
                Section {
                    Button("Allow all for \(circle.name)") { model.allowAll(circle: circle.id) }
                    Button("Reset \(circle.name) to its template") { reset(circle) }
                }
            }
            AccessLegend()
        }
    }
}
