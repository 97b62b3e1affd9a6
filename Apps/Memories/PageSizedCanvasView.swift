import MemoriesCore
import PencilKit
import UIKit

/// A PencilKit canvas whose content is the page itself: zoomed so the 1000-unit-wide sheet
/// fills its width, so every stroke it records is in page units (Apple's "Drawing with
/// PencilKit" sample sizes its canvas the same way). It does not scroll or zoom: the page fits.
final class PageSizedCanvasView: PKCanvasView {
    /// PencilKit registers its own undo with the responder's undo manager; this one records
    /// nothing. Undo goes through the page's history instead, which makes it an operation that
    /// reaches the friend like any other edit (and the tool picker's undo buttons stay off).
    private let silentUndoManager: UndoManager = {
        let manager = UndoManager()
        manager.disableUndoRegistration()
        return manager
    }()

    override var undoManager: UndoManager? { silentUndoManager }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        isOpaque = false
        isScrollEnabled = false
        bouncesZoom = false
        showsVerticalScrollIndicator = false
        showsHorizontalScrollIndicator = false
        contentInsetAdjustmentBehavior = .never
        // No Pencil on an iPhone: a finger draws. On an iPad nothing else uses a finger here.
        drawingPolicy = .anyInput
        // The page is paper, light in dark mode too: ink is not inverted for a dark screen.
        overrideUserInterfaceStyle = .light
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("PageSizedCanvasView is made in code.")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let scale = bounds.width / PageCanvas.width
        guard scale > 0, abs(zoomScale - scale) > 0.0001 || abs(minimumZoomScale - scale) > 0.0001 else { return }
        minimumZoomScale = scale
        maximumZoomScale = scale
        zoomScale = scale
        contentSize = CGSize(width: bounds.width, height: PageCanvas.height * scale)
        contentOffset = .zero
    }

    /// Where a touch is on the page, in page units, from its location in this view (whose
    /// bounds are the zoomed content, and never scroll).
    func pagePoint(_ location: CGPoint) -> CGPoint {
        let scale = max(zoomScale, 0.0001)
        return CGPoint(x: location.x / scale, y: location.y / scale)
    }
}
