import DateAnInterventionCore
import SwiftUI

/// Everywhere a tab can push to. Values, not views, so any screen can link with
/// `NavigationLink(value:)` and a tab can push from code (the match sheet's "Send a message").
enum Route: Hashable {
    case profile(String)
    case chat(String)
    /// Compare, starting from this intervention.
    case compare(String)
}

extension View {
    /// Registered once at each tab's root; every pushed screen builds its own model from the session.
    @MainActor func routes(session: KindredSession) -> some View {
        navigationDestination(for: Route.self) { route in
            switch route {
            case .profile(let id): ProfileView(session: session, interventionID: id)
            case .chat(let id): ChatView(session: session, interventionID: id)
            case .compare(let id): CompareView(session: session, firstID: id)
            }
        }
    }
}
