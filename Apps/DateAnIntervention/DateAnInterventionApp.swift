import DateAnInterventionCore
import KindredSDK
import SwiftUI

@main
struct DateAnInterventionApp: App {
    // Exactly one session: it owns the tokens and serialises their refresh, so a second session
    // would race it and the server would treat the second refresh as token theft.
    private let session = KindredSession.live()

    var body: some Scene {
        WindowGroup {
            KindredAppRoot(session: session, appName: "Date An Intervention",
                           pitch: "Swipe through climate interventions written as dating profiles, then chat with your matches.") { _ in
                SignedInTabs(session: session)
            }
        }
    }
}

/// Discover, Matches and Stats, and the models the tabs share. They are made here, inside the
/// root's signed-in scope, so each account gets its own and signing out throws them away: the
/// next account starts with a fresh deck and never sees the last one's cards, matches or stats.
struct SignedInTabs: View {
    let session: KindredSession
    @State private var deck: DeckModel
    /// Matches and Stats read the same matches and swipe stats.
    @State private var matches: MatchesModel

    init(session: KindredSession) {
        self.session = session
        _deck = State(initialValue: DeckModel(session: session))
        _matches = State(initialValue: MatchesModel(session: session))
    }

    var body: some View {
        TabView {
            DeckView(session: session)
                .tabItem { Label("Discover", systemImage: "rectangle.stack.fill") }
            MatchesView(session: session)
                .tabItem { Label("Matches", systemImage: "heart.fill") }
            StatsView(session: session)
                .tabItem { Label("Stats", systemImage: "chart.bar.fill") }
        }
        .environment(deck)
        .environment(matches)
    }
}
