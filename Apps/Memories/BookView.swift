import MemoriesCore
import SwiftUI

/// A book open on the stand: its pages turned like paper (two facing pages on an iPad held
/// landscape, one on a phone), the contents by date, and new letters and memory pages. Opening
/// it marks the friend's letters read; while it is open (editors included) it follows its
/// changes: pages either of us adds join the end, loaded pages show their edits, and an
/// archived book stops offering + and Edit.
struct BookView: View {
    let session: KindredSession
    let bookID: UUID
    /// The page to open at (an activity item's), if any.
    let openingAt: UUID?

    @State private var model: BookModel
    /// `followChanges()`, for as long as the book is open, under an editor too.
    @State private var changes = LastingTask()
    /// Opened, and turned to `openingAt`. An editor's cover lifting, or the tab showing again,
    /// restarts this view's tasks; the book is not opened again then (it followed its changes
    /// meanwhile, and opening reads its contents from the start).
    @State private var isOpen = false
    /// Bumped by Try again, to open the book afresh.
    @State private var attempt = 0
    /// A page I just made here, while the book turns to it.
    @State private var editing: EditorTarget?
    @State private var showsContents = false
    @State private var showsDrafts = false
    @State private var isAddingPage = false
    @State private var actionError: String?

    @Environment(\.viewer) private var viewer
    @Environment(\.mediaBaseURL) private var mediaBaseURL
    @Environment(\.horizontalSizeClass) private var sizeClass
    @Environment(PhotoCache.self) private var photos: PhotoCache?

    init(session: KindredSession, bookID: UUID, openingAt pageID: UUID? = nil) {
        self.session = session
        self.bookID = bookID
        self.openingAt = pageID
        _model = State(initialValue: BookModel(session: session, bookID: bookID))
    }

    var body: some View {
        GeometryReader { proxy in
            let isSpread = sizeClass == .regular && proxy.size.width > proxy.size.height
            content(isSpread: isSpread)
                .onChange(of: isSpread, initial: true) { _, spread in
                    Task { await show(pagesPerView: spread ? 2 : 1) }
                }
        }
        .background(Color(uiColor: .secondarySystemBackground))
        .navigationBarTitleDisplayMode(.inline)
        .toolbar { toolbarItems }
        .sheet(isPresented: $showsContents) {
            ContentsSheet(model: model) { pageID in Task { await model.go(to: pageID) } }
        }
        .sheet(isPresented: $showsDrafts) {
            DraftsSheet(session: session, bookID: bookID) { draftID in editing = .letter(draftID) }
        }
        .fullScreenCover(item: $editing) { target in
            editor(for: target)
        }
        .alert("Could not add the page", isPresented: Binding(get: { actionError != nil }, set: { if !$0 { actionError = nil } })) {
            Button("OK") {}
        } message: {
            Text(actionError ?? "")
        }
        .onAppear {
            changes.start { [model] in await model.followChanges() }
        }
        .task(id: attempt) { await open() }
    }

    // MARK: - The book

    @ViewBuilder private func content(isSpread: Bool) -> some View {
        if model.contents.isEmpty {
            emptyState
        } else {
            VStack(spacing: 0) {
                if model.book?.archived == true {
                    Label("Archived: you're no longer friends. You can both still read this book.", systemImage: "archivebox")
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                        .padding(8)
                }
                PageCurlView(pageCount: model.contents.count, position: model.position, isSpread: isSpread,
                             page: { index in page(index, isSpread: isSpread) },
                             turned: { first in await turned(to: first) })
                    // A new spine is a new page controller.
                    .id(isSpread)
                    .accessibilityScrollAction { edge in
                        switch edge {
                        case .trailing, .bottom: Task { await model.turnForward() }
                        case .leading, .top: Task { await model.turnBack() }
                        }
                    }
                BookTurnBar(model: model)
            }
        }
    }

    /// One side of the book for the page controller, which starts its pages from an empty
    /// environment: what they read is handed over here.
    private func page(_ index: Int, isSpread: Bool) -> some View {
        BookPageView(model: model, index: index, isSpread: isSpread, canEdit: canAdd) { summary in
            editing = .memoryPage(summary.id)
        }
        .signedInEnvironment(viewer: viewer, mediaBaseURL: mediaBaseURL, photos: photos)
    }

