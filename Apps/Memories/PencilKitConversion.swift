import MemoriesCore
import PencilKit
import UIKit

/// PencilKit strokes to the page format's ink, and back, so a stroke drawn here is the same ink
/// on the friend's phone, on the web and in print.
///
/// The drawing lives in page units: `PageSizedCanvasView` zooms PencilKit so that its content is
/// the 1000 × 1400 sheet, whatever the screen. A stroke becomes one ink element (or one per
/// visible piece, once a pixel eraser has masked parts away):
/// - frame: the points' bounding box on the page, padded by half the line's width, so the ink
///   lies inside its frame and a dot still has one;
/// - points: sampled along PencilKit's smoothed path every `sampleSpacing` units, each `[x, y]`
///   from 0 to 1 across the frame, `pressure` from `PKStrokePoint.force`, `t` in milliseconds
///   from `timeOffset`;
/// - tool: `.pen` → pen, `.pencil` → pencil, `.marker` → marker (iOS 17's other inks to the
///   closest of the three);
/// - colour: `#rrggbbaa`, as the colour shows on paper (light mode);
/// - width: chosen so the format's width formula gives back the width PencilKit drew.
///
/// Numbers are rounded (positions to 1/10,000 of the frame, pressure to 1/100, time to the
/// millisecond): a page is at most 2 MiB as stored, and full-precision doubles would spend
/// three times the bytes on digits no screen can show.
enum PencilKitConversion {
    /// UIKit's force 1 is an average touch, which is the format's 0.5 (what a mouse sends):
    /// full pressure is twice an average touch.
    static let forceAtFullPressure: CGFloat = 2
    /// Samples along the path, in page units: straight segments between them follow
    /// PencilKit's curve closely at any zoom, without spending the page's 200,000 points.
    static let sampleSpacing: CGFloat = 3

    // MARK: - Stroke to ink

    /// The ink elements `stroke` draws: one, or one per visible piece of a masked stroke; none
    /// when nothing of it is left.
    static func elements(from stroke: PKStroke, firstZ: Int, newID: () -> String) -> [CanvasElement] {
        let pieces: [[PKStrokePoint]]
        if stroke.mask == nil {
            pieces = [samples(of: stroke.path, in: nil)]
        } else {
            pieces = stroke.maskedPathRanges.map { samples(of: stroke.path, in: $0) }
        }
        var z = firstZ
        return pieces.compactMap { points -> CanvasElement? in
            guard let element = element(from: points, ink: stroke.ink, transform: stroke.transform, id: newID(), z: z) else { return nil }
            z = min(z + 1, CanvasLimits.z.upperBound)
            return element
        }
    }

    /// Points along the smoothed path (never none for a path that has any).
    private static func samples(of path: PKStrokePath, in range: ClosedRange<CGFloat>?) -> [PKStrokePoint] {
        let sampled = Array(path.interpolatedPoints(in: range, by: .distance(sampleSpacing)))
        if !sampled.isEmpty { return sampled }
        return path.first.map { [$0] } ?? []
    }

