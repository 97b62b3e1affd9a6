import Foundation
import KindredSDK
import Observation

/// The Search tab: people by username or name, each with a Follow / Requested / Following button
/// that changes at once and goes back if the server says no.
@MainActor @Observable
public final class PeopleSearchModel {
    public var query = ""
    public private(set) var results: [KinnectFollow] = []
    public private(set) var error: String?

    private let session: KindredSession

    public init(session: KindredSession) {
        self.session = session
    }

    /// Searches for `query` as it is now; an empty query clears the results.
    public func search() async {
        let asked = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !asked.isEmpty else {
            (results, error) = ([], nil)
            return
        }
        do {
            let found = try await session.searchPeople(String(asked.prefix(50)))
            // A slower answer to an older query must not replace a newer one.
            guard query.trimmingCharacters(in: .whitespacesAndNewlines) == asked else { return }
            (results, error) = (found, nil)
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Follow asks; tapping Requested cancels the request; tapping Following unfollows.
    public func toggleFollow(_ person: KinnectFollow) async {
        guard let index = results.firstIndex(where: { $0.profile.id == person.profile.id }) else { return }
        let username = person.profile.username
        let before = results[index].state
        results[index].state = before == .none ? .requested : .none
        do {
            if before == .none {
                let state = try await session.follow(username)
                if let now = results.firstIndex(where: { $0.profile.id == person.profile.id }) { results[now].state = state }
            } else {
                try await session.unfollow(username)
            }
            error = nil
        } catch {
            if let now = results.firstIndex(where: { $0.profile.id == person.profile.id }) { results[now].state = before }
            self.error = error.localizedDescription
        }
    }
}
