import RinAppShell
import SwiftUI

/// Contacts as a row of faces to scroll sideways (favourites, the newest), each opening its page.
struct ContactTilesRow: View {
    let contacts: [RinContactSummary]

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack(alignment: .top, spacing: 16) {
                ForEach(contacts, id: \.id) { contact in
                    NavigationLink(value: ContactsRoute.contact(contact.id)) {
                        VStack(spacing: 6) {
                            RinAvatar(name: contact.displayName, photo: contact.photo, size: 56)
                            Text(contact.displayName)
                                .font(.caption)
                                .lineLimit(2)
                                .multilineTextAlignment(.center)
                                .frame(width: 72)
                        }
                    }
                    // Each face is its own link: the row itself opens nothing.
                    .buttonStyle(.plain)
                }
            }
            .padding(.vertical, 4)
        }
    }
}
