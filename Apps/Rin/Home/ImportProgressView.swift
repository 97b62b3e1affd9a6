import RinAppShell
import SwiftUI

/// One import, live: which of its two steps it is on (reading the file's contacts, then looking
/// for duplicates), how far through, what it added, merged and left to review, and the lines the
/// reader skipped. Each batch of 100 arrives as an event; the person may leave, and the import
/// goes on without this screen.
struct ImportProgressView: View {
    let model: ImportModel
    let importID: UUID
    @Environment(ContactsCoordinator.self) private var coordinator
    /// The import has run for 30 seconds on this screen: a line says only a first import is slow.
    @State private var isSlow = false

    var body: some View {
        List {
            if let status = model.status {
                MessageRow(text: status, tone: .done)
            }
            if let error = model.error {
                MessageRow(text: error, retry: { await model.refresh() })
            }
            if let current = model.current, current.id == importID {
                progress(current)
                outcome(current)
                if !current.warnings.isEmpty {
                    Section("Lines Rin skipped") {
                        ForEach(current.warnings, id: \.self) { warning in
                            Text("Line \(warning.line): \(warning.message)")
                                .font(.subheadline)
                        }
                    }
                }
            } else if model.error == nil {
                ProgressView()
            }
        }
        .navigationTitle(title)
        .navigationBarTitleDisplayMode(.inline)
        .task(id: importID) { await model.open(importID) }
        .task { await model.followChanges() }
        // Events may go by unheard (the socket down, the app away): while it runs, ask now and then.
        .task(id: model.isRunning) { await poll() }
        .task(id: model.current?.id) { await watchForSlowness() }
    }

    private func poll() async {
        while model.isRunning, (try? await Task.sleep(for: .seconds(15))) != nil {
            await model.refresh()
        }
    }

    private func watchForSlowness() async {
        isSlow = false
        guard (try? await Task.sleep(for: .seconds(30))) != nil else { return }
        isSlow = model.isRunning
    }

    private var title: String {
        guard let current = model.current, current.id == importID else { return "Import" }
        let name = ContactsWords.importName(current)
        return model.isRunning ? "Importing \(name)" : name
    }

    @ViewBuilder
    private func progress(_ current: RinImport) -> some View {
        let step = ContactsWords.phase(current.phase).step
        Section {
            ForEach([RinImport.PhasePayload.reading, .matching], id: \.self) { phase in
                let own = ContactsWords.phase(phase)
                let state = current.phase == .done || (step > own.step && step != 0) ? "checkmark.circle.fill"
                    : step == own.step ? "circle.dotted" : "circle"
                Label(own.text, systemImage: state)
                    .foregroundStyle(step == own.step ? Color.primary : Color.secondary)
                    .accessibilityAddTraits(step == own.step ? .isSelected : [])
            }
            if let text = model.phaseText {
                Text(text)
                    .font(.headline)
            }
            if current.phase != .failed {
                ProgressView(value: model.progress)
                Text("\((current.phase == .done ? current.total : current.processed).formatted()) of \(current.total.formatted())")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            if isSlow && model.isRunning {
                Text("A wait like this happens only on your first import: later files go faster, because most of your book is in Rin already.")
                    .font(.subheadline)
            }
            if model.isRunning {
                Text("You can leave this screen. The import goes on, and your contacts update when it’s done.")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
        }
    }

    @ViewBuilder
    private func outcome(_ current: RinImport) -> some View {
        Section {
            LabeledContent("Added", value: current.createdContacts.formatted())
            LabeledContent("Merged (each can be undone)", value: current.merged.formatted())
            LabeledContent("Waiting for Review", value: model.waitingForReview.formatted())
            if current.phase == .failed {
                Text(current.error ?? "Something stopped it.")
                Text("Nothing is lost: resuming goes on from the last batch it finished.")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                Button("Resume") { Task { await model.resume() } }
            }
            if current.phase == .done {
                if model.waitingForReview > 0 || current.merged > 0 {
                    Button(model.waitingForReview > 0 ? "Review \(RinWords.counted(model.waitingForReview, "item"))" : "See what was merged") {
                        _ = coordinator.open(.home(section: .review))
                    }
                }
                Button("Go to your contacts") { coordinator.popToRoot() }
            }
        }
    }
}
