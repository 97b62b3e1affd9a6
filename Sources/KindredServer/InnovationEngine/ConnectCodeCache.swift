import Foundation
import NIOConcurrencyHelpers

/// Each person's current connect code, lately read, so the QR screen (shown on every visit) need
/// not ask the database: with the code's image kept by `QRImages`, `GET /innovation-engine/code`
/// then touches no table at all (Issue 15, goal 1).
///
/// Only the code's owner is ever answered from here. Replacing a code updates this instance at
/// once; another instance may show its owner the old one for up to `lifetime`, which unlocks
/// nothing: connecting always looks the code up in the database, where the old one is gone.
final class ConnectCodeCache: Sendable {
    private struct Entry {
        let code: String
        let readAt: Date
    }

    let lifetime: TimeInterval
    /// Past this many, the cache starts again empty: memory stays bounded whatever the number of
    /// people, at the price of a read each.
    let capacity: Int
    private let entries = NIOLockedValueBox<[UUID: Entry]>([:])

    init(lifetime: TimeInterval = 5, capacity: Int = 100_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The person's code, if it was read or set here less than `lifetime` ago.
    func code(of userID: UUID, now: Date) -> String? {
        guard let entry = entries.withLockedValue({ $0[userID] }) else { return nil }
        let age = now.timeIntervalSince(entry.readAt)
        return age >= 0 && age < lifetime ? entry.code : nil
    }

    /// What a read that began at `now` found, unless the code was replaced here since: a read
    /// racing a rotation must not put the old code back.
    func store(read code: String, of userID: UUID, at now: Date) {
        update(userID) { existing in
            if let existing, existing.readAt >= now { return nil }
            return Entry(code: code, readAt: now)
        }
    }

    /// A code just made or replaced here.
    func store(replaced code: String, of userID: UUID, at now: Date) {
        update(userID) { _ in Entry(code: code, readAt: now) }
    }

    private func update(_ userID: UUID, _ entry: (Entry?) -> Entry?) {
        entries.withLockedValue { entries in
            guard let new = entry(entries[userID]) else { return }
            if entries.count >= capacity, entries[userID] == nil { entries.removeAll(keepingCapacity: true) }
            entries[userID] = new
        }
    }
}
