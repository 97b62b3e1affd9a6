import RinAppShell
import SwiftUI

/// Allow, Ask or Don't allow: an icon and its word, in the value's colour (never colour alone).
/// The words are the grid model's (`PolicyGridModel.word(for:)`), the web's.
struct AccessBadge: View {
    let access: RinAccess
    /// Only the icon, where the word is said elsewhere (the grid's cells say it to VoiceOver).
    var iconOnly = false

    var body: some View {
        HStack(spacing: 4) {
            Image(systemName: RinTheme.symbol(for: access))
            if !iconOnly {
                Text(PolicyGridModel.word(for: access))
                    .lineLimit(1)
            }
        }
        .font(.subheadline.weight(.medium))
        .foregroundStyle(RinTheme.color(for: access))
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(PolicyGridModel.word(for: access))
    }
}
