import RinAppShell
import SwiftUI

/// The circles a contact is in (each opens in Circles), and adding them to another: shown at
/// once and sent through the queue, so it works offline too.
struct ContactCirclesSection: View {
    let model: ContactDetailModel
    let contact: RinContactDetail
    @Environment(ContactsCoordinator.self) private var coordinator

    var body: some View {
        Section("Circles") {
            if contact.circles.isEmpty {
                Text("In no circle: what you share with your Contacts applies once they’re linked.")
                    .foregroundStyle(.secondary)
            }
            ForEach(contact.circles, id: \.id) { circle in
                Button {
                    coordinator.showCircle(circle.id)
                } label: {
                    CircleChip(circle)
                }
                .buttonStyle(.plain)
                .accessibilityHint("Opens the circle")
            }
            if !model.availableCircles.isEmpty {
                Menu {
                    ForEach(model.availableCircles, id: \.id) { circle in
                        Button([circle.emoji, circle.name].compactMap { $0 }.joined(separator: " ")) {
                            Task { await model.addToCircle(circle) }
                        }
                    }
                } label: {
                    Label("Add to a circle", systemImage: "plus.circle")
                }
            }
        }
    }
}
