import RinAppShell
import SwiftUI

/// The Profile tab's first screen: the card picker (which profile every Rin screen works on),
/// then that profile: the asks waiting for its answer, "See as…", its name, bio, photo and
/// fields, and for an alternate, deleting it. Settings and the security inbox open as sheets from
/// the toolbar.
struct ProfileHomeView: View {
    let profiles: ProfilesModel
    let asks: AsksInboxModel
    @Environment(ProfilesCoordinator.self) private var coordinator
    @State private var confirmsDelete = false

    var body: some View {
        List {
            Section {
                ProfileCardPicker(profiles: profiles)
            } footer: {
                Text("Choose the profile Rin works on: its book, circles and who sees what are its own.")
            }
            if let error = profiles.error {
                MessageRow(text: error, dismiss: { profiles.dismissError() })
            }
            Section {
                NavigationLink(value: ProfilesRoute.asks) {
                    Label("Asks", systemImage: "key")
                }
                .badge(asks.badgeText.map { Text($0) })
                NavigationLink(value: ProfilesRoute.seeAs) {
                    Label("See as…", systemImage: "eye")
                }
                Button {
                    coordinator.go(to: .circles)
                } label: {
                    Label("Who sees what: your circles", systemImage: "square.grid.3x3")
                }
                NavigationLink(value: ProfilesRoute.findPerson) {
                    Label("Find someone on Rin", systemImage: "magnifyingglass")
                }
            }
            if let chosen = profiles.chosenID {
                // Keyed by the profile, so another card chosen makes the form anew from that profile
                // (its sections are several rows: a ForEach keys them all at once).
                ForEach([chosen], id: \.self) { profileID in
                    ProfileEditorSections(context: profiles.context, profileID: profileID)
                }
                ShareProfileSection(context: profiles.context)
                if let profile = profiles.profiles.first(where: { $0.id == chosen }), profiles.canDelete(profile) {
                    Section {
                        Button("Delete this profile", role: .destructive) { confirmsDelete = true }
                    }
                    .confirmationDialog("Delete \(profile.displayName)?", isPresented: $confirmsDelete, titleVisibility: .visible) {
                        Button("Delete", role: .destructive) { Task { await profiles.delete(profile) } }
                    } message: {
                        Text("Its contacts move to your primary profile; its fields, circles and who sees what go with it. This can’t be undone.")
                    }
                }
            }
        }
        .navigationTitle("Profile")
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button {
                    coordinator.go(to: .settings)
                } label: {
                    Label("Settings", systemImage: "gearshape")
                }
            }
            ToolbarItem(placement: .secondaryAction) {
                Button {
                    coordinator.go(to: .security)
                } label: {
                    Label("Security inbox", systemImage: "lock.shield")
                }
            }
        }
        .task {
            await profiles.load()
            await asks.refreshCount()
        }
        .refreshable {
            await profiles.load()
            await asks.refreshCount()
        }
    }
}
