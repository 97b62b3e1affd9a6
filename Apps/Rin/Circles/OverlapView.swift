import RinAppShell
import SwiftUI

/// How a person in several circles is resolved: choose the circles they are in, and see what they
/// get of each field and which circle gave it. The most permissive wins (Allow over Ask over
/// Don't allow); the resolution is the grid model's (`effectiveAccess`), the server's rule.
struct OverlapView: View {
    @State private var model: PolicyGridModel
    /// The circles the imagined person is in; anyone on Rin is always in Public.
    @State private var chosen: Set<UUID> = []

    init(context: RinContext) {
        _model = State(initialValue: PolicyGridModel(context: context))
    }

    var body: some View {
        List {
            Section {
                Text("Someone in several circles gets, for each field, the most open of their values: Allow over Ask over Don’t allow. Choose the circles they are in. What you set for one person alone (“Just for them”) is not counted here.")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
            if let error = model.error {
                MessageRow(text: error, retry: { await model.load() })
            }
            Section("They are in") {
                ForEach(model.circles, id: \.id) { circle in
                    Toggle(isOn: Binding(get: { chosen.contains(circle.id) },
                                         set: { on in if on { chosen.insert(circle.id) } else { chosen.remove(circle.id) } })) {
                        CircleChip(circle)
                    }
                }
            }
            Section("What they see") {
                let resolutions = model.effectiveAccess(circles: Array(chosen))
                if resolutions.isEmpty {
                    Text("Choose at least one circle.")
                        .foregroundStyle(.secondary)
                }
                ForEach(resolutions, id: \.fieldKey) { resolution in
                    VStack(alignment: .leading, spacing: 4) {
                        HStack {
                            Text(fieldName(resolution.fieldKey))
                            Spacer()
                            AccessBadge(access: resolution.access)
                        }
                        Text(resolution.explanation)
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                }
            }
        }
        .navigationTitle("Several circles")
        .navigationBarTitleDisplayMode(.inline)
        .task { await load() }
    }

    private func load() async {
        await model.load()
        // Anyone on Rin is in Public: start from there.
        if chosen.isEmpty, let everyone = model.circles.first(where: { $0.kind == ._public }) {
            chosen = [everyone.id]
        }
    }

    private func fieldName(_ key: String) -> String {
        model.fields.first { $0.key == key }.map { RinWords.name(of: $0) } ?? key
    }
}
