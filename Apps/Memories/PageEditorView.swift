import MemoriesCore
import SwiftUI

/// A memory page open for editing, maybe by the friend at the same moment: their strokes and
/// photos arrive as they make them, their name shows where their pointer is, and mine are sent
/// a second after I pause (or when the app goes to the background). Offline, edits wait and are
/// sent again every ten seconds and on the next edit; none is applied twice.
struct PageEditorView: View {
    let session: KindredSession

    @State private var model: PageEditorModel
    /// Counts edits: each one restarts the pause before the next flush.
    @State private var edits = 0
    @State private var presenceThrottle = Throttle(interval: 0.15)
    @State private var confirmsClose = false
    @Environment(\.dismiss) private var dismiss
    @Environment(\.scenePhase) private var scenePhase

    init(session: KindredSession, pageID: UUID) {
        self.session = session
        _model = State(initialValue: PageEditorModel(session: session, pageID: pageID))
    }

    var body: some View {
        NavigationStack {
            content
                .navigationTitle("Memory page")
                .navigationBarTitleDisplayMode(.inline)
                .toolbar { toolbarItems }
        }
        .interactiveDismissDisabled()
        .confirmationDialog("Some changes aren't saved", isPresented: $confirmsClose, titleVisibility: .visible) {
            Button("Close anyway", role: .destructive) { dismiss() }
            Button("Keep editing", role: .cancel) {}
        } message: {
            Text("Kindred can't be reached, so your latest changes haven't been sent. If you close the page now, they're lost.")
        }
        .task { await model.load() }
        .task { await model.followChanges() }
        .task { await forgetIdlePointers() }
        .task(id: edits) { await flushAfterPause() }
        .task(id: model.saveState) { await retryWhileOffline() }
        .onChange(of: scenePhase) { _, phase in
            if phase != .active { Task { await model.flush() } }
        }
        .onDisappear {
            Task { await model.sendPresence(x: nil, y: nil) }
        }
    }

    @ViewBuilder private var content: some View {
        if model.page != nil {
            CanvasEditorView(document: model, session: session, media: model.page?.media ?? [],
                             others: model.others.values.sorted { $0.profile.username < $1.profile.username },
                             edited: { edits += 1 }, pointerMoved: { point in tellFriend(point) })
                .safeAreaInset(edge: .bottom) {
                    if model.isReadOnly {
                        Label("This book is archived: its pages can be read, not changed.", systemImage: "archivebox")
                            .font(.footnote)
                            .foregroundStyle(.secondary)
                            .padding()
                    }
                }
        } else if let error = model.error {
            ContentUnavailableView {
                Label("The page did not open", systemImage: "exclamationmark.triangle")
            } description: {
                Text(error)
            } actions: {
                Button("Try again") { Task { await model.load() } }
            }
        } else {
            ProgressView()
        }
    }

    @ToolbarContentBuilder private var toolbarItems: some ToolbarContent {
        ToolbarItem(placement: .cancellationAction) {
            Button("Done") { Task { await close() } }
        }
        ToolbarItem(placement: .principal) {
            VStack(spacing: 0) {
                Text("Memory page").font(.headline)
                SaveStatusLabel(model.saveState)
            }
        }
        if isOffline {
            ToolbarItem(placement: .primaryAction) {
                Button("Retry") { Task { await model.flush() } }
            }
        }
    }

    private var isOffline: Bool {
        if case .offline = model.saveState { return true }
        return false
    }

    /// Sends what waits, then goes; what cannot be sent is not thrown away without asking.
    private func close() async {
        await model.flush()
        await model.sendPresence(x: nil, y: nil)
        if model.pending.isEmpty { dismiss() } else { confirmsClose = true }
    }

    private func flushAfterPause() async {
        guard edits > 0 else { return }
        do {
            try await Task.sleep(for: .seconds(1))
        } catch {
            return  // Another edit came: its own pause starts now.
        }
        await model.flush()
    }

    private func retryWhileOffline() async {
        guard isOffline else { return }
        do {
            try await Task.sleep(for: .seconds(10))
        } catch {
            return
        }
        await model.flush()
    }

    /// The friend's label goes once their pointer has been still for ten seconds.
    private func forgetIdlePointers() async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: .seconds(5))
            } catch {
                return
            }
            model.forgetIdle()
        }
    }

    /// My pointer for the friend's screen, at most about seven times a second, within the sheet.
    private func tellFriend(_ point: CGPoint) {
        guard !model.isReadOnly, presenceThrottle.allows() else { return }
        let x = min(max(Double(point.x), 0), PageCanvas.width)
        let y = min(max(Double(point.y), 0), PageCanvas.height)
        Task { await model.sendPresence(x: x, y: y) }
    }
}

/// Lets something happen at most once per interval. A class, so asking it does not redraw the
/// view that holds it, as a change of `@State` would.
final class Throttle {
    private let interval: TimeInterval
    private var last = Date.distantPast

    init(interval: TimeInterval) {
        self.interval = interval
    }

    func allows(now: Date = Date()) -> Bool {
        guard now.timeIntervalSince(last) >= interval else { return false }
        last = now
        return true
    }
}
