import RinAppShell
import SwiftUI

/// The Profile tab: the card picker and the profile in use, and every screen of the Profiles
/// feature, on one stack bound to `ProfilesCoordinator.path`. The profiles and the asks inbox
/// are made once here: the picker, the inbox's badge and the inbox itself share them.
struct ProfileTab: View {
    let context: RinContext
    @Environment(ProfilesCoordinator.self) private var coordinator
    @State private var profiles: ProfilesModel
    @State private var asks: AsksInboxModel

    init(context: RinContext) {
        self.context = context
        _profiles = State(initialValue: ProfilesModel(context: context))
        _asks = State(initialValue: AsksInboxModel(context: context))
    }

    var body: some View {
        @Bindable var coordinator = coordinator
        NavigationStack(path: $coordinator.path) {
            ProfileHomeView(profiles: profiles, asks: asks)
                .navigationDestination(for: ProfilesRoute.self) { route in
                    destination(route)
                }
        }
        // New asks arrive live, for the inbox and its badge, while signed in.
        .task { await asks.followChanges() }
    }

    @ViewBuilder
    private func destination(_ route: ProfilesRoute) -> some View {
        switch route {
        case .editor(let id):
            ProfileEditorScreen(context: context, profileID: id)
        case .newAlternate:
            NewAlternateView(profiles: profiles)
        case .seeAs:
            SeeAsView(context: context)
        case .asks:
            AsksInboxView(model: asks)
        case .person(let id):
            PersonView(context: context, profileID: id)
        case .findPerson:
            FindPersonView(context: context)
        }
    }
}
