import MemoriesCore
import SwiftUI

/// Tells a letter from a memory page at a glance: an envelope, or an album's photo corner.
struct PageKindBadge: View {
    let kind: Components.Schemas.MemoriesPageKind
    var size: CGFloat = 18

    var body: some View {
        Group {
            switch kind {
            case .letter:
                Image(systemName: "envelope.fill")
                    .font(.system(size: size * 0.8))
                    .foregroundStyle(Color(red: 0.72, green: 0.33, blue: 0.27))
            case .memory:
                PhotoCorner()
                    .fill(Color(red: 0.25, green: 0.35, blue: 0.45))
                    .frame(width: size, height: size)
            }
        }
        .frame(width: size, height: size)
        .accessibilityElement()
        .accessibilityLabel(kind == .letter ? "Letter" : "Memory page")
    }
}

/// The paper corner an album holds a photo by: a triangle over the top-left corner with a notch
/// where the photo's edge slips in.
struct PhotoCorner: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rect.minX, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.minX + rect.width * 0.62, y: rect.minY + rect.height * 0.38))
        path.addLine(to: CGPoint(x: rect.minX + rect.width * 0.38, y: rect.minY + rect.height * 0.62))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        path.closeSubpath()
        return path
    }
}
