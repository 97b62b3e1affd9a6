import Fluent
import Foundation
import KindredAPI
import Logging
import PostgresKit
import PostgresNIO

/// Carries events between server instances that share one PostgreSQL database: publishing is a
/// `NOTIFY`, and each instance keeps one dedicated connection `LISTEN`ing and hands what it hears
/// to its hub. The publisher hears its own notifications too, so delivery has a single path.
actor PostgresEventBus: EventBus {
    static let channel = "kindred_events"

    private let configuration: PostgresConnection.Configuration
    private let database: @Sendable () -> any Database
    private let hub: RealtimeHub
    private let logger: Logger
    private var listener: Task<Void, Never>?

    init(url: String, database: @escaping @Sendable () -> any Database, hub: RealtimeHub, logger: Logger) throws {
        configuration = try SQLPostgresConfiguration(url: url).coreConfiguration
        self.database = database
        self.hub = hub
        self.logger = logger
    }

    nonisolated func publish(_ event: Components.Schemas.RealtimeEvent, to userID: UUID) async {
        do {
            guard let sql = database() as? any SQLDatabase else { return }
            let data = try JSONEncoder.realtime.encode(RealtimeEnvelope(userID: userID, event: event))
            try await sql.raw("SELECT pg_notify(\(bind: Self.channel), \(bind: String(decoding: data, as: UTF8.self)))").run()
        } catch {
            logger.error("Could not publish a realtime event: \(error)")
        }
    }

    /// Returns once the first LISTEN is in place (so events published right after start-up are
    /// heard) or after ten seconds, leaving the listener to keep trying in the background.
    func start() async throws {
        let (ready, signal) = AsyncStream<Void>.makeStream()
        listener = Task { [configuration, hub, logger] in
            var attempt = 0
            while !Task.isCancelled {
                do {
                    let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
                    defer { Task { try? await connection.close() } }
                    try await connection.listen(on: Self.channel) { notifications in
                        attempt = 0
                        signal.yield()
                        for try await notification in notifications {
                            guard let envelope = try? JSONDecoder.realtime.decode(RealtimeEnvelope.self, from: Data(notification.payload.utf8)) else {
                                logger.warning("Ignored a realtime notification that did not decode.")
                                continue
                            }
                            await hub.deliver(envelope)
                        }
                    }
                } catch {
                    if Task.isCancelled { break }
                    logger.warning("Realtime listener lost its connection; retrying: \(error)")
                }
                attempt += 1
                // Capped exponential backoff, so a database restart does not become a reconnect storm.
                try? await Task.sleep(for: .milliseconds(min(5_000, 100 << min(attempt, 6))))
            }
            signal.finish()
        }
        let timeout = Task { try? await Task.sleep(for: .seconds(10)); signal.finish() }
        for await _ in ready { break }
        timeout.cancel()
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
