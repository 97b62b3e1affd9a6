import MemoriesCore
import SwiftUI
import UIKit

/// One page of a book drawn at any size: the viewer's pages, the contents' thumbnails and the
/// editor's background all use this one renderer, so a page looks the same everywhere. The
/// sheet is 1000 × 1400 units; everything is drawn at `scale = width / 1000`.
struct CanvasPageView: View {
    let canvas: PageCanvas
    /// The page's photos with fresh signed URLs, as its detail lists them.
    var media: [Media] = []
    /// False in the editor, where PencilKit draws the ink on top.
    var drawsInk = true

    @Environment(PhotoCache.self) private var photos: PhotoCache?

    var body: some View {
        GeometryReader { proxy in
            let scale = proxy.size.width / PageCanvas.width
            let elements = canvas.drawingOrder.filter { drawsInk || !$0.isInk }
            // Read here, in `body`, so the page is drawn again when one of its photos arrives.
            let images = photos?.images(for: canvas.mediaIDs) ?? [:]
            SwiftUI.Canvas { context, size in
                let renderer = CanvasRenderer(scale: scale, images: images)
                renderer.drawPaper(canvas.paper, size: size, in: context)
                for element in elements { renderer.draw(element, in: context) }
            } symbols: {
                // Text is laid out by SwiftUI (wrapping, alignment) and drawn by the renderer
                // where its element says, turned with it.
                ForEach(Self.texts(in: elements)) { item in
                    TextElementSymbol(text: item.text, width: item.width * scale, scale: scale)
                        .tag(item.id)
                }
            }
        }
        .aspectRatio(PageCanvas.width / PageCanvas.height, contentMode: .fit)
        // Again when the page lists new signed URLs (a page read again for a new photo), so a
        // photo that could not be had yet is tried with its URL.
        .task(id: [canvas.mediaIDs, media.map(\.id)]) {
            await photos?.load(canvas.mediaIDs, listed: media)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(accessibilitySummary)
    }

    private struct TextPlacement: Identifiable {
        let id: String
        let text: CanvasElement.Text
        let width: Double
    }

    private static func texts(in elements: [CanvasElement]) -> [TextPlacement] {
        elements.compactMap { element in
            guard case .text(let text) = element.content else { return nil }
            return TextPlacement(id: element.id, text: text, width: element.frame.width)
        }
    }

    /// What VoiceOver reads for a page: its words, then what else is on it.
    private var accessibilitySummary: String {
        var words: [String] = []
        var (strokes, photoCount) = (0, 0)
        for element in canvas.drawingOrder {
            switch element.content {
            case .text(let text): words.append(text.text)
            case .ink: strokes += 1
            case .photo: photoCount += 1
            }
        }
        var parts = words
        if photoCount > 0 { parts.append(photoCount == 1 ? "A photo." : "\(photoCount) photos.") }
        if strokes > 0 { parts.append("Drawing and handwriting.") }
        return parts.isEmpty ? "A blank page." : parts.joined(separator: " ")
    }
}

/// One text element as SwiftUI sets it, at the page's scale.
struct TextElementSymbol: View {
    let text: CanvasElement.Text
    /// The frame's width on screen; the text wraps to it.
    let width: CGFloat
    let scale: CGFloat

    var body: some View {
        let size = text.size * scale
        // Tabs as four spaces, as the web client sets them.
        SwiftUI.Text(verbatim: text.text.replacingOccurrences(of: "\t", with: "    "))
            .font(text.font.swiftUIFont(size: size))
            .foregroundStyle(Color(hex: text.color) ?? .black)
            // The format's lines are 1.3 × the size apart; a system font's own line is about 1.2.
            .lineSpacing(size * 0.1)
            .multilineTextAlignment(text.align.textAlignment)
            .frame(width: max(width, 1), alignment: text.align.frameAlignment)
            .fixedSize(horizontal: false, vertical: true)
            // `left` and `right` are the page's, not the reader's language's.
            .environment(\.layoutDirection, .leftToRight)
    }
}

extension CanvasElement.Font {
    /// Each family is a font every iPhone and iPad has, never a downloaded one.
    func swiftUIFont(size: CGFloat) -> SwiftUI.Font {
        switch self {
        case .serif: .system(size: size, design: .serif)
        case .sans: .system(size: size)
        case .hand: .custom("Bradley Hand", fixedSize: size)
        case .mono: .system(size: size, design: .monospaced)
        }
    }

    var displayName: String {
        switch self {
        case .serif: "Serif"
        case .sans: "Sans serif"
        case .hand: "Handwriting"
        case .mono: "Typewriter"
        }
    }
}

extension CanvasElement.Alignment {
    var textAlignment: TextAlignment {
        switch self {
        case .left: .leading
        case .center: .center
        case .right: .trailing
        }
    }

    var frameAlignment: SwiftUI.Alignment {
        switch self {
        case .left: .leading
        case .center: .center
        case .right: .trailing
        }
    }
}
