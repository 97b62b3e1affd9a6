import MemoriesCore
import SwiftUI

/// My letters in this book not yet sent, started here or on another device: open one to go on
/// writing it, or swipe to discard it.
struct DraftsSheet: View {
    let session: KindredSession
    let resume: @MainActor (UUID) -> Void

    @Environment(\.dismiss) private var dismiss
    @State private var drafts: Pager<MemoriesPageSummary>
    @State private var discardError: String?

    init(session: KindredSession, bookID: UUID, resume: @escaping @MainActor (UUID) -> Void) {
        self.session = session
        self.resume = resume
        _drafts = State(initialValue: Pager(identity: \.id) { cursor in
            try await session.drafts(in: bookID, cursor: cursor)
        })
    }

    var body: some View {
        NavigationStack {
            List {
                if let error = discardError ?? (drafts.items.isEmpty ? nil : drafts.error) {
                    Text(error).font(.footnote).foregroundStyle(.red)
                }
                ForEach(drafts.items, id: \.id) { draft in
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
                        Button("Discard", role: .destructive) { Task { await discard(draft) } }
                    }
                }
                if drafts.nextCursor != nil {
                    ProgressView()
                        .frame(maxWidth: .infinity)
                        .task { await drafts.loadMore() }
                }
            }
            .overlay { emptyState }
            .refreshable { await drafts.load() }
            .navigationTitle("Letters in progress")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done") { dismiss() }
                }
            }
        }
        .task { await drafts.load() }
    }

    @ViewBuilder private var emptyState: some View {
        if drafts.items.isEmpty {
            if let error = drafts.error {
                ContentUnavailableView {
                    Label("Your letters did not load", systemImage: "exclamationmark.triangle")
                } description: {
                    Text(error)
                } actions: {
                    Button("Try again") { Task { await drafts.load() } }
                }
            } else if drafts.hasLoaded {
                ContentUnavailableView("No letters in progress", systemImage: "envelope.open",
                                       description: Text("A letter you start is kept here until you send it, on all your devices."))
            } else {
                ProgressView()
            }
        }
    }

    private func discard(_ draft: MemoriesPageSummary) async {
        do {
            try await session.deleteDraft(draft.id)
            drafts.remove(draft.id)
            discardError = nil
        } catch {
            discardError = error.localizedDescription
        }
    }
}
