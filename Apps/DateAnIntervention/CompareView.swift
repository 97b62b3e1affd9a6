import DateAnInterventionCore
import SwiftUI

/// Two interventions side by side, one row per fact, so each lines up across the two; where
/// "more" is clearly further along (impact, research, readiness, support) the leader is marked.
struct CompareView: View {
    let session: KindredSession
    @State private var model: ComparisonModel
    @State private var catalogue: [Intervention] = []
    @State private var catalogueError: String?
    @State private var firstID: String
    /// Chosen once the catalogue is here: a neighbour from the first one's category.
    @State private var secondID = ""

    init(session: KindredSession, firstID: String) {
        self.session = session
        _model = State(initialValue: ComparisonModel(session: session))
        _firstID = State(initialValue: firstID)
    }

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                if !catalogue.isEmpty {
                    picker("First", selection: $firstID)
                    picker("Second", selection: $secondID)
                }
                if let error = catalogueError ?? model.error {
                    Label(error, systemImage: "exclamationmark.triangle.fill")
                        .font(.footnote)
                        .foregroundStyle(.red)
                }
                if let first = model.first, let second = model.second {
                    table(first, second)
                } else if catalogueError == nil && model.error == nil {
                    ProgressView().frame(maxWidth: .infinity)
                }
            }
            .padding()
        }
        .navigationTitle("Compare")
        .navigationBarTitleDisplayMode(.inline)
        .task { await loadCatalogue() }
        // Runs again whenever either picker changes.
        .task(id: "\(firstID)|\(secondID)") {
            guard !firstID.isEmpty, !secondID.isEmpty else { return }
            await model.compare(firstID, secondID)
        }
    }

    private func picker(_ title: String, selection: Binding<String>) -> some View {
        LabeledContent(title) {
            Picker(title, selection: selection) {
                ForEach(InterventionCategory.allCases, id: \.self) { category in
                    Section(category.displayName) {
                        ForEach(catalogue.filter { $0.category == category }, id: \.id) { intervention in
                            Text(intervention.name).tag(intervention.id)
                        }
                    }
                }
            }
            .pickerStyle(.menu)
        }
    }

    private func table(_ first: Intervention, _ second: Intervention) -> some View {
        Grid(alignment: .leading, horizontalSpacing: 10, verticalSpacing: 10) {
            GridRow {
                Color.clear.gridCellUnsizedAxes([.horizontal, .vertical])
                header(first)
                header(second)
            }
            ForEach(model.rows, id: \.label) { row in
                Divider()
                GridRow(alignment: .top) {
                    Text(row.label)
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                        .accessibilityHidden(true)  // each cell says its row itself
                    cell(row.first, row: row.label, of: first.name, leads: row.leader == .first)
                    cell(row.second, row: row.label, of: second.name, leads: row.leader == .second)
                }
            }
        }
    }

    private func header(_ intervention: Intervention) -> some View {
        NavigationLink(value: Route.profile(intervention.id)) {
            VStack(alignment: .leading, spacing: 6) {
                InterventionSymbol(intervention: intervention, size: 22)
                    .frame(width: 44, height: 44)
                    .background(intervention.background, in: Circle())
                Text(intervention.name)
                    .font(.headline)
                    .multilineTextAlignment(.leading)
            }
        }
        .buttonStyle(.plain)
        .accessibilityHint("Opens the profile")
    }

    private func cell(_ value: String, row: String, of name: String, leads: Bool) -> some View {
        let spoken = "\(name), \(row): \(value)" + (leads ? ", further along" : "")
        return HStack(spacing: 4) {
            Text(value)
                .fontWeight(leads ? .semibold : .regular)
            if leads {
                Image(systemName: "arrow.up.circle.fill")
                    .foregroundStyle(.green)
            }
        }
        .padding(6)
        .frame(maxWidth: .infinity, alignment: .leading)
        // Colour alone says nothing to some eyes, hence the arrow, and words for VoiceOver.
        .background(leads ? Color.green.opacity(0.15) : Color.clear, in: RoundedRectangle(cornerRadius: 8))
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(spoken)
    }

    private func loadCatalogue() async {
        guard catalogue.isEmpty else { return }
        do {
            let interventions = try await session.interventionCatalogue().interventions
            catalogue = interventions
            catalogueError = nil
            if !interventions.contains(where: { $0.id == firstID }), let first = interventions.first {
                firstID = first.id
            }
            if secondID.isEmpty || secondID == firstID {
                // A neighbour from the same category is the comparison people most often want.
                let category = interventions.first { $0.id == firstID }?.category
                let others = interventions.filter { $0.id != firstID }
                secondID = (others.first { $0.category == category } ?? others.first)?.id ?? firstID
            }
        } catch {
            catalogueError = error.localizedDescription
        }
    }
}
