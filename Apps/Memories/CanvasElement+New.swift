import Foundation
import MemoriesCore

/// New elements as this app makes them, and the frames a gesture may give them, kept within
/// what `CanvasValidator` accepts so an edit is never refused for a number out of bounds.
extension CanvasElement {
    /// A fresh id, chosen here so an edit made offline can name its element before the server
    /// has seen it: 16 hex digits of a random UUID (60 random bits) after the kind.
    static func newID(_ kind: String) -> String {
        let random = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        return "\(kind)-\(random)"
    }

    /// A photo in the middle of the page, at most 600 units a side, in its own proportions.
    static func photo(_ mediaID: UUID, pixelWidth: Int, pixelHeight: Int, z: Int) -> CanvasElement {
        let longest = 600.0
        let ratio = Double(max(pixelWidth, 1)) / Double(max(pixelHeight, 1))
        let size = ratio >= 1 ? (width: longest, height: longest / ratio) : (width: longest * ratio, height: longest)
        let frame = CanvasFrame(x: (Canvas.width - size.width) / 2, y: (Canvas.height - size.height) / 2,
                                width: max(size.width, 1), height: max(size.height, 1))
        return CanvasElement(id: newID("photo"), z: z, frame: frame, content: .photo(.init(mediaId: mediaID)))
    }

    /// Text across most of the page's width, placed near the top.
    static func text(_ text: Text, z: Int) -> CanvasElement {
        let width = 800.0
        let frame = CanvasFrame(x: (Canvas.width - width) / 2, y: 150, width: width, height: estimatedHeight(of: text, width: width))
        return CanvasElement(id: newID("text"), z: z, frame: frame, content: .text(text))
    }

    /// Roughly how tall `text` sets in `width`: the frame is what a tap selects and a pinch
    /// resizes, while the text itself wraps to the width however tall it comes out.
    static func estimatedHeight(of text: Text, width: Double) -> Double {
        let lineHeight = text.size * 1.3
        // An average character is about half the font size wide.
        let charactersPerLine = max(width / (text.size * 0.5), 1)
        let lines = text.text.split(separator: "\n", omittingEmptySubsequences: false)
            .reduce(0.0) { $0 + max((Double($1.count) / charactersPerLine).rounded(.up), 1) }
        return min(max(lines * lineHeight, lineHeight), CanvasLimits.size.upperBound)
    }
}

extension CanvasFrame {
    /// Moved by `dx`, `dy` and scaled by `factor` about its centre, within the format's bounds.
    func transformed(dx: Double, dy: Double, factor: Double) -> CanvasFrame {
        let size = CanvasLimits.size
        let newWidth = min(max(width * factor, size.lowerBound), size.upperBound)
        let newHeight = min(max(height * factor, size.lowerBound), size.upperBound)
        let centreX = x + width / 2 + dx
        let centreY = y + height / 2 + dy
        return CanvasFrame(
            x: min(max(centreX - newWidth / 2, CanvasLimits.originX.lowerBound), CanvasLimits.originX.upperBound),
            y: min(max(centreY - newHeight / 2, CanvasLimits.originY.lowerBound), CanvasLimits.originY.upperBound),
            width: newWidth, height: newHeight)
    }
}

/// An angle in degrees brought into -180…180, well inside the format's -360…360.
func normalisedDegrees(_ degrees: Double) -> Double {
    var angle = degrees.truncatingRemainder(dividingBy: 360)
    if angle > 180 { angle -= 360 }
    if angle < -180 { angle += 360 }
    return angle
}
