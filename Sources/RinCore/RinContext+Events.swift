import Foundation
import KindredSDK

extension RinContext {
    /// The account's realtime events, from one socket however many screens follow them: the
    /// socket opens with the first follower and closes after the last (a phone keeps one
    /// connection, and the server one seat, per device). Each follower gets every event from the
    /// moment it starts following; the stream ends when the session is signed out.
    public func events() -> AsyncStream<RealtimeEvent> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<RealtimeEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
        followers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.unfollow(id) }
        }
        if pump == nil {
            let session = session
            pump = Task { [weak self] in
                for await event in session.events() {
                    guard let self else { return }
                    for follower in self.followers.values { follower.yield(event) }
                }
                self?.endFollowers()
            }
        }
        return stream
    }

    private func unfollow(_ id: UUID) {
        followers[id] = nil
        if followers.isEmpty {
            pump?.cancel()
            pump = nil
        }
    }

    private func endFollowers() {
        let ended = followers.values
        followers = [:]
        pump = nil
        ended.forEach { $0.finish() }
    }
}
