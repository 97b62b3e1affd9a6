import DateAnInterventionCore
import KindredSDK
import SwiftUI

@main
struct DateAnInterventionApp: App {
    // Exactly one session: it owns the tokens and serialises their refresh, so a second session
    // would race it and the server would treat the second refresh as token theft.
    private let session: KindredSession

    init() {
        session = KindredSession(serverURL: Self.serverURL, tokenStore: KeychainTokenStore())
    }

    var body: some Scene {
        WindowGroup {
            RootView(session: session)
        }
    }

    /// The server comes from the build (Info.plist `KindredServerURL`), so Debug and Release can
    /// point at different servers without code changes. The fallback is the local dev server,
    /// which the simulator reaches on the Mac's loopback.
    private static var serverURL: URL {
        if let value = Bundle.main.object(forInfoDictionaryKey: "KindredServerURL") as? String,
           !value.isEmpty, let url = URL(string: value) {
            return url
        }
        return URL(string: "http://127.0.0.1:8080")!  // A literal that is always a valid URL.
    }
}

/// Sign-in screen or the app, following the session: signing in, signing out, and the server
/// ending the session (a refused refresh) all flip this without any view having to ask.
struct RootView: View {
    let session: KindredSession
    /// nil until the Keychain has been read, so a signed-in user never sees the sign-in screen flash.
    @State private var signedIn: Bool?

    var body: some View {
        Group {
            switch signedIn {
            case nil:
                ProgressView()
            case false?:
                SignInView(session: session, appName: "Date An Intervention",
                           pitch: "Swipe through climate interventions written as dating profiles, then chat with your matches.")
            case true?:
                SignedInTabs(session: session)
            }
        }
        .task { await followSignIn() }
    }

    private func followSignIn() async {
        let (changes, continuation) = AsyncStream.makeStream(of: Bool.self, bufferingPolicy: .bufferingNewest(1))
        // Registered before the first read so a change in between is not missed.
        let handler = await session.onChange { stored in continuation.yield(stored != nil) }
        signedIn = await session.isSignedIn
        for await value in changes {
            signedIn = value
        }
        // The stream ends when this view's task is cancelled; stop the session calling into it.
        await session.removeChangeHandler(handler)
    }
}

/// Discover, Matches and Stats. The models shared across tabs live here rather than in the App
/// (as Innovation Engine's do): signing out removes this view and its state, so the next account
/// starts with a fresh deck and never sees the previous one's cards, match or stats.
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
