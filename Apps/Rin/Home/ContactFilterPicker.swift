import RinAppShell
import SwiftUI

/// Which contacts the A–Z list shows: all, the favourites, or one of my circles (not Contacts or
/// Public, which are everyone). The list model reads the pages again for the new choice.
struct ContactFilterPicker: View {
    let list: ContactListModel

    var body: some View {
        Picker("Show", selection: Binding(get: { list.filter }, set: { filter in Task { await list.setFilter(filter) } })) {
            Text("All contacts").tag(ContactFilter.all)
            Text("Favourites").tag(ContactFilter.favourites)
            ForEach(list.circles, id: \.id) { circle in
                Text([circle.emoji, circle.name].compactMap { $0 }.joined(separator: " "))
                    .tag(ContactFilter.circle(circle.id))
            }
        }
        .pickerStyle(.menu)
    }
}
