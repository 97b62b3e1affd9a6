import RinAppShell
import SwiftUI

/// One import in a list: its file's name and "Done · 6 added, 1 merged" (the web's words).
struct ImportRow: View {
    let rinImport: RinImport

    var body: some View {
        HStack(spacing: 12) {
            Image(systemName: rinImport.phase == .failed ? "exclamationmark.triangle" : "tray.and.arrow.down")
                .foregroundStyle(rinImport.phase == .failed ? Color.orange : Color.secondary)
                .accessibilityHidden(true)
            VStack(alignment: .leading, spacing: 2) {
                Text(ContactsWords.importName(rinImport))
                Text("\(ContactsWords.importSummary(rinImport)) · \(rinImport.createdAt.formatted(date: .abbreviated, time: .shortened))")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
        .accessibilityElement(children: .combine)
    }
}
