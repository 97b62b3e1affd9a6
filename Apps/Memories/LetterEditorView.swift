import MemoriesCore
import SwiftUI

/// A letter being written: mine alone until I send it, saved to the server a second after I
/// pause (so it can be finished on my other devices), then sent, after which nobody can change
/// it. Sending asks first, and says so.
struct LetterEditorView: View {
    enum Start {
        case new(PageCanvas.Paper)
        case resume(UUID)
    }

    let session: KindredSession
    let start: Start
    /// The friend it is for, as the confirmation names them.
    let recipient: String
    let onSent: @MainActor (MemoriesPageDetail) -> Void

    @State private var model: LetterComposerModel
    @State private var started = false
    /// Counts edits: each one restarts the pause before the next save.
    @State private var edits = 0
    @State private var isSending = false
    @State private var confirmsSend = false
    @State private var confirmsDiscard = false
    @State private var confirmsClose = false
    @Environment(\.dismiss) private var dismiss
    @Environment(\.scenePhase) private var scenePhase

    init(session: KindredSession, bookID: UUID, start: Start, recipient: String,
         onSent: @escaping @MainActor (MemoriesPageDetail) -> Void) {
        self.session = session
        self.start = start
        self.recipient = recipient
        self.onSent = onSent
        _model = State(initialValue: LetterComposerModel(session: session, bookID: bookID))
    }

    var body: some View {
        NavigationStack {
            content
                .navigationTitle("Letter")
                .navigationBarTitleDisplayMode(.inline)
                .toolbar { toolbarItems }
        }
        .interactiveDismissDisabled()
        .confirmationDialog("Send this letter to \(recipient)?", isPresented: $confirmsSend, titleVisibility: .visible) {
            Button("Send") { Task { await send() } }
            Button("Keep writing", role: .cancel) {}
        } message: {
            Text("It can't be changed after sending. It goes into your book, for \(recipient) to read.")
        }
        .confirmationDialog("Discard this letter?", isPresented: $confirmsDiscard, titleVisibility: .visible) {
            Button("Discard", role: .destructive) { Task { await discard() } }
        } message: {
            Text("It hasn't been sent. It is deleted on all your devices.")
        }
        .confirmationDialog("Your latest changes aren't saved", isPresented: $confirmsClose, titleVisibility: .visible) {
            Button("Close anyway", role: .destructive) { dismiss() }
            Button("Keep writing", role: .cancel) {}
        } message: {
            Text("Kindred can't be reached. If you close the letter now, what you wrote since the last save is lost.")
        }
        .task { await begin() }
        .task(id: edits) { await saveAfterPause() }
        .task(id: model.saveState) { await retryWhileOffline() }
        .onChange(of: scenePhase) { _, phase in
            if phase != .active { Task { await model.save() } }
        }
    }

    @ViewBuilder private var content: some View {
        if let draftID = model.draftID {
            VStack(spacing: 0) {
                if model.saveState == .changedElsewhere {
                    HStack {
                        Label("You changed this letter on another device.", systemImage: "exclamationmark.triangle")
                            .font(.footnote)
                        Spacer(minLength: 8)
                        Button("Load it") { Task { await model.resume(draftID) } }
                            .buttonStyle(.bordered)
                    }
                    .padding(.horizontal)
                    .padding(.vertical, 8)
                    .background(Color.orange.opacity(0.15))
                }
                CanvasEditorView(document: model, session: session, edited: { edits += 1 })
            }
        } else if let error = model.error {
            ContentUnavailableView {
                Label("The letter did not open", systemImage: "exclamationmark.triangle")
            } description: {
                Text(error)
            } actions: {
                Button("Try again") {
                    started = false
                    Task { await begin() }
                }
            }
        } else {
            ProgressView()
        }
    }

    @ToolbarContentBuilder private var toolbarItems: some ToolbarContent {
        ToolbarItem(placement: .cancellationAction) {
            Button("Close") { Task { await close() } }
                .disabled(isSending)
        }
        ToolbarItem(placement: .principal) {
            VStack(spacing: 0) {
                Text("Letter to \(recipient)").font(.headline).lineLimit(1)
                SaveStatusLabel(model.saveState)
            }
        }
        ToolbarItemGroup(placement: .confirmationAction) {
            if model.draftID != nil, model.saveState != .sent {
                Menu {
                    Button("Discard letter", systemImage: "trash", role: .destructive) { confirmsDiscard = true }
                } label: {
                    Label("More", systemImage: "ellipsis.circle")
                }
                .disabled(isSending)
            }
            if isSending {
                ProgressView()
            } else {
                Button("Send") { confirmsSend = true }
                    .disabled(!model.canSend)
            }
        }
    }

    private func begin() async {
        guard !started else { return }
        started = true
        switch start {
        case .new(let paper): await model.start(paper: paper)
        case .resume(let draftID): await model.resume(draftID)
        }
    }

    private func send() async {
        isSending = true
        defer { isSending = false }
        await model.send()
        guard model.saveState == .sent, let letter = model.sentLetter else { return }
        onSent(letter)
        dismiss()
    }

    private func discard() async {
        await model.discard()
        if model.draftID == nil { dismiss() }
    }

    /// Saves, then goes; a letter that could not be saved is not thrown away without asking.
    private func close() async {
        await model.save()
        switch model.saveState {
        case .saved, .sent, .changedElsewhere: dismiss()
        case .unsaved, .saving, .offline: if model.draftID == nil { dismiss() } else { confirmsClose = true }
        }
    }

    private func saveAfterPause() async {
        guard edits > 0 else { return }
        do {
            try await Task.sleep(for: .seconds(1))
        } catch {
            return  // Another edit came: its own pause starts now.
        }
        await model.save()
    }

    private func retryWhileOffline() async {
        guard model.saveState == .offline else { return }
        do {
            try await Task.sleep(for: .seconds(10))
        } catch {
            return
        }
        await model.save()
    }
}
