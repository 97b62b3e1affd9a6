import MemoriesCore
import SwiftUI

/// My books on a shelf, the most recently active first: one with each friend, made the moment
/// we became friends. A letter arriving, a new title or an archived friendship shows at once.
struct ShelfView: View {
    let session: KindredSession
    @Environment(ShelfModel.self) private var model
    @State private var loaded = false

    private let columns = [GridItem(.adaptive(minimum: 140, maximum: 220), spacing: 20, alignment: .top)]

    var body: some View {
        NavigationStack {
            ScrollView {
                LazyVGrid(columns: columns, spacing: 28) {
                    ForEach(model.books, id: \.id) { book in
                        NavigationLink(value: MemoriesRoute.book(book.id)) {
                            BookCover(book: book)
                        }
                        .buttonStyle(.plain)
                        .onAppear { loadMoreIfNear(book) }
                    }
                }
                .padding()
                footer
            }
            .refreshable { await model.load() }
            .overlay { emptyState }
            .navigationTitle("Shelf")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Menu {
                        SignOutButton()
                    } label: {
                        Label("Account", systemImage: "person.crop.circle")
                    }
                }
            }
            .memoriesRoutes(session: session)
        }
        .task {
            guard !loaded else { return }
            await model.load()
            loaded = true
        }
    }

    private func loadMoreIfNear(_ book: MemoriesBook) {
        guard model.nextCursor != nil, model.books.suffix(4).contains(where: { $0.id == book.id }) else { return }
        Task { await model.loadMore() }
    }

    /// Below the books: the next ones coming, or why they did not.
    @ViewBuilder private var footer: some View {
        if !model.books.isEmpty {
            if let error = model.error {
                RetryFooter(message: error) {
                    if model.nextCursor == nil { await model.load() } else { await model.loadMore() }
                }
            } else if model.nextCursor != nil {
                ProgressView().padding()
            }
        }
    }

    @ViewBuilder private var emptyState: some View {
        if model.books.isEmpty {
            if let error = model.error {
                ContentUnavailableView {
                    Label("Your shelf did not load", systemImage: "exclamationmark.triangle")
                } description: {
                    Text(error)
                } actions: {
                    Button("Try again") { Task { await model.load() } }
                }
            } else if loaded {
                ContentUnavailableView("No books yet", systemImage: "books.vertical",
                                       description: Text("Add a friend in Friends: every friendship comes with a book you fill together."))
            } else {
                ProgressView()
            }
        }
    }
}