    @ViewBuilder private var emptyState: some View {
        if let error = model.error {
            ContentUnavailableView {
                Label("The book did not open", systemImage: "exclamationmark.triangle")
            } description: {
                Text(error)
            } actions: {
                Button("Try again") {
                    isOpen = false
                    attempt += 1
                }
            }
        } else if model.book != nil {
            ContentUnavailableView {
                Label("An empty book", systemImage: "book.closed")
            } description: {
                Text(canAdd ? "Write the first letter, or add a memory page to fill in together." : "Nothing was written in this book.")
            } actions: {
                if canAdd {
                    Button("Write a letter") { editing = .newLetter(.lined) }
                        .buttonStyle(.borderedProminent)
                    Button("Add a memory page") { Task { await addMemoryPage(.plain) } }
                }
            }
        } else {
            ProgressView()
        }
    }

    @ToolbarContentBuilder private var toolbarItems: some ToolbarContent {
        ToolbarItem(placement: .principal) {
            VStack(spacing: 0) {
                Text(model.book?.title ?? "Book").font(.headline).lineLimit(1)
                if let book = model.book {
                    Text(book.withWhom(besides: viewer?.id)).font(.caption).foregroundStyle(.secondary)
                }
            }
        }
        ToolbarItemGroup(placement: .topBarTrailing) {
            Button { showsContents = true } label: {
                Label("Contents", systemImage: "list.bullet")
            }
            if canAdd {
                NewPageMenu(isAdding: isAddingPage,
                            newLetter: { paper in editing = .newLetter(paper) },
                            newMemoryPage: { paper in Task { await addMemoryPage(paper) } },
                            lettersInProgress: { showsDrafts = true })
            }
        }
    }

    // MARK: - Editing

    /// Not while the book is loading, nor once it is archived.
    private var canAdd: Bool { !model.isReadOnly }

    private var friendName: String {
        model.book?.friend(besides: viewer?.id)?.shownName ?? "your friend"
    }

    @ViewBuilder private func editor(for target: EditorTarget) -> some View {
        switch target {
        case .newLetter(let paper):
            LetterEditorView(session: session, bookID: bookID, start: .new(paper), recipient: friendName) { letter in
                Task { await placed(letter) }
            }
        case .letter(let draftID):
            LetterEditorView(session: session, bookID: bookID, start: .resume(draftID), recipient: friendName) { letter in
                Task { await placed(letter) }
            }
        case .memoryPage(let pageID):
            PageEditorView(session: session, pageID: pageID)
        }
    }

    private func addMemoryPage(_ paper: PageCanvas.Paper) async {
        isAddingPage = true
        defer { isAddingPage = false }
        do {
            let page = try await session.createMemoryPage(in: bookID, canvas: PageCanvas(paper: paper))
            editing = .memoryPage(page.id)
            await placed(page)
        } catch {
            actionError = error.localizedDescription
        }
    }

    /// A page I just made here (a memory page, a letter sent): at the end of the book at once,
    /// whether or not its event has come, and the book turned to it (under the editor, for a
    /// memory page; `followChanges()` then keeps it as the editor changes it).
    private func placed(_ page: MemoriesPageDetail) async {
        await model.added(page)
    }

    // MARK: - Opening

    private func open() async {
        guard !isOpen else { return }
        await model.open()
        if let openingAt { await model.go(to: openingAt) }
        // Cut short (the view went first): the next time it shows, it opens.
        isOpen = !Task.isCancelled
    }

    // MARK: - Turning

    private func show(pagesPerView: Int) async {
        guard model.pagesPerView != pagesPerView else { return }
        let first = model.visible.first?.id
        model.pagesPerView = pagesPerView
        if let first { await model.go(to: first) }
    }

    private func turned(to first: Int) async {
        if first > model.position {
            await model.turnForward()
        } else if first < model.position {
            await model.turnBack()
        }
        // A turn by hand goes one spread; anything else (a fast double turn) lands where it is.
        if model.position != first, model.contents.indices.contains(first) {
            await model.go(to: model.contents[first].id)
        }
    }
}

/// What the editor cover shows.
enum EditorTarget: Identifiable {
    case newLetter(PageCanvas.Paper)
    case letter(UUID)
    case memoryPage(UUID)

    var id: String {
        switch self {
        case .newLetter(let paper): "new-letter-\(paper.rawValue)"
        case .letter(let id): "letter-\(id)"
        case .memoryPage(let id): "page-\(id)"
        }
    }
}
