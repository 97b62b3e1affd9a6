import MemoriesCore
import SwiftUI

/// The friend on the page with me: their name, small, where their pointer last was, so we
/// don't both write in the same corner at once.
struct PresenceOverlay: View {
    let others: [PageEditorModel.Presence]
    /// Screen points per page unit.
    let scale: CGFloat

    var body: some View {
        ZStack {
            ForEach(others, id: \.profile.username) { presence in
                if let x = presence.x, let y = presence.y {
                    Text(presence.profile.shownName)
                        .font(.caption2.weight(.semibold))
                        .lineLimit(1)
                        .padding(.horizontal, 6)
                        .padding(.vertical, 2)
                        .background(Capsule().fill(Color.accentColor))
                        .foregroundStyle(.white)
                        // Just above the pointer, so the label does not cover what they write.
                        .position(x: x * scale, y: y * scale - 12)
                        .accessibilityLabel("\(presence.profile.shownName) is here")
                }
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .allowsHitTesting(false)
        .animation(.easeOut(duration: 0.15), value: others.map { [$0.x ?? -1, $0.y ?? -1] })
    }
}
