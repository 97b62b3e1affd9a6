import KindredSDK
import KinnectCore
import SwiftUI

@main
struct KinnectApp: App {
    // Exactly one session: it owns the tokens and serialises their refresh, so a second session
    // would race it and the server would treat the second refresh as token theft.
    private let session = KindredSession.live()
    /// APNs: registers this session's device once someone is signed in (`PushRegistration`).
    @UIApplicationDelegateAdaptor(PushRegistration.self) private var push

    var body: some Scene {
        WindowGroup {
            KindredAppRoot(session: session, appName: "Kinnect",
                           pitch: "A private place for photos and videos with your family and friends.") { userID in
                SignedInTabs(session: session, userID: userID)
                    .task { await push.start(session: session) }
                    .environmentObject(push)
            }
        }
    }
}

enum KinnectTab: Hashable {
    case feed, search, newPost, activity, profile
}

/// Feed, Search, New post, Activity and Profile, and the models the tabs share. They are made
/// here, inside the root's signed-in scope, so each account gets its own and signing out throws
/// them away: the next account never sees the last one's feed, drafts, activity or searches.
struct SignedInTabs: View {
    let session: KindredSession
    let userID: UUID
    @State private var feed: FeedModel
    @State private var activity: ActivityModel
    @State private var search: PeopleSearchModel
    @State private var composer: ComposerModel
    /// A tapped notification opens the app's activity.
    @EnvironmentObject private var push: PushRegistration
    @State private var tab = KinnectTab.feed
    /// My own profile: the Profile tab's username, and the author of a comment while it is sent.
    @State private var me: Profile?
    @State private var meError: String?

    init(session: KindredSession, userID: UUID) {
        self.session = session
        self.userID = userID
        _feed = State(initialValue: FeedModel(session: session))
        _activity = State(initialValue: ActivityModel(session: session))
        _search = State(initialValue: PeopleSearchModel(session: session))
        _composer = State(initialValue: ComposerModel(session: session))
    }

    var body: some View {
        TabView(selection: $tab) {
            FeedView(session: session)
                .tabItem { Label("Feed", systemImage: "house") }
                .tag(KinnectTab.feed)
            SearchView(session: session)
                .tabItem { Label("Search", systemImage: "magnifyingglass") }
                .tag(KinnectTab.search)
            ComposerView { _ in posted() }
                .tabItem { Label("New post", systemImage: "plus.app") }
                .tag(KinnectTab.newPost)
            ActivityView(session: session)
                .tabItem { Label("Activity", systemImage: "heart") }
                .badge(activity.unreadCount)
                .tag(KinnectTab.activity)
            MyProfileTab(session: session, me: me, error: meError) { await loadMe() }
                .tabItem { Label("Profile", systemImage: "person.crop.circle") }
                .tag(KinnectTab.profile)
        }
        .onChange(of: push.openedRoute) { _, route in
            if route?.hasPrefix("/kinnect/") == true { tab = .activity }
        }
        .environment(feed)
        .environment(activity)
        .environment(search)
        .environment(composer)
        .environment(\.viewer, Viewer(id: userID, profile: me))
        .environment(\.mediaBaseURL, session.serverURL)
        .task { await loadMe() }
        // The badge's first count; the Activity tab reads the list itself when it is shown.
        .task { await activity.load() }
        // Each keeps its count live until the account signs out and these views go.
        .task { await activity.followChanges() }
        .task { await feed.followChanges() }
    }

    /// The new post is at the top of my feed: show it there.
    private func posted() {
        tab = .feed
        Task { await feed.refresh() }
    }

    private func loadMe() async {
        do {
            me = try await session.me().profile
            meError = nil
        } catch {
            meError = error.localizedDescription
        }
    }
}

/// My own profile, once I know my username.
struct MyProfileTab: View {
    let session: KindredSession
    let me: Profile?
    let error: String?
    let retry: @MainActor () async -> Void

    var body: some View {
        NavigationStack {
            Group {
                if let me {
                    // A new username (changed on the web) is a new profile screen, not a stale one.
                    ProfileView(session: session, username: me.username)
                        .id(me.username)
                } else if let error {
                    ContentUnavailableView {
                        Label("Your profile did not load", systemImage: "exclamationmark.triangle")
                    } description: {
                        Text(error)
                    } actions: {
                        Button("Try again") { Task { await retry() } }
                    }
                    .toolbar { SignOutButton() }
                } else {
                    ProgressView()
                }
            }
            .kinnectRoutes(session: session)
        }
    }
}
