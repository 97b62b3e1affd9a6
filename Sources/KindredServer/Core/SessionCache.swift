import Foundation
import NIOConcurrencyHelpers

/// Sessions lately found active, so that a signed-in request need not read `sessions` each time
/// (Issue 15: a request should cost what its own query costs).
///
/// Revocation stays immediate. Every path that ends a session publishes `session.revoked`, and
/// every instance's hub removes the session from its cache when it hears it; the instance that
/// published removes it before the request that revoked answers. What could still be missed (a
/// listener reconnecting to PostgreSQL, a future path that forgets to publish) is bounded by
/// `lifetime`: an entry older than that is read again. A listener that lost its connection
/// empties the cache when it is back. A lifetime of zero turns the cache off.
final class SessionCache: Sendable {
    struct Entry: Sendable {
        let userID: UUID
        let expiresAt: Date
        /// What `sessions.last_used_at` holds: it is written once a minute, not per request.
        var lastUsedAt: Date
        /// When the row was read.
        let readAt: Date
    }

    let lifetime: TimeInterval
    /// Past this many entries, the stale ones go, and all of them if none is stale: memory stays
    /// bounded whatever the number of sessions, at the price of a read each.
    let capacity: Int
    private let state = NIOLockedValueBox(State())

    private struct State {
        var entries: [UUID: Entry] = [:]
        /// Counts removals. A request that read a session while it was being revoked must not put
        /// the row it read back after the removal: it stores only if nothing was removed since it
        /// began reading (`Generation`).
        var removals = 0
    }

    /// What `generation` returned: the cache's removals so far.
    struct Generation: Sendable { fileprivate let removals: Int }

    init(lifetime: TimeInterval, capacity: Int = 100_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The session, if it was read less than `lifetime` ago, belongs to `userID` and has not
    /// expired by `now`. Anything else is for the database to answer.
    func entry(for sessionID: UUID, userID: UUID, now: Date) -> Entry? {
        guard lifetime > 0, let entry = state.withLockedValue({ $0.entries[sessionID] }) else { return nil }
        let age = now.timeIntervalSince(entry.readAt)
        guard age >= 0, age < lifetime, entry.userID == userID, entry.expiresAt > now else { return nil }
        return entry
    }

    /// Entries held now.
    var count: Int { state.withLockedValue { $0.entries.count } }

    /// Taken before reading a session, for `store(_:for:readSince:)`.
    var generation: Generation { state.withLockedValue { Generation(removals: $0.removals) } }

    /// Keeps what was read, unless a session was removed since `generation` was taken (the row may
    /// predate its revocation; the next request reads it again).
    func store(_ entry: Entry, for sessionID: UUID, readSince generation: Generation) {
        guard lifetime > 0 else { return }
        state.withLockedValue { state in
            guard state.removals == generation.removals else { return }
            if state.entries.count >= capacity, state.entries[sessionID] == nil {
                state.entries = state.entries.filter { entry.readAt.timeIntervalSince($0.value.readAt) < lifetime }
                if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            }
            state.entries[sessionID] = entry
        }
    }

    /// Records a later use of a session already kept; nothing if it was removed meanwhile.
    func recordUse(of sessionID: UUID, at date: Date) {
        state.withLockedValue { $0.entries[sessionID]?.lastUsedAt = date }
    }

    func remove(_ sessionID: UUID) {
        state.withLockedValue { state in
            state.removals += 1
            state.entries[sessionID] = nil
        }
    }

    func removeAll() {
        state.withLockedValue { state in
            state.removals += 1
            state.entries.removeAll()
        }
    }
}
