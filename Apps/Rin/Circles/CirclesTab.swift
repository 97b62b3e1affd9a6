import RinAppShell
import SwiftUI

/// The Circles tab: the circles of the profile Rin works on and every screen of the Circles
/// feature, on one stack bound to `CirclesCoordinator.path`. The list's model is made once here:
/// a circle's page changes its name, emoji and colour through it, so the list shows the change
/// (and whether it still waits to be sent) when the page closes.
struct CirclesTab: View {
    let context: RinContext
    @Environment(CirclesCoordinator.self) private var coordinator
    @State private var circles: CirclesModel

    init(context: RinContext) {
        self.context = context
        _circles = State(initialValue: CirclesModel(context: context))
    }

    var body: some View {
        @Bindable var coordinator = coordinator
        NavigationStack(path: $coordinator.path) {
            CirclesListView(model: circles)
                .navigationDestination(for: CirclesRoute.self) { route in
                    destination(route)
                }
        }
    }

    @ViewBuilder
    private func destination(_ route: CirclesRoute) -> some View {
        switch route {
        case .circle(let id):
            CircleDetailView(context: context, circles: circles, circleID: id)
        case .newCircle:
            NewCircleView(model: circles)
        case .grid:
            PolicyGridView(context: context, circleID: nil)
        case .circleGrid(let id):
            PolicyGridView(context: context, circleID: id)
        case .addMembers(let id):
            AddMembersView(context: context, circleID: id)
        case .overlap:
            OverlapView(context: context)
        }
    }
}
