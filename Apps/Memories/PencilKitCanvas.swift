import MemoriesCore
import PencilKit
import SwiftUI

/// The page's ink in PencilKit, with its tool picker: pen, pencil, marker, eraser (and the
/// lasso). What PencilKit draws or erases becomes operations (`StrokeLedger`) handed to
/// `commit`; the page's ink changing any other way (the friend drawing, undo, redo) rebuilds
/// the drawing from the page, once any stroke in progress has ended.
struct PencilKitCanvas: UIViewRepresentable {
    /// The page's ink elements, in drawing order.
    let inks: [CanvasElement]
    /// The `z` for the next element made here.
    let nextZ: Int
    /// Drawing mode: the canvas takes touches and the tool picker shows.
    let isDrawing: Bool
    /// Makes an edit; false if the page refused it (the drawing then goes back to the page).
    let commit: @MainActor ([CanvasOperation]) -> Bool
    /// Where the pen is on the page, in page units, while drawing.
    var pointerMoved: (@MainActor (CGPoint) -> Void)?

    func makeCoordinator() -> Coordinator {
        Coordinator(self)
    }

    func makeUIView(context: Context) -> PageSizedCanvasView {
        let view = PageSizedCanvasView(frame: .zero)
        view.delegate = context.coordinator
        view.drawingGestureRecognizer.addTarget(context.coordinator, action: #selector(Coordinator.drawingMoved(_:)))
        context.coordinator.show(inks, in: view)
        return view
    }

    func updateUIView(_ view: PageSizedCanvasView, context: Context) {
        context.coordinator.parent = self
        context.coordinator.show(inks, in: view)
        context.coordinator.showTools(isDrawing, on: view)
    }

    static func dismantleUIView(_ view: PageSizedCanvasView, coordinator: Coordinator) {
        coordinator.showTools(false, on: view)
        coordinator.toolPicker.removeObserver(view)
    }

    @MainActor
    final class Coordinator: NSObject, PKCanvasViewDelegate {
        var parent: PencilKitCanvas
        let toolPicker: PKToolPicker
        private var ledger = StrokeLedger()
        /// A stroke is being drawn: the drawing is not replaced under the pen.
        private var isUsingTool = false
        private var waitingInks: [CanvasElement]?
        private var lastPointer = Date.distantPast
        private var toolsShown: Bool?

        init(_ parent: PencilKitCanvas) {
            self.parent = parent
            toolPicker = Self.makeToolPicker()
            super.init()
        }

        /// Pen, pencil, marker, eraser and lasso where iOS lets the app choose (iOS 18); the
        /// system's set before that, whose other inks convert to the nearest of the three.
        private static func makeToolPicker() -> PKToolPicker {
            let picker: PKToolPicker
            if #available(iOS 18.0, *) {
                picker = PKToolPicker(toolItems: [
                    PKToolPickerInkingItem(type: .pen),
                    PKToolPickerInkingItem(type: .pencil),
                    PKToolPickerInkingItem(type: .marker),
                    PKToolPickerEraserItem(type: .vector),
                    PKToolPickerLassoItem(),
                ])
            } else {
                picker = PKToolPicker()
            }
            // The colours as they show on paper, in dark mode too.
            picker.colorUserInterfaceStyle = .light
            // Touch always draws here (`drawingPolicy = .anyInput`): the Pencil-only switch would do nothing.
            picker.showsDrawingPolicyControls = false
            return picker
        }

        /// Rebuilds the drawing if the page's ink is not what it shows.
        func show(_ inks: [CanvasElement], in view: PKCanvasView) {
            guard !ledger.shows(inks) else {
                waitingInks = nil
                return
            }
            guard !isUsingTool else {
                waitingInks = inks
                return
            }
            // A stroke PencilKit finished but has not reported yet is told first, after this
            // update (an edit is not made in the middle of one); the page then comes back with
            // it, and the update that follows rebuilds from that.
            guard ledger.changes(to: view.drawing, nextZ: parent.nextZ).operations.isEmpty else {
                Task { record(view) }
                return
            }
            rebuild(inks, in: view)
        }

        private func rebuild(_ inks: [CanvasElement], in view: PKCanvasView) {
            let (drawing, ledger) = StrokeLedger.drawing(for: inks)
            // The ledger first: if PencilKit reports the new drawing as a change, it is none.
            self.ledger = ledger
            view.drawing = drawing
            // Fingerprints as PencilKit holds the strokes, should it have normalised anything.
            self.ledger = ledger.adopting(view.drawing)
        }

        /// Tells the page what PencilKit changed; false if nothing had.
        @discardableResult
        private func record(_ view: PKCanvasView) -> Bool {
            let (operations, next) = ledger.changes(to: view.drawing, nextZ: parent.nextZ)
            guard !operations.isEmpty else {
                ledger = next
                return false
            }
            if parent.commit(operations) {
                ledger = next
            } else {
                // Refused (a full page): the stroke goes, and the page's error says why.
                rebuild(parent.inks, in: view)
            }
            return true
        }

        /// Shows or hides the tool picker when the mode changes, and only then: taking the first
        /// responder on every update would take the keyboard from the text sheet.
        func showTools(_ show: Bool, on view: PKCanvasView) {
            view.isUserInteractionEnabled = show
            guard show != toolsShown else { return }
            toolsShown = show
            toolPicker.setVisible(show, forFirstResponder: view)
            if show {
                toolPicker.addObserver(view)
                // Next turn: a view just made is not in its window yet, and cannot take it.
                Task { view.becomeFirstResponder() }
            } else {
                view.resignFirstResponder()
            }
        }

        func canvasViewDrawingDidChange(_ canvasView: PKCanvasView) {
            record(canvasView)
        }

        func canvasViewDidBeginUsingTool(_ canvasView: PKCanvasView) {
            isUsingTool = true
        }

        func canvasViewDidEndUsingTool(_ canvasView: PKCanvasView) {
            isUsingTool = false
            if let waiting = waitingInks {
                waitingInks = nil
                show(waiting, in: canvasView)
            }
        }

        /// The pen's place for the friend's screen, at most ten times a second.
        @objc func drawingMoved(_ recognizer: UIGestureRecognizer) {
            guard let view = recognizer.view as? PageSizedCanvasView, let pointerMoved = parent.pointerMoved,
                  Date().timeIntervalSince(lastPointer) > 0.1 else { return }
            lastPointer = Date()
            pointerMoved(view.pagePoint(recognizer.location(in: view)))
        }
    }
}
