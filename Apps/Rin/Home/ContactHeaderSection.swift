import RinAppShell
import SwiftUI

/// A contact's face, name and work, and the favourite star (shown at once, sent through the
/// queue, so it works offline too).
struct ContactHeaderSection: View {
    let model: ContactDetailModel
    let contact: RinContactDetail

    var body: some View {
        Section {
            HStack(spacing: 16) {
                RinAvatar(name: contact.displayName, photo: contact.photo, size: 72)
                VStack(alignment: .leading, spacing: 4) {
                    Text(contact.displayName)
                        .font(.title2.weight(.semibold))
                    if let work = work {
                        Text(work)
                            .foregroundStyle(.secondary)
                    }
                    if model.isCached {
                        Label("Showing what this device kept", systemImage: "icloud.slash")
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                }
            }
            Button {
                Task { await model.toggleFavourite() }
            } label: {
                Label(contact.favourite ? "Favourite" : "Add to favourites",
                      systemImage: contact.favourite ? "star.fill" : "star")
            }
            .accessibilityAddTraits(contact.favourite ? .isSelected : [])
        }
    }

    /// "Engineer · Analytical Engines Ltd".
    private var work: String? {
        let parts = [contact.title, contact.organization].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
