import RinAppShell
import SwiftUI

/// The grid on a wide screen: every circle a column, every field a row, scrolling both ways,
/// each column headed by its circle with Allow all and Reset to template.
struct PolicyGridTable: View {
    let model: PolicyGridModel
    let reset: @MainActor (RinCircle) -> Void
    let status: String?

    var body: some View {
        ScrollView([.horizontal, .vertical]) {
            VStack(alignment: .leading, spacing: 16) {
                if let error = model.error {
                    MessageRow(text: error)
                } else if let status {
                    MessageRow(text: status, tone: .done)
                }
                Text("Tap a cell to change it. Someone in two circles gets the more open one. Nobody is told of a change.")
                    .foregroundStyle(.secondary)
                Grid(alignment: .leading, horizontalSpacing: 16, verticalSpacing: 12) {
                    GridRow {
                        Text("Field")
                            .font(.caption)
                            .foregroundStyle(.secondary)
                        ForEach(model.circles, id: \.id) { circle in
                            Menu {
                                Button("Allow all for \(circle.name)") { model.allowAll(circle: circle.id) }
                                Button("Reset \(circle.name) to its template") { reset(circle) }
                            } label: {
                                CircleChip(circle)
                            }
                        }
                    }
                    Divider()
                    ForEach(model.fields, id: \.key) { field in
                        GridRow {
                            PolicyFieldLabel(field: field, value: model.values[field.key])
                                .frame(minWidth: 160, alignment: .leading)
                            ForEach(model.circles, id: \.id) { circle in
                                PolicyCellButton(model: model, field: field, circle: circle)
                            }
                        }
                    }
                }
                AccessLegend()
            }
            .padding()
        }
    }
}
