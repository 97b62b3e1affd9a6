import MemoriesCore
import SwiftUI
import UIKit

/// Draws the page format into a SwiftUI `GraphicsContext` at one scale (screen points per page
/// unit). Every element is drawn as the format says: moved to its frame's centre, turned by its
/// rotation (degrees, clockwise), and drawn in its box.
struct CanvasRenderer {
    let scale: CGFloat
    /// The page's photos that have arrived, by media id.
    let images: [UUID: UIImage]

    /// Paper, like a notebook's: fixed colours, light in dark mode too.
    static let paperColor = Color(red: 0.992, green: 0.984, blue: 0.957)
    static let ruleColor = Color(red: 0.58, green: 0.71, blue: 0.86).opacity(0.7)
    static let photoPlaceholder = Color(white: 0.86)
    /// The format's rulings: every 50 units, lined pages from y = 150.
    static let ruling = 50.0
    static let firstLine = 150.0

    func drawPaper(_ paper: PageCanvas.Paper, size: CGSize, in context: GraphicsContext) {
        context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Self.paperColor))
        let lineWidth = max(1.5 * scale, 0.5)
        switch paper {
        case .plain:
            break
        case .lined:
            var rules = Path()
            for y in stride(from: Self.firstLine, to: PageCanvas.height, by: Self.ruling) {
                rules.move(to: CGPoint(x: 0, y: y * scale))
                rules.addLine(to: CGPoint(x: size.width, y: y * scale))
            }
            context.stroke(rules, with: .color(Self.ruleColor), lineWidth: lineWidth)
        case .dotted:
            var dots = Path()
            let radius = max(2.5 * scale, 0.75)
            for y in stride(from: Self.ruling, to: PageCanvas.height, by: Self.ruling) {
                for x in stride(from: Self.ruling, to: PageCanvas.width, by: Self.ruling) {
                    dots.addEllipse(in: CGRect(x: x * scale - radius, y: y * scale - radius, width: radius * 2, height: radius * 2))
                }
            }
            context.fill(dots, with: .color(Self.ruleColor))
        case .grid:
            var grid = Path()
            for y in stride(from: Self.ruling, to: PageCanvas.height, by: Self.ruling) {
                grid.move(to: CGPoint(x: 0, y: y * scale))
                grid.addLine(to: CGPoint(x: size.width, y: y * scale))
            }
            for x in stride(from: Self.ruling, to: PageCanvas.width, by: Self.ruling) {
                grid.move(to: CGPoint(x: x * scale, y: 0))
                grid.addLine(to: CGPoint(x: x * scale, y: size.height))
            }
            context.stroke(grid, with: .color(Self.ruleColor.opacity(0.6)), lineWidth: lineWidth)
        }
    }

    func draw(_ element: CanvasElement, in context: GraphicsContext) {
        let frame = element.frame
        // A copy: moving and turning it leaves the caller's context as it was.
        var local = context
        local.translateBy(x: (frame.x + frame.width / 2) * scale, y: (frame.y + frame.height / 2) * scale)
        local.rotate(by: .degrees(element.rotation))
        let box = CGRect(x: -frame.width * scale / 2, y: -frame.height * scale / 2,
                         width: frame.width * scale, height: frame.height * scale)
        switch element.content {
        case .ink(let ink):
            InkRenderer.draw(ink, in: box, scale: scale, context: local)
        case .photo(let photo):
            drawPhoto(images[photo.mediaId], in: box, context: local)
        case .text:
            if let symbol = local.resolveSymbol(id: element.id) {
                local.draw(symbol, at: box.origin, anchor: .topLeading)
            }
        }
    }

    /// The photo covers its box, centred and cropped; a grey box until it has arrived.
    private func drawPhoto(_ image: UIImage?, in box: CGRect, context: GraphicsContext) {
        guard let image, image.size.width > 0, image.size.height > 0 else {
            context.fill(Path(box), with: .color(Self.photoPlaceholder))
            return
        }
        let cover = max(box.width / image.size.width, box.height / image.size.height)
        let drawn = CGSize(width: image.size.width * cover, height: image.size.height * cover)
        var clipped = context
        clipped.clip(to: Path(box))
        clipped.draw(Image(uiImage: image), in: CGRect(x: box.midX - drawn.width / 2, y: box.midY - drawn.height / 2,
                                                        width: drawn.width, height: drawn.height))
    }
}
