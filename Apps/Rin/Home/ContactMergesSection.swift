import RinAppShell
import SwiftUI

/// The merges that made other cards into this contact, newest first, each with Undo; after an
/// undo, the card that came back, to open.
struct ContactMergesSection: View {
    let model: ContactDetailModel

    var body: some View {
        if let restored = model.restored {
            Section {
                NavigationLink(value: ContactsRoute.contact(restored.id)) {
                    Text("\(restored.displayName) is a contact of its own again: open \(restored.displayName)")
                }
            }
        }
        if !model.mergedHere.isEmpty {
            Section("Merged into this contact") {
                ForEach(model.mergedHere, id: \.id) { merge in
                    MergeRow(merge: merge) { await model.undo(merge) }
                }
            }
        }
    }
}
