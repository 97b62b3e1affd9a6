import RinAppShell
import SwiftUI

/// A circle in the list: colour and emoji, name, who is in it and the template it starts from,
/// "Rin's own" for Contacts and Public, and a mark while a change of it waits to be sent.
struct CircleRow: View {
    let circle: RinCircle
    var isWaiting = false

    var body: some View {
        HStack(spacing: 12) {
            CircleDot(color: circle.color, emoji: circle.emoji, size: 14)
                .frame(minWidth: 28, alignment: .leading)
            VStack(alignment: .leading, spacing: 2) {
                Text(circle.name)
                Text("\(RinWords.membersText(circle)) · \(RinWords.templateName(circle.template))")
                    .font(.caption)
                    .foregroundStyle(.secondary)
                if isWaiting {
                    WaitingToSendLabel()
                }
            }
            Spacer(minLength: 0)
            if circle.isSystem {
                Label("Rin’s own", systemImage: "lock.fill")
                    .font(.caption)
                    .foregroundStyle(.secondary)
                    .accessibilityLabel("One of Rin’s own circles: it can’t be renamed or deleted")
            }
        }
    }
}
