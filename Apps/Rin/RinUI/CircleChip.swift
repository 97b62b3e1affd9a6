import RinAppShell
import SwiftUI

/// A circle as Rin draws it everywhere: dot, emoji and name in a capsule of its colour.
struct CircleChip: View {
    let name: String
    let emoji: String?
    let color: RinCircleColor

    init(_ circle: RinCircle) {
        (name, emoji, color) = (circle.name, circle.emoji, circle.color)
    }

    init(_ circle: RinCircleRef) {
        (name, emoji, color) = (circle.name, circle.emoji, circle.color)
    }

    var body: some View {
        HStack(spacing: 6) {
            CircleDot(color: color, emoji: emoji, size: 8)
            Text(name)
                .lineLimit(1)
        }
        .font(.subheadline)
        .padding(.horizontal, 10)
        .padding(.vertical, 4)
        .background(color.color.opacity(0.15), in: Capsule())
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(name)
    }
}
