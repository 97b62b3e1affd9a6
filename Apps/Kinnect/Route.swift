import KinnectCore
import SwiftUI

/// Everywhere a tab can push to. Values, not views, so any screen links with
/// `NavigationLink(value:)` and every tab's stack shows the same screens.
enum KinnectRoute: Hashable {
    case profile(String)
    /// One post; `opensComments` for "ada commented on your post".
    case post(UUID, opensComments: Bool = false)
    case followers(String)
    case following(String)
    case followRequests
    case saved
}

extension View {
    /// Registered once at each tab's root; every pushed screen builds its own model from the session.
    @MainActor func kinnectRoutes(session: KindredSession) -> some View {
        navigationDestination(for: KinnectRoute.self) { route in
            switch route {
            case .profile(let username): ProfileView(session: session, username: username)
            case .post(let id, let opensComments): PostDetailView(session: session, postID: id, opensComments: opensComments)
            case .followers(let username): PeopleListView(session: session, username: username, list: .followers)
            case .following(let username): PeopleListView(session: session, username: username, list: .following)
            case .followRequests: FollowRequestsView(session: session)
            case .saved: SavedPostsView(session: session)
            }
        }
    }
}
