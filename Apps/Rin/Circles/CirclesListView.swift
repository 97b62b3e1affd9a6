import RinAppShell
import SwiftUI

/// The circles in the server's order (Contacts and Public, the prepopulated ones, then mine),
/// each with its colour, emoji, who is in it, the template it starts from and whether it is one
/// of Rin's own. From here: a new circle, who sees what, and how overlapping circles resolve.
struct CirclesListView: View {
    let model: CirclesModel
    @Environment(RinContext.self) private var context
    @Environment(CirclesCoordinator.self) private var coordinator

    var body: some View {
        List {
            Section {
                Text("Each circle decides which of your details its people see. Someone in two circles gets the more open of the two.")
                    .foregroundStyle(.secondary)
            }
            if let error = model.error {
                MessageRow(text: error, retry: { await model.load() })
            }
            Section {
                ForEach(model.circles, id: \.id) { circle in
                    NavigationLink(value: CirclesRoute.circle(circle.id)) {
                        CircleRow(circle: circle, isWaiting: model.waiting.contains(circle.id))
                    }
                }
                if !model.circles.isEmpty && !model.hasCustomCircles {
                    Text("No circles of your own yet: make one for a club, a team or a trip.")
                        .foregroundStyle(.secondary)
                }
            }
            Section {
                NavigationLink(value: CirclesRoute.grid) {
                    Label("Who sees what", systemImage: "square.grid.3x3")
                }
                NavigationLink(value: CirclesRoute.overlap) {
                    Label("Someone in several circles", systemImage: "circle.circle")
                }
            }
        }
        .navigationTitle("Circles")
        .overlay {
            if model.isLoading && model.circles.isEmpty { ProgressView() }
        }
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button {
                    coordinator.show(.newCircle)
                } label: {
                    Label("New circle", systemImage: "plus")
                }
            }
        }
        // Read again on coming back (a circle's page changed its members), and for another profile.
        .task(id: context.profileID) { await model.load() }
        .refreshable { await model.load() }
    }
}
