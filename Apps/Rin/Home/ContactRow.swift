import RinAppShell
import SwiftUI

/// A contact as the book lists it: face, name, the primary phone or e-mail (else the
/// organisation), and whether it is a favourite or linked to someone on Rin.
struct ContactRow: View {
    let contact: RinContactSummary

    var body: some View {
        HStack(spacing: 12) {
            RinAvatar(name: contact.displayName, photo: contact.photo, size: 40)
            VStack(alignment: .leading, spacing: 2) {
                Text(contact.displayName)
                Text(subtitle)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                    .lineLimit(1)
            }
            Spacer(minLength: 0)
            if contact.favourite {
                Image(systemName: "star.fill")
                    .foregroundStyle(.yellow)
                    .accessibilityLabel("Favourite")
            }
            if contact.isLinked {
                Text("On Rin")
                    .font(.caption.weight(.semibold))
                    .padding(.horizontal, 6)
                    .padding(.vertical, 2)
                    .background(RinTheme.accent.opacity(0.15), in: Capsule())
                    .accessibilityLabel("Linked to someone on Rin")
            }
        }
        .accessibilityElement(children: .combine)
    }

    private var subtitle: String {
        [contact.phone, contact.email, contact.organization].lazy.compactMap { $0 }.first { !$0.isEmpty }
            ?? "No phone or e-mail"
    }
}
