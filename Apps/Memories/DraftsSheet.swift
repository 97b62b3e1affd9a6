import MemoriesCore
import SwiftUI

/// My letters in this book not yet sent, started here or on another device: open one to go on
/// writing it, or swipe to discard it (gone at once, back with the reason if the server says no).
struct DraftsSheet: View {
    let resume: @MainActor (UUID) -> Void

    @Environment(\.dismiss) private var dismiss
    @State private var model: DraftsModel
    @State private var loaded = false

    init(session: KindredSession, bookID: UUID, resume: @escaping @MainActor (UUID) -> Void) {
        self.resume = resume
        _model = State(initialValue: DraftsModel(session: session, bookID: bookID))
    }

    var body: some View {
        NavigationStack {
            List {
                // A discard the server refused (the letter is back in the list), or a page that
                // did not load.
                if let error = model.error, !model.drafts.isEmpty {
                    Text(error).font(.footnote).foregroundStyle(.red)
                }
                ForEach(model.drafts, id: \.id) { draft in
                    Button {
                        resume(draft.id)
                        dismiss()
                    } label: {
                        VStack(alignment: .leading, spacing: 2) {
                            Text("Started \(draft.createdAt.formatted(date: .abbreviated, time: .shortened))")
                                .font(.body.weight(.semibold))
                            Text("Last changed \(draft.updatedAt.formatted(.relative(presentation: .named)))")
                                .font(.subheadline)
                                .foregroundStyle(.secondary)
                        }
                    }
                    .swipeActions {
                        Button("Discard", role: .destructive) { Task { await model.discard(draft) } }
                    }
                }
                if model.nextCursor != nil {
                    ProgressView()
                        .frame(maxWidth: .infinity)
                        .task { await model.loadMore() }
                }
            }
            .overlay { emptyState }
            .refreshable { await model.load() }
            .navigationTitle("Letters in progress")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done") { dismiss() }
                }
            }
        }
        .task {
            await model.load()
            loaded = true
        }
    }

    @ViewBuilder private var emptyState: some View {
        if model.drafts.isEmpty {
            if let error = model.error {
                ContentUnavailableView {
                    Label("Your letters did not load", systemImage: "exclamationmark.triangle")
                } description: {
                    Text(error)
                } actions: {
                    Button("Try again") { Task { await model.load() } }
                }
            } else if loaded {
                ContentUnavailableView("No letters in progress", systemImage: "envelope.open",
                                       description: Text("A letter you start is kept here until you send it, on all your devices."))
            } else {
                ProgressView()
            }
        }
    }
}
