import MemoriesCore
import SwiftUI

/// One stroke of ink in its frame's box, as the format draws it (and the web client's
/// `render-ink.js`): a pen's width follows the pressure, `width × (0.35 + 0.65 × pressure)`; a
/// pencil is thin and even, `width × 0.6`, slightly translucent; a marker is even and half
/// transparent. Widths are page units, whatever the frame's size.
enum InkRenderer {
    static func opacity(of tool: CanvasElement.Tool) -> Double {
        switch tool {
        case .pen: 1
        case .pencil: 0.85
        case .marker: 0.5
        }
    }

    /// The width at a point, in page units.
    static func width(of ink: CanvasElement.Ink, pressure: Double) -> Double {
        switch ink.tool {
        case .pen: ink.width * (0.35 + 0.65 * pressure)
        case .pencil: ink.width * 0.6
        case .marker: ink.width
        }
    }

    static func draw(_ ink: CanvasElement.Ink, in box: CGRect, scale: CGFloat, context: GraphicsContext) {
        guard !ink.points.isEmpty else { return }
        let points = ink.points.map { CGPoint(x: box.minX + $0.x * box.width, y: box.minY + $0.y * box.height) }
        let (opaque, alpha) = colorAndAlpha(ink.color)
        let opacity = alpha * Self.opacity(of: ink.tool)
        switch ink.tool {
        case .pen where opacity < 1:
            // Segments overlap at their round ends; drawn opaque in a layer that is laid down
            // translucent as a whole, no joint is darker than the line.
            var layer = context
            layer.opacity = opacity
            layer.drawLayer { inner in
                inner.opacity = 1
                drawPen(ink, points: points, scale: scale, color: opaque, in: inner)
            }
        case .pen:
            drawPen(ink, points: points, scale: scale, color: opaque, in: context)
        case .pencil, .marker:
            // One stroke of one path: where it crosses itself it is painted once.
            drawEven(points, width: width(of: ink, pressure: 0.5) * scale, color: opaque.opacity(opacity), in: context)
        }
    }

    /// Straight segments between the samples, each as wide as the pressure at its ends says.
    /// Consecutive segments of (nearly) the same width share one path, so a long stroke is a
    /// handful of draws rather than one per sample.
    private static func drawPen(_ ink: CanvasElement.Ink, points: [CGPoint], scale: CGFloat, color: Color, in context: GraphicsContext) {
        let widths = ink.points.map { width(of: ink, pressure: $0.pressure) * scale }
        guard points.count > 1 else {
            dot(at: points[0], width: widths[0], color: color, in: context)
            return
        }
        var path = Path()
        var pathWidth: CGFloat = 0
        for index in 1..<points.count {
            // Quarter-point steps: finer than the eye can tell apart at any zoom.
            let segmentWidth = max(((widths[index - 1] + widths[index]) / 2 * 4).rounded() / 4, 0.25)
            if segmentWidth != pathWidth, !path.isEmpty {
                context.stroke(path, with: .color(color), style: roundStyle(pathWidth))
                path = Path()
            }
            if path.isEmpty { path.move(to: points[index - 1]) }
            path.addLine(to: points[index])
            pathWidth = segmentWidth
        }
        context.stroke(path, with: .color(color), style: roundStyle(pathWidth))
    }

    /// Through the midpoints with the samples as control points: a smooth line in one stroke.
    private static func drawEven(_ points: [CGPoint], width: CGFloat, color: Color, in context: GraphicsContext) {
        guard points.count > 1 else {
            dot(at: points[0], width: width, color: color, in: context)
            return
        }
        var path = Path()
        path.move(to: points[0])
        for index in 1..<(points.count - 1) {
            let next = points[index + 1]
            let middle = CGPoint(x: (points[index].x + next.x) / 2, y: (points[index].y + next.y) / 2)
            path.addQuadCurve(to: middle, control: points[index])
        }
        path.addLine(to: points[points.count - 1])
        context.stroke(path, with: .color(color), style: roundStyle(max(width, 0.25)))
    }

    private static func dot(at point: CGPoint, width: CGFloat, color: Color, in context: GraphicsContext) {
        let radius = max(width / 2, 0.25)
        context.fill(Path(ellipseIn: CGRect(x: point.x - radius, y: point.y - radius, width: radius * 2, height: radius * 2)),
                     with: .color(color))
    }

    private static func roundStyle(_ width: CGFloat) -> StrokeStyle {
        StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round)
    }

    /// The colour without its alpha, and the alpha: a stroke's translucency is applied once, to
    /// the whole stroke. An unreadable colour draws as the format's default ink.
    private static func colorAndAlpha(_ hex: String) -> (Color, Double) {
        guard CanvasValidator.isColor(hex) else { return (Color(hex: "#1b1b1f") ?? .black, 1) }
        let opaque = Color(hex: String(hex.prefix(7))) ?? .black
        let alpha = hex.count == 9 ? Double(UInt8(hex.suffix(2), radix: 16) ?? 255) / 255 : 1
        return (opaque, alpha)
    }
}
