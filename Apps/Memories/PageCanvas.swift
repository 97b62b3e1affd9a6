import Foundation
import MemoriesCore

/// The page format's sheet, under a name SwiftUI does not take: every file that imports SwiftUI
/// also sees SwiftUI's `Canvas` view, so there `Canvas` alone is ambiguous. This file imports no
/// UI framework, so here it is not.
typealias PageCanvas = Canvas

extension Canvas {
    /// The `z` that puts a new element over everything on the page.
    var nextZ: Int {
        min((elements.map(\.z).max() ?? -1) + 1, CanvasLimits.z.upperBound)
    }

    /// The topmost photo or text under a point of the sheet (page units). Ink is not offered:
    /// PencilKit's lasso moves strokes.
    func arrangeableElement(atX x: Double, y: Double) -> CanvasElement? {
        drawingOrder.reversed().first { !$0.isInk && $0.contains(x: x, y: y) }
    }

    /// The page with one element changed, as a gesture shows it before it is committed.
    func applying(_ changes: CanvasChanges, to elementID: String) -> Canvas {
        var changed = self
        if let index = changed.elements.firstIndex(where: { $0.id == elementID }) {
            changed.elements[index].apply(changes)
        }
        return changed
    }
}

extension CanvasElement {
    var isInk: Bool {
        if case .ink = content { return true }
        return false
    }

    /// Whether a point of the sheet falls in the element's box, turned as it is drawn.
    func contains(x: Double, y: Double) -> Bool {
        let centreX = frame.x + frame.width / 2
        let centreY = frame.y + frame.height / 2
        // Into the box's own axes: turn the point back by the element's rotation.
        let angle = -rotation * .pi / 180
        let dx = x - centreX
        let dy = y - centreY
        let localX = dx * cos(angle) - dy * sin(angle)
        let localY = dx * sin(angle) + dy * cos(angle)
        return abs(localX) <= frame.width / 2 && abs(localY) <= frame.height / 2
    }
}
