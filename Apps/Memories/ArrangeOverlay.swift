import MemoriesCore
import SwiftUI

/// Arrange mode over the page: tap a photo or a text to select it; drag to move it, pinch to
/// resize it, twist to turn it. The gesture shows as it goes (`gesture`, drawn by the page
/// underneath) and becomes one edit when the fingers lift, so one move is one undo and one
/// operation for the friend, not a hundred.
struct ArrangeOverlay: View {
    /// The page as shown, with the gesture in progress applied.
    let canvas: PageCanvas
    /// Screen points per page unit.
    let scale: CGFloat
    @Binding var selection: String?
    @Binding var gesture: CanvasChanges?
    let commit: @MainActor ([CanvasOperation]) -> Void
    var pointerMoved: (@MainActor (CGPoint) -> Void)?

    /// The element as it was when the gesture began.
    @State private var original: CanvasElement?

    private typealias Arranging = SimultaneousGesture<DragGesture, SimultaneousGesture<MagnifyGesture, RotateGesture>>

    var body: some View {
        Color.clear
            .contentShape(Rectangle())
            .onTapGesture(coordinateSpace: .local) { location in
                selection = element(at: location)?.id
            }
            .gesture(arranging)
            .overlay { selectionOutline }
            .accessibilityElement()
            .accessibilityLabel("Page")
            .accessibilityHint("Tap a photo or a text to select it, then drag to move it, pinch to resize it, or twist to turn it.")
    }

    private var arranging: some Gesture {
        Arranging(DragGesture(minimumDistance: 4), SimultaneousGesture(MagnifyGesture(), RotateGesture()))
            .onChanged { value in changed(value) }
            .onEnded { _ in ended() }
    }

    private func changed(_ value: Arranging.Value) {
        if original == nil {
            // The element under the finger, else (a pinch that started between elements) the selected one.
            let target = value.first.flatMap { element(at: $0.startLocation) } ?? selection.flatMap { canvas.element($0) }
            guard let target else { return }
            original = target
            selection = target.id
        }
        guard let original else { return }
        let translation = value.first?.translation ?? .zero
        let factor = value.second?.first?.magnification ?? 1
        let degrees = value.second?.second?.rotation.degrees ?? 0
        gesture = CanvasChanges(
            frame: original.frame.transformed(dx: translation.width / scale, dy: translation.height / scale, factor: factor),
            rotation: normalisedDegrees(original.rotation + degrees))
        if let location = value.first?.location { pointerMoved?(pagePoint(location)) }
    }

    private func ended() {
        defer {
            original = nil
            gesture = nil
        }
        guard let original, let gesture, gesture.frame != original.frame || gesture.rotation != original.rotation else { return }
        commit([CanvasOperation(.update(elementID: original.id, gesture))])
    }

    private func element(at location: CGPoint) -> CanvasElement? {
        let point = pagePoint(location)
        return canvas.arrangeableElement(atX: point.x, y: point.y)
    }

    private func pagePoint(_ location: CGPoint) -> CGPoint {
        CGPoint(x: location.x / scale, y: location.y / scale)
    }

    @ViewBuilder private var selectionOutline: some View {
        if let selection, let element = canvas.element(selection) {
            let frame = element.frame
            Rectangle()
                .strokeBorder(Color.accentColor, style: StrokeStyle(lineWidth: 2, dash: [6, 4]))
                .frame(width: frame.width * scale, height: frame.height * scale)
                .rotationEffect(.degrees(element.rotation))
                .position(x: (frame.x + frame.width / 2) * scale, y: (frame.y + frame.height / 2) * scale)
                .allowsHitTesting(false)
        }
    }
}
