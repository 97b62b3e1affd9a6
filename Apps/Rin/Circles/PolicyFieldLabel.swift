import RinAppShell
import SwiftUI

/// A row of the grid: the field's name ("Mobile phone", "Primary"), and what it holds, to tell
/// two phones apart.
struct PolicyFieldLabel: View {
    let field: RinPolicyField
    /// From `PolicyGridModel.values` (nothing for the photo).
    let value: String?

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack(spacing: 6) {
                Text(RinWords.name(of: field))
                if field.isPrimary == true {
                    Text("Primary")
                        .font(.caption2.weight(.semibold))
                        .padding(.horizontal, 6)
                        .background(Color.secondary.opacity(0.15), in: Capsule())
                }
            }
            if let value, !value.isEmpty {
                Text(field.kind == .birthday ? RinWords.birthdayText(value) : value)
                    .font(.caption)
                    .foregroundStyle(.secondary)
                    .lineLimit(2)
            }
        }
    }
}
