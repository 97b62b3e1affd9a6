import RinAppShell
import SwiftUI

/// Rin's four tabs for the signed-in account, bound to the shell: the selected tab, each tab's
/// navigation (its coordinator, in the environment), the badges, onboarding over the tabs and
/// Settings as a sheet. Made inside `KindredAppRoot`'s signed-in scope, so the models each tab
/// makes belong to one account.
struct RinTabs: View {
    @Bindable var shell: RinShell

    var body: some View {
        // The shell learns of the account a moment after the root does: until then its features
        // belong to nobody. Once signed in the tabs show at once, from the cache, while the shell
        // still sends the queue and decides on onboarding (offline, that can take a while).
        if shell.isSignedIn {
            tabs
        } else {
            ProgressView()
        }
    }

    private var tabs: some View {
        TabView(selection: $shell.tab) {
            HomeTab(context: shell.context)
                .environment(shell.contacts)
                .tabItem { Label("Home", systemImage: "person.crop.rectangle.stack") }
                // Possible duplicates and fields with two values, waiting in Review.
                .badge(shell.badges[.home] ?? 0)
                .tag(RinTab.home)
            CirclesTab(context: shell.context)
                .environment(shell.circles)
                .tabItem { Label("Circles", systemImage: "circle.grid.cross") }
                .tag(RinTab.circles)
            ScoreTab(coordinator: shell.score)
                .tabItem { Label("Score", systemImage: "gauge.with.needle") }
                .tag(RinTab.score)
            ProfileTab(context: shell.context)
                .environment(shell.profiles)
                .tabItem { Label("Profile", systemImage: "person.crop.circle") }
                // Asks waiting for an answer, over all my profiles.
                .badge(shell.badges[.profile] ?? 0)
                .tag(RinTab.profile)
        }
        .environment(shell)
        .environment(shell.context)
        .environment(\.mediaBaseURL, shell.context.session.serverURL)
        .fullScreenCover(isPresented: $shell.presentsOnboarding) {
            OnboardingFlow(coordinator: shell.onboarding)
        }
        .sheet(isPresented: $shell.presentsSettings) {
            SettingsSheet(coordinator: shell.settings)
        }
        .sheet(isPresented: $shell.security.isShowing) {
            NavigationStack { SecurityInboxView(model: shell.security.inbox) }
        }
        // Someone asks, or an import ends with new suggestions: the badges follow, until sign-out.
        .task { await shell.followChanges() }
        // A badge is a hint read from the server; switching tabs is a cheap moment to read it again
        // (after answering asks, or working through Review).
        .onChange(of: shell.tab) {
            Task { await shell.refreshBadges() }
        }
        // Another profile chosen in the card picker: screens of the last one's book and circles
        // would show another profile's things, so the tabs go back to their first screens. Not
        // when the profile first becomes known at sign-in: a link opened then must stay open.
        .onChange(of: shell.context.profileID) { previous, current in
            guard previous != nil, previous != current else { return }
            shell.contacts.popToRoot()
            shell.circles.popToRoot()
            Task { await shell.refreshBadges() }
        }
    }
}