    static func element(from samples: [PKStrokePoint], ink: PKInk, transform: CGAffineTransform, id: String, z: Int) -> CanvasElement? {
        guard !samples.isEmpty else { return nil }
        let inkTool = Self.tool(for: ink.inkType)
        // A stroke moved or resized with the lasso keeps its points and gains a transform.
        let transformScale = Double(sqrt(abs(transform.a * transform.d - transform.b * transform.c)))
        let xs = samples.map { Double($0.location.applying(transform).x) }
        let ys = samples.map { Double($0.location.applying(transform).y) }
        let pressures = samples.map { min(max(Double($0.force / forceAtFullPressure), 0), 1) }
        let fullWidths = zip(samples, pressures).map { sample, pressure in
            Double(sample.size.width) * transformScale / widthFactor(inkTool, pressure: pressure)
        }
        let width = clamp(rounded(fullWidths.reduce(0, +) / Double(fullWidths.count), 100), to: CanvasLimits.inkWidth)

        let pad = width / 2
        let (minX, maxX) = (xs.min()! - pad, xs.max()! + pad)  // `samples` is not empty.
        let (minY, maxY) = (ys.min()! - pad, ys.max()! + pad)
        let frame = CanvasFrame(x: clamp(rounded(minX, 100), to: CanvasLimits.originX),
                                y: clamp(rounded(minY, 100), to: CanvasLimits.originY),
                                width: clamp(rounded(maxX - minX, 100), to: CanvasLimits.size),
                                height: clamp(rounded(maxY - minY, 100), to: CanvasLimits.size))

        let points = samples.indices.map { index in
            InkPoint(x: clamp(rounded((xs[index] - frame.x) / frame.width, 10_000), to: 0...1),
                     y: clamp(rounded((ys[index] - frame.y) / frame.height, 10_000), to: 0...1),
                     pressure: rounded(pressures[index], 100),
                     t: clamp((samples[index].timeOffset * 1000).rounded(), to: CanvasLimits.pointTime))
        }
        let color = ink.color.hexString(includingOpaqueAlpha: true)
        return CanvasElement(id: id, z: z, frame: frame, rotation: 0,
                             content: .ink(.init(tool: inkTool, color: color, width: width, points: points)))
    }

    static func tool(for inkType: PKInk.InkType) -> CanvasElement.Tool {
        switch inkType {
        case .pen, .monoline, .fountainPen: .pen
        case .pencil, .crayon: .pencil
        case .marker, .watercolor: .marker
        @unknown default: .pen
        }
    }

    // MARK: - Ink to stroke

    /// The PencilKit stroke for an ink element, to edit it (erase, lasso) like one drawn here.
    /// Its points are placed on the page as the element draws them: scaled into its frame and
    /// turned by its rotation about the frame's centre.
    static func stroke(from element: CanvasElement) -> PKStroke? {
        guard case .ink(let ink) = element.content, !ink.points.isEmpty else { return nil }
        let frame = element.frame
        let centre = CGPoint(x: CGFloat(frame.x + frame.width / 2), y: CGFloat(frame.y + frame.height / 2))
        // Clockwise on a y-down screen, as the format turns elements.
        let turn = CGAffineTransform(rotationAngle: CGFloat(element.rotation * .pi / 180))
        let controlPoints = ink.points.map { point -> PKStrokePoint in
            let local = CGPoint(x: CGFloat((point.x - 0.5) * frame.width), y: CGFloat((point.y - 0.5) * frame.height)).applying(turn)
            let width = CGFloat(ink.width * widthFactor(ink.tool, pressure: point.pressure))
            return PKStrokePoint(location: CGPoint(x: centre.x + local.x, y: centre.y + local.y),
                                 timeOffset: point.t / 1000,
                                 size: CGSize(width: width, height: width),
                                 opacity: 1,
                                 force: CGFloat(point.pressure) * forceAtFullPressure,
                                 azimuth: 0,
                                 altitude: .pi / 2)
        }
        let path = PKStrokePath(controlPoints: controlPoints, creationDate: Date())
        let color = UIColor(hex: ink.color) ?? .black
        return PKStroke(ink: PKInk(inkType(for: ink.tool), color: color), path: path, transform: .identity, mask: nil)
    }

    static func inkType(for tool: CanvasElement.Tool) -> PKInk.InkType {
        switch tool {
        case .pen: .pen
        case .pencil: .pencil
        case .marker: .marker
        }
    }

    // MARK: - Numbers

    /// The format's width formula, per tool: what the line's width at full pressure is multiplied by.
    static func widthFactor(_ tool: CanvasElement.Tool, pressure: Double) -> Double {
        switch tool {
        case .pen: 0.35 + 0.65 * pressure
        case .pencil: 0.6
        case .marker: 1
        }
    }

    private static func rounded(_ value: Double, _ steps: Double) -> Double {
        (value * steps).rounded() / steps
    }

    private static func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
        guard value.isFinite else { return range.lowerBound }
        return min(max(value, range.lowerBound), range.upperBound)
    }
}
