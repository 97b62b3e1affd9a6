import Foundation
import KindredSDK
import Observation

/// Follow requests waiting for me, confirmed or deleted inline. A request leaves the list at once
/// and comes back if the server says no; new ones arrive in real time.
@MainActor @Observable
public final class FollowRequestsModel {
    public private(set) var requests: [KinnectPerson] = []
    public private(set) var nextCursor: String?
    public private(set) var error: String?

    private let session: KindredSession

    public init(session: KindredSession) {
        self.session = session
    }

    public func load() async {
        do {
            let page = try await session.followRequests()
            (requests, nextCursor, error) = (page.items, page.nextCursor, nil)
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func loadMore() async {
        guard let cursor = nextCursor else { return }
        do {
            let page = try await session.followRequests(cursor: cursor)
            let shown = Set(requests.map(\.profile.id))
            requests += page.items.filter { !shown.contains($0.profile.id) }
            nextCursor = page.nextCursor
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func confirm(_ person: KinnectPerson) async {
        await resolve(person) { try await $0.confirmFollowRequest(from: person.profile.username) }
    }

    public func delete(_ person: KinnectPerson) async {
        await resolve(person) { try await $0.deleteFollowRequest(from: person.profile.username) }
    }

    /// Adds requests as they arrive, until the caller stops.
    public func followChanges() async {
        for await event in session.events() {
            guard case .kinnect_follow_requested(let requested) = event else { continue }
            requests.removeAll { $0.profile.id == requested.person.profile.id }
            requests.insert(requested.person, at: 0)
        }
    }

    private func resolve(_ person: KinnectPerson, _ call: @Sendable (KindredSession) async throws -> Void) async {
        guard let index = requests.firstIndex(where: { $0.profile.id == person.profile.id }) else { return }
        requests.remove(at: index)
        do {
            try await call(session)
            error = nil
        } catch {
            requests.insert(person, at: min(index, requests.count))
            self.error = error.localizedDescription
        }
    }
}
