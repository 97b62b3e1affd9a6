import MemoriesCore
import PhotosUI
import SwiftUI
import UIKit

/// A page being written or made, for a letter and a memory page alike: PencilKit's ink over the
/// page's paper, photos and text (Draw), which Arrange selects, moves, resizes and turns; photos
/// from the library, text in four families; undo and redo. Every change goes through the
/// document, which checks it and keeps the history; the screen around it saves.
struct CanvasEditorView<Document: CanvasDocument>: View {
    let document: Document
    let session: KindredSession
    /// The photos the page listed when it loaded (fresh signed URLs).
    var media: [Media] = []
    /// The friend on this page, where their pointer is.
    var others: [PageEditorModel.Presence] = []
    /// An edit was made, undone or redone: the screen schedules a save.
    let edited: @MainActor () -> Void
    /// My pointer on the page, in page units, for the friend's screen.
    var pointerMoved: (@MainActor (CGPoint) -> Void)?

    @Environment(PhotoCache.self) private var photos: PhotoCache?
    @State private var mode = EditorMode.draw
    @State private var selection: String?
    /// A move, pinch or turn in progress, shown before it is committed as one edit.
    @State private var gesture: CanvasChanges?
    @State private var textEditing: TextEditing?
    @State private var pickedPhoto: PhotosPickerItem?
    @State private var isPlacingPhoto = false
    @State private var photoError: String?

    var body: some View {
        VStack(spacing: 0) {
            if !document.isReadOnly {
                EditorBar(mode: $mode, pickedPhoto: $pickedPhoto, canUndo: document.canUndo, canRedo: document.canRedo,
                          isPlacingPhoto: isPlacingPhoto, addText: { addText() }, undo: { undo() }, redo: { redo() })
                Divider()
            }
            messages
            GeometryReader { proxy in
                surface(in: proxy.size)
            }
            .padding(12)
            if let selected, mode == .arrange, !document.isReadOnly {
                SelectionBar(isText: selected.isText, editText: { editText(selected) },
                             bringToFront: { bringToFront(selected) }, delete: { delete(selected) },
                             done: { selection = nil })
            }
        }
        .background(Color(uiColor: .secondarySystemBackground))
        .sheet(item: $textEditing) { editing in
            TextElementSheet(editing: editing) { text in finishText(editing, text) }
        }
        .onChange(of: pickedPhoto) { _, item in
            guard let item else { return }
            // Cleared at once, so the same photo can be picked again.
            pickedPhoto = nil
            Task { await place(item) }
        }
        .onChange(of: mode) { _, newMode in
            if newMode == .draw { selection = nil }
        }
    }

    // MARK: - The page

    private func surface(in available: CGSize) -> some View {
        let ratio = PageCanvas.width / PageCanvas.height
        let width = max(min(available.width, available.height * ratio), 1)
        let size = CGSize(width: width, height: width / ratio)
        let scale = width / PageCanvas.width
        let shown = shownCanvas
        return ZStack {
            // Read-only, the page draws its own ink; editing, PencilKit draws it on top.
            CanvasPageView(canvas: shown, media: media, drawsInk: document.isReadOnly)
            if !document.isReadOnly {
                PencilKitCanvas(inks: shown.drawingOrder.filter(\.isInk), nextZ: shown.nextZ, isDrawing: mode == .draw,
                                commit: { operations in commit(operations) }, pointerMoved: pointerMoved)
                if mode == .arrange {
                    ArrangeOverlay(canvas: shown, scale: scale, selection: $selection, gesture: $gesture,
                                   commit: { operations in _ = commit(operations) }, pointerMoved: pointerMoved)
                }
            }
            PresenceOverlay(others: others, scale: scale)
        }
        .frame(width: size.width, height: size.height)
        .clipped()
        .shadow(color: .black.opacity(0.15), radius: 6, y: 2)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }

    /// The document's page, with a gesture in progress applied to the selected element.
    private var shownCanvas: PageCanvas {
        guard let selection, let gesture else { return document.canvas }
        return document.canvas.applying(gesture, to: selection)
    }

    private var selected: CanvasElement? {
        selection.flatMap { document.canvas.element($0) }
    }

    @ViewBuilder private var messages: some View {
        if let error = document.error {
            Label(error, systemImage: "exclamationmark.triangle.fill")
                .font(.footnote)
                .foregroundStyle(.red)
                .padding(.horizontal)
                .padding(.top, 6)
        }
        if isPlacingPhoto {
            HStack(spacing: 8) {
                ProgressView()
                Text("Adding the photo…")
            }
            .font(.footnote)
            .foregroundStyle(.secondary)
            .padding(.top, 6)
        } else if let photoError {
            Label(photoError, systemImage: "photo")
                .font(.footnote)
                .foregroundStyle(.orange)
                .padding(.horizontal)
                .padding(.top, 6)
        }
    }

    // MARK: - Edits

    @discardableResult
    private func commit(_ operations: [CanvasOperation]) -> Bool {
        let made = document.perform(operations)
        if made { edited() }
        return made
    }

    private func undo() {
        document.undo()
        edited()
    }

    private func redo() {
        document.redo()
        edited()
    }

    private func addText() {
        textEditing = TextEditing(elementID: nil, text: CanvasElement.Text(text: "", font: .hand, size: 40))
    }

    private func editText(_ element: CanvasElement) {
        guard case .text(let text) = element.content else { return }
        textEditing = TextEditing(elementID: element.id, text: text)
    }

    private func finishText(_ editing: TextEditing, _ text: CanvasElement.Text) {
        guard let id = editing.elementID, let element = document.canvas.element(id) else {
            let element = CanvasElement.text(text, z: document.canvas.nextZ)
            if commit([CanvasOperation(.add(element))]) {
                mode = .arrange
                selection = element.id
            }
            return
        }
        var frame = element.frame
        frame.height = CanvasElement.estimatedHeight(of: text, width: frame.width)
        commit([CanvasOperation(.update(elementID: id, CanvasChanges(
            frame: frame, text: text.text, font: text.font, size: text.size, color: text.color, align: text.align)))])
    }

    private func bringToFront(_ element: CanvasElement) {
        commit([CanvasOperation(.update(elementID: element.id, CanvasChanges(z: document.canvas.nextZ)))])
    }

    private func delete(_ element: CanvasElement) {
        if commit([CanvasOperation(.delete(elementID: element.id))]) { selection = nil }
    }

    /// Reads the picked photo, makes it page-sized, uploads it, shows it at once (from the bytes
    /// just made) and puts it in the middle of the page, selected, ready to move.
    private func place(_ item: PhotosPickerItem) async {
        guard !document.isReadOnly else { return }
        isPlacingPhoto = true
        defer { isPlacingPhoto = false }
        do {
            guard let data = try await item.loadTransferable(type: Data.self) else { throw PhotoPreparation.Problem.unreadable }
            let prepared = try await PhotoPreparation.prepare(data)
            let media = try await session.uploadMedia(prepared.jpeg)
            if let image = UIImage(data: prepared.jpeg) { photos?.insert(image, for: media) }
            let element = CanvasElement.photo(media.id, pixelWidth: prepared.pixelWidth, pixelHeight: prepared.pixelHeight,
                                              z: document.canvas.nextZ)
            if commit([CanvasOperation(.add(element))]) {
                mode = .arrange
                selection = element.id
            }
            photoError = nil
        } catch {
            photoError = error.localizedDescription
        }
    }
}

private extension CanvasElement {
    var isText: Bool {
        if case .text = content { return true }
        return false
    }
}
