import Foundation
import KindredAPI
import Vapor

/// An event for its recipients, as it travels between server instances.
struct RealtimeEnvelope: Codable, Sendable {
    var userIDs: [UUID]
    var event: Components.Schemas.RealtimeEvent
}

/// The one way to tell people's devices that something happened. Publishing never fails the
/// request that caused it: realtime is a courtesy, the API stays the source of truth.
protocol EventBus: Sendable {
    /// One event to every one of `userIDs` (a post's followers, a book's members), in one call.
    func publish(_ event: Components.Schemas.RealtimeEvent, to userIDs: [UUID]) async
    func start() async throws
    func shutdown() async
    /// Returns once events other instances publish are heard here; at once where there are none.
    func untilListening() async throws
}

extension EventBus {
    func publish(_ event: Components.Schemas.RealtimeEvent, to userID: UUID) async {
        await publish(event, to: [userID])
    }

    func untilListening() async throws {}
}

extension Application {
    /// Returns once this instance hears the events other instances publish. `start` waits for
    /// that only so long, so a server comes up while its database is slow; a listener that
    /// connects later empties the session cache (it may have missed revocations meanwhile), which
    /// a test that looks into the cache must not race.
    public func untilRealtimeListening() async throws {
        try await kindred.events.untilListening()
    }
}

/// Delivers straight to this instance's sockets: enough with SQLite, which is single-instance.
struct LocalEventBus: EventBus {
    let hub: RealtimeHub

    func publish(_ event: Components.Schemas.RealtimeEvent, to userIDs: [UUID]) async {
        guard !userIDs.isEmpty else { return }
        await hub.deliver(RealtimeEnvelope(userIDs: userIDs, event: event))
    }

    func start() async throws {}
    func shutdown() async {}
}

extension Components.Schemas.RealtimeEvent {
    static func sessionRevoked(sessionID: UUID) -> Self {
        .session_revoked(.init(_type: "session.revoked", sessionId: sessionID))
    }

    static func profileUpdated(_ profile: Components.Schemas.Profile) -> Self {
        .profile_updated(.init(_type: "profile.updated", profile: profile))
    }

    /// The session this event ends, if it ends one.
    var revokedSessionID: UUID? {
        if case .session_revoked(let event) = self { return event.sessionId }
        return nil
    }
}
