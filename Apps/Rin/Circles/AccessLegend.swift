import RinAppShell
import SwiftUI

/// What the grid's cells mean, in the web's words.
struct AccessLegend: View {
    var body: some View {
        Section("What the cells mean") {
            legend(.allow, "They see it.")
            legend(.ask, "They see its label and may ask for it.")
            legend(.deny, "They can’t tell it exists.")
            HStack(spacing: 8) {
                Circle().fill(Color.secondary).frame(width: 5, height: 5)
                Text("Still at the circle’s template value.")
            }
            HStack(spacing: 8) {
                Image(systemName: "pencil.circle.fill").foregroundStyle(RinTheme.waiting)
                Text("Changed, not saved yet.")
            }
        }
        .font(.subheadline)
    }

    private func legend(_ access: RinAccess, _ help: String) -> some View {
        HStack(spacing: 8) {
            AccessBadge(access: access)
            Text(help)
                .foregroundStyle(.secondary)
        }
    }
}
