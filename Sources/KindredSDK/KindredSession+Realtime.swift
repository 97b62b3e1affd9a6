import Foundation

extension KindredSession {
    /// The signed-in user's realtime events, for as long as the caller iterates. It fetches a
    /// ticket, opens the WebSocket, and reconnects with capped, jittered backoff when the
    /// connection drops. It ends when the session does: signed out, or this session revoked.
    public nonisolated func events(connector: any RealtimeConnector = defaultRealtimeConnector()) -> AsyncStream<RealtimeEvent> {
        AsyncStream { continuation in
            let task = Task {
                await self.pumpEvents(connector: connector, into: continuation)
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func pumpEvents(connector: any RealtimeConnector, into continuation: AsyncStream<RealtimeEvent>.Continuation) async {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var failures = 0
        while !Task.isCancelled {
            do {
                let ticket = try await perform { try await client.createRealtimeTicket().created.body.json }
                let frames = try await connector.connect(to: webSocketURL(path: ticket.path))
                failures = 0
                for try await frame in frames {
                    guard let event = try? decoder.decode(RealtimeEvent.self, from: Data(frame.utf8)) else { continue }
                    continuation.yield(event)
                    if case .session_revoked(let revoked) = event, revoked.sessionId == (await sessionID) {
                        try await end()
                        return
                    }
                }
            } catch KindredError.signedOut {
                return
            } catch {
                if Task.isCancelled { return }
            }
            failures += 1
            let bound = min(30.0, 0.5 * pow(2, Double(min(failures, 6))))
            try? await Task.sleep(for: .milliseconds(Int(Double.random(in: bound / 2...bound) * 1000)))
        }
    }

    private nonisolated func webSocketURL(path: String) -> URL {
        var components = URLComponents(url: serverURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.scheme = serverURL.scheme == "https" ? "wss" : "ws"
        let url = components.url ?? serverURL
        return URL(string: path, relativeTo: url)?.absoluteURL ?? url
    }
}
