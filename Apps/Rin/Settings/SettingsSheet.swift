import RinAppShell
import SwiftUI

/// Rin's settings, as a sheet over the Profile tab (`RinShell.presentsSettings`), with its own
/// stack bound to `SettingsCoordinator.path`: the default region, what waits to be sent, past
/// imports, the cards I blocked, signing out.
struct SettingsSheet: View {
    @Bindable var coordinator: SettingsCoordinator
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack(path: $coordinator.path) {
            SettingsRootView(model: coordinator.model)
                .navigationDestination(for: SettingsRoute.self) { route in
                    switch route {
                    case .region: SettingsRegionView(model: coordinator.model)
                    case .waitingChanges: WaitingChangesView(model: coordinator.model)
                    case .imports: PastImportsView(model: coordinator.model) { coordinator.navigate(.home(section: .imports)) }
                    case .blocked: BlockedCardsView(model: coordinator.blocked)
                    }
                }
                .toolbar {
                    ToolbarItem(placement: .confirmationAction) {
                        Button("Done") { dismiss() }
                    }
                }
        }
    }
}
