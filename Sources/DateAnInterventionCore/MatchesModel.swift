import Foundation
import KindredSDK
import Observation

/// "Matches": everything I liked, newest first, with how I swipe.
@MainActor @Observable
public final class MatchesModel {
    public private(set) var matches: [Match] = []
    public private(set) var stats: SwipeStats?
    public private(set) var error: String?

    private let session: KindredSession

    public init(session: KindredSession) {
        self.session = session
    }

    public func load() async {
        do {
            async let matches = session.matches()
            async let stats = session.swipeStats()
            (self.matches, self.stats) = (try await matches, try await stats)
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    public var favouriteCategoryName: String? { stats?.favouriteCategory?.displayName }
}
