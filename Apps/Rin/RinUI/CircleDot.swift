import RinAppShell
import SwiftUI

/// A circle's colour as a dot, with its emoji after it when it has one. Decorative: the circle's
/// name is always written beside it, so the colour is never the only sign of which circle it is.
struct CircleDot: View {
    let color: RinCircleColor
    var emoji: String?
    var size: CGFloat = 12

    var body: some View {
        HStack(spacing: 4) {
            Circle()
                .fill(color.color)
                .frame(width: size, height: size)
            if let emoji {
                Text(emoji)
            }
        }
        .accessibilityHidden(true)
    }
}
