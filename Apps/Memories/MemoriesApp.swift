import KindredSDK
import MemoriesCore
import SwiftUI

@main
struct MemoriesApp: App {
    // Exactly one session: it owns the tokens and serialises their refresh, so a second session
    // would race it and the server would treat the second refresh as token theft.
    private let session = KindredSession.live()
    /// APNs: registers this session's device once someone is signed in (`PushRegistration`).
    @UIApplicationDelegateAdaptor(PushRegistration.self) private var push

    var body: some Scene {
        WindowGroup {
            KindredAppRoot(session: session, appName: "Memories",
                           pitch: "A book with each friend: letters that arrive like letters, and pages you make together.") { userID in
                SignedInTabs(session: session, userID: userID)
                    .task { await push.start(session: session) }
                    .environmentObject(push)
            }
        }
    }
}

enum MemoriesTab: Hashable {
    case shelf, friends, activity
}

/// Shelf, Friends and Activity, and the models they share. They are made here, inside the
/// root's signed-in scope, so each account gets its own and signing out throws them away: the
/// next account never sees the last one's books, friends, or the photos in their pages.
struct SignedInTabs: View {
    let session: KindredSession
    let userID: UUID
    @State private var shelf: ShelfModel
    @State private var friends: FriendsModel
    @State private var activity: MemoriesActivityModel
    @State private var photos: PhotoCache
    /// A tapped notification opens the app's activity.
    @EnvironmentObject private var push: PushRegistration
    @State private var tab = MemoriesTab.shelf

    init(session: KindredSession, userID: UUID) {
        self.session = session
        self.userID = userID
        _shelf = State(initialValue: ShelfModel(session: session))
        _friends = State(initialValue: FriendsModel(session: session))
        _activity = State(initialValue: MemoriesActivityModel(session: session))
        _photos = State(initialValue: PhotoCache(session: session))
    }

    var body: some View {
        TabView(selection: $tab) {
            ShelfView(session: session)
                .tabItem { Label("Shelf", systemImage: "books.vertical") }
                // Letters from friends I have not opened the book for since.
                .badge(shelf.unreadLetters)
                .tag(MemoriesTab.shelf)
            FriendsView(session: session)
                .tabItem { Label("Friends", systemImage: "person.2") }
                .badge(friends.incoming.count)
                .tag(MemoriesTab.friends)
            ActivityView(session: session) { tab = .friends }
                .tabItem { Label("Activity", systemImage: "bell") }
                // What arrived since I last looked at Activity.
                .badge(activity.unreadCount)
                .tag(MemoriesTab.activity)
        }
        .onChange(of: push.openedRoute) { _, route in
            if route?.hasPrefix("/memories/") == true { tab = .activity }
        }
        .environment(shelf)
        .environment(friends)
        .environment(activity)
        .environment(photos)
        .environment(\.viewer, Viewer(id: userID))
        .environment(\.mediaBaseURL, session.serverURL)
        // The Friends and Activity badges' first counts (the shelf, the first tab, loads
        // itself); Friends and Activity read their lists again each time they show.
        .task { await friends.load() }
        .task { await activity.load() }
        // Each keeps its list live until the account signs out and these views go.
        .task { await shelf.followChanges() }
        .task { await friends.followChanges() }
        .task { await activity.followChanges() }
    }
}
