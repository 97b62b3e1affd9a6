import Foundation
import MemoriesCore
import SwiftUI

/// Everywhere a tab can push to. Values, not views, so any screen links with
/// `NavigationLink(value:)` and every tab's stack shows the same screens.
enum MemoriesRoute: Hashable {
    /// A book, open at a page when one is given ("Ada sent you a letter").
    case book(UUID, openingAt: UUID? = nil)
}

extension View {
    /// Registered once at each tab's root; every pushed screen builds its own model from the session.
    @MainActor func memoriesRoutes(session: KindredSession) -> some View {
        navigationDestination(for: MemoriesRoute.self) { route in
            switch route {
            case .book(let id, let pageID): BookView(session: session, bookID: id, openingAt: pageID)
            }
        }
    }
}
