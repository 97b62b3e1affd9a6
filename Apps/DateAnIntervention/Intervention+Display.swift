import DateAnInterventionCore
import SwiftUI
import UIKit

/// How an intervention looks wherever it appears (card, profile, match tile, chat, comparison),
/// kept in one place so the screens agree.
extension Intervention {
    /// The profile's two colours; a grey fallback keeps a malformed entry from drawing a blank card.
    var gradientColors: [Color] {
        let colors = gradient.compactMap { Color(hex: $0) }
        return colors.count >= 2 ? colors : [Color(white: 0.45), Color(white: 0.25)]
    }

    @MainActor var background: LinearGradient {
        LinearGradient(colors: gradientColors, startPoint: .topLeading, endPoint: .bottomTrailing)
    }

    /// The same words the comparison rows use ("Global", "Emerging", "High").
    var impactWord: String { impactScale.rawValue.capitalized }
    var researchWord: String { researchLevel.rawValue.capitalized }
    var supportWord: String { supportLevel.rawValue.capitalized }
}

/// The profile's SF Symbol, or its emoji when this iOS does not have that symbol: the catalogue
/// may name symbols newer than the device, and `Image(systemName:)` would silently draw nothing.
struct InterventionSymbol: View {
    let intervention: Intervention
    var size: CGFloat = 64

    var body: some View {
        Group {
            if UIImage(systemName: intervention.symbol) != nil {
                Image(systemName: intervention.symbol)
                    .font(.system(size: size))
                    .symbolRenderingMode(.hierarchical)
            } else {
                Text(intervention.emoji)
                    .font(.system(size: size))
            }
        }
        .foregroundStyle(.white)
        .accessibilityHidden(true)  // decoration: the name is always written next to it
    }
}

/// The category as a small capsule, on a gradient or on the page.
struct CategoryChip: View {
    let category: InterventionCategory

    var body: some View {
        Text(category.displayName)
            .font(.caption.weight(.semibold))
            .padding(.horizontal, 10)
            .padding(.vertical, 4)
            .background(.ultraThinMaterial, in: Capsule())
    }
}
