import FluentPostgresDriver
import Foundation
import KindredAPI
import Logging
import PostgresKit
import PostgresNIO

/// Carries events between server instances that share one PostgreSQL database: publishing is a
/// `NOTIFY`, and each instance keeps one dedicated connection `LISTEN`ing and hands what it hears
/// to its hub. The publisher hears its own notifications too, so delivery has a single path.
final class PostgresEventBus: EventBus, @unchecked Sendable {
    static let channel = "kindred_events"

    private let configuration: PostgresConnection.Configuration
    private let database: @Sendable () -> any SQLDatabase
    private let hub: RealtimeHub
    private let logger: Logger
    // Guarded by being set once in `start` and cancelled in `shutdown`, both on the lifecycle path.
    private var listener: Task<Void, Never>?

    init(url: String, database: @escaping @Sendable () -> any SQLDatabase, hub: RealtimeHub, logger: Logger) throws {
        configuration = try SQLPostgresConfiguration(url: url).coreConfiguration
        self.database = database
        self.hub = hub
        self.logger = logger
    }

    func publish(_ event: Components.Schemas.RealtimeEvent, to userID: UUID) async {
        do {
            let data = try JSONEncoder.realtime.encode(RealtimeEnvelope(userID: userID, event: event))
            let payload = String(decoding: data, as: UTF8.self)
            try await database().raw("SELECT pg_notify(\(bind: Self.channel), \(bind: payload))").run()
        } catch {
            logger.error("Could not publish a realtime event: \(error)")
        }
    }

    /// Returns once the first LISTEN is in place, so events published right after start-up are heard.
    func start() async throws {
        let ready = AsyncStream<Void>.makeStream()
        listener = Task { [configuration, hub, logger] in
            var attempt = 0
            var signalled = false
            while !Task.isCancelled {
                do {
                    let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
                    defer { Task { try? await connection.close() } }
                    let notifications = try await connection.listen(Self.channel)
                    attempt = 0
                    if !signalled { ready.continuation.yield(); ready.continuation.finish(); signalled = true }
                    for try await notification in notifications {
                        guard let envelope = try? JSONDecoder.realtime.decode(RealtimeEnvelope.self, from: Data(notification.payload.utf8)) else {
                            logger.warning("Ignored a realtime notification that did not decode.")
                            continue
                        }
                        await hub.deliver(envelope)
                    }
                } catch {
                    if Task.isCancelled { break }
                    logger.warning("Realtime listener lost its connection; retrying: \(error)")
                }
                attempt += 1
                // Capped exponential backoff, so a database restart does not become a reconnect storm.
                try? await Task.sleep(for: .milliseconds(min(5_000, 100 << min(attempt, 6))))
            }
            if !signalled { ready.continuation.finish() }
        }
        for await _ in ready.stream { break }
    }

    func shutdown() async {
        listener?.cancel()
        listener = nil
    }
}

extension JSONEncoder {
    static var realtime: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

extension JSONDecoder {
    static var realtime: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
