import RinAppShell
import SwiftUI

/// The Score tab: my Rin Score, and my network pushed from it.
struct ScoreTab: View {
    @Bindable var coordinator: ScoreCoordinator

    var body: some View {
        NavigationStack(path: $coordinator.path) {
            ScoreView(model: coordinator.score, showNetwork: { coordinator.path = [.network] })
                .navigationDestination(for: ScoreRoute.self) { route in
                    switch route {
                    case .network: NetworkView(model: coordinator.network, showPerson: coordinator.showPerson)
                    }
                }
        }
    }
}

/// The number and its band, how it is labelled, the four components with what would raise each,
/// and the last 90 days.
struct ScoreView: View {
    let model: ScoreModel
    let showNetwork: () -> Void

    var body: some View {
        List {
            if let error = model.error, model.kept == nil {
                MessageRow(text: error, retry: { await model.load() })
            }
            if let shown = model.shown {
                Section {
                    VStack(spacing: 4) {
                        Text("\(shown.score)").font(.system(size: 56, weight: .bold)).monospacedDigit()
                        Text(shown.band.rawValue.capitalized).font(.headline)
                        if let label = model.label { Text(Self.text(label)).font(.footnote).foregroundStyle(.secondary) }
                        if let now = model.provisionalNow { Text("Now: \(now.score) (provisional)").font(.footnote) }
                    }
                    .frame(maxWidth: .infinity)
                    .accessibilityElement(children: .combine)
                }
                Section("What it’s made of") {
                    ForEach(model.explanations, id: \.component) { explanation in
                        VStack(alignment: .leading, spacing: 4) {
                            HStack {
                                Text(explanation.component.rawValue.capitalized).bold()
                                Spacer()
                                Text("\(Int((explanation.value * 100).rounded())) %").monospacedDigit()
                            }
                            ProgressView(value: explanation.value)
                            Text(explanation.summary).font(.subheadline)
                            if let raise = explanation.toRaise { Text("To raise it: \(raise)").font(.footnote).foregroundStyle(.secondary) }
                        }
                    }
                }
                Section("The last 90 days") {
                    if model.history.isEmpty {
                        Text("Your history starts with your first daily score.").foregroundStyle(.secondary)
                    } else {
                        ForEach(model.history, id: \.day) { day in
                            LabeledContent(day.day, value: "\(day.score)")
                        }
                    }
                }
            }
            Section {
                Button("Your network", action: showNetwork)
            }
        }
        .navigationTitle("Score")
        .refreshable { await model.load() }
        .task { await model.load() }
    }

    static func text(_ label: ScoreModel.Label) -> String {
        switch label {
        case .official(let day): "Official, from the daily run of \(day)."
        case .notUpdatedSince(let day): "Not updated since \(day)."
        case .provisional(let date): "Provisional, computed \(date.formatted(date: .abbreviated, time: .shortened))."
        }
    }
}

/// The people I am linked to, the counts, and whether my links may see through me.
struct NetworkView: View {
    let model: NetworkModel
    let showPerson: (UUID) -> Void

    var body: some View {
        List {
            if let notice = model.notice { MessageRow(text: notice, tone: .done) }
            if let error = model.error { MessageRow(text: error, retry: { await model.load() }) }
            if let network = model.network {
                Section {
                    LabeledContent("Linked", value: "\(network.links)")
                    if network.oneWay > 0 { LabeledContent("Not holding you back yet", value: "\(network.oneWay)") }
                    LabeledContent("Two links away", value: network.twoHop.map(String.init) ?? (network.showing == 0 ? "—" : "Fewer than 5"))
                }
            }
            Section("Your links") {
                ForEach(model.links, id: \.person.profileId) { link in
                    Button { showPerson(link.person.profileId) } label: {
                        VStack(alignment: .leading) {
                            Text(link.person.displayName ?? "Someone on Rin")
                            if let bridges = link.bridges { Text("Connects you to \(bridges) more").font(.footnote).foregroundStyle(.secondary) }
                        }
                    }
                }
                if model.cursor != nil { LoadMoreRow { await model.loadMore() } }
            }
            Section {
                Toggle("Show how I connect people", isOn: Binding(get: { model.showsConnections },
                                                                   set: { value in Task { await model.setShowsConnections(value) } }))
            } footer: {
                Text("The people you’re linked to then see how many others you connect them to, and find paths through you.")
            }
        }
        .navigationTitle("Network")
        .task { await model.load() }
    }
}
