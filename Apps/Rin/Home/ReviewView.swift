import RinAppShell
import SwiftUI

/// Review: what the book's clean-up leaves for a look, in the order it matters. Fields a merge
/// left with two values first, then pairs that may be one person (Merge, Different people, Not
/// now), then the merges that stand, each with Undo (all, or only those imports made). An
/// import that ends while Review is open brings its new pairs and merges in.
struct ReviewView: View {
    @State private var model: ReviewModel
    @Environment(RinShell.self) private var shell: RinShell?
    @State private var confirmsUndo = false

    init(context: RinContext) {
        _model = State(initialValue: ReviewModel(context: context))
    }

    var body: some View {
        List {
            Section {
                Text("Rin merges two contacts by itself only when it is sure. Here is what it wasn’t sure of, and every merge, to undo.")
                    .foregroundStyle(.secondary)
                Text(model.summary)
                    .font(.headline)
            }
            if let error = model.error {
                MessageRow(text: error, retry: { await model.load() })
            } else if let status = model.status {
                MessageRow(text: status, tone: .done)
            }
            if !model.conflicts.isEmpty {
                Section("Two values for one field") {
                    ForEach(model.conflicts, id: \.id) { conflict in
                        ConflictCard(model: model, conflict: conflict)
                    }
                    if model.conflictsCursor != nil {
                        LoadMoreRow { await model.loadMoreConflicts() }
                    }
                }
            }
            Section("Maybe the same person") {
                if model.suggestions.isEmpty && !model.isLoading {
                    Text("No pairs wait for a look.")
                        .foregroundStyle(.secondary)
                }
                ForEach(model.suggestions, id: \.id) { suggestion in
                    SuggestionCard(model: model, suggestion: suggestion)
                }
                if model.suggestionsCursor != nil {
                    LoadMoreRow { await model.loadMoreSuggestions() }
                }
            }
            Section("Merges") {
                Toggle("Only by imports", isOn: Binding(get: { model.onlyAutomatic },
                                                        set: { only in Task { await model.setOnlyAutomatic(only) } }))
                if model.merges.isEmpty && !model.isLoading {
                    Text("No merges to undo.")
                        .foregroundStyle(.secondary)
                }
                ForEach(model.merges, id: \.id) { merge in
                    MergeRow(merge: merge) {
                        _ = await model.undo(merge)
                        await shell?.refreshBadges()
                    }
                }
                if model.mergesCursor != nil {
                    LoadMoreRow { await model.loadMoreMerges() }
                }
            }
        }
        .navigationTitle("Review")
        .overlay {
            if model.isLoading && model.suggestions.isEmpty && model.conflicts.isEmpty && model.merges.isEmpty {
                ProgressView()
            }
        }
        .task { await model.load() }
        .task { await model.followChanges() }
        .refreshable { await model.load() }
        // Each answer changes what waits: the Home tab's badge follows.
        .onChange(of: model.waiting) {
            Task { await shell?.refreshBadges() }
        }
        .onChange(of: model.undoNeedingConfirmation?.id) { _, waiting in
            confirmsUndo = waiting != nil
        }
        .alert("Undo anyway?", isPresented: $confirmsUndo) {
            Button("Undo anyway", role: .destructive) { Task { await model.confirmUndo() } }
            Button("Keep the merge", role: .cancel) { model.cancelUndo() }
        } message: {
            Text(model.undoWarning ?? "The merged contact was edited since. Undoing lets those edits go.")
        }
    }
}
