import Fluent
import Foundation
import KindredAPI
import Logging
import NIOConcurrencyHelpers
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
    private let sessions: SessionCache
    private let logger: Logger
    private let clock: @Sendable () -> Date
    private var listener: Task<Void, Never>?
    /// Whether the listener's LISTEN is in place now (`untilListening`).
    private let listening = NIOLockedValueBox(false)

    init(url: String, database: @escaping @Sendable () -> any Database, hub: RealtimeHub, sessions: SessionCache,
         logger: Logger, clock: @escaping @Sendable () -> Date) throws {
        configuration = try SQLPostgresConfiguration(url: url).coreConfiguration
        self.database = database
        self.clock = clock
        self.hub = hub
        self.sessions = sessions
        self.logger = logger
    }

    /// NOTIFY refuses payloads of 8,000 bytes or more. A larger envelope waits in
    /// `realtime_payloads` and the notification carries only its id, so no event is lost to size.
    static let notifyLimit = 7_900
    /// How long a parked payload is kept for the listeners of every instance to read.
    static let parkedLifetime: TimeInterval = 60

    /// As few notifications as fit: recipients are split into groups whose envelope stays under
    /// NOTIFY's limit, and an event too large even for one recipient is parked once per
    /// recipient (so deleting an account still deletes what is parked for it).
    nonisolated func publish(_ event: Components.Schemas.RealtimeEvent, to userIDs: [UUID]) async {
        guard !userIDs.isEmpty else { return }
        // This instance forgets an ended session before the request that ended it answers, not
        // when its own notification comes back; the others when they hear it.
        if let revoked = event.revokedSessionID { sessions.remove(revoked) }
        do {
            let database = database()
            let single = try JSONEncoder.realtime.encode(RealtimeEnvelope(userIDs: [userIDs[0]], event: event))
            guard single.count <= Self.notifyLimit else {
                for userID in userIDs { try await park(RealtimeEnvelope(userIDs: [userID], event: event), on: database) }
                return
            }
            // Each further recipient adds a quoted UUID and a comma.
            let perGroup = max(1, 1 + (Self.notifyLimit - single.count) / 39)
            for start in stride(from: 0, to: userIDs.count, by: perGroup) {
                let group = Array(userIDs[start..<min(start + perGroup, userIDs.count)])
                let data = try JSONEncoder.realtime.encode(RealtimeEnvelope(userIDs: group, event: event))
                try await notify(String(decoding: data, as: UTF8.self), on: database)
            }
        } catch {
            logger.error("Could not publish a realtime event: \(error)")
        }
    }

    private nonisolated func park(_ envelope: RealtimeEnvelope, on database: any Database) async throws {
        let payload = String(decoding: try JSONEncoder.realtime.encode(envelope), as: UTF8.self)
        let parked = RealtimePayload(userID: envelope.userIDs[0], payload: payload, at: clock())
        try await parked.create(on: database)
        try await notify(String(decoding: try JSONEncoder().encode(ParkedReference(parked: parked.requireID())), as: UTF8.self), on: database)
        try await RealtimePayload.query(on: database).filter(\.$createdAt < clock().addingTimeInterval(-Self.parkedLifetime)).delete()
    }

    private nonisolated func notify(_ payload: String, on database: any Database) async throws {
        try await database.sql().raw("SELECT pg_notify(\(bind: Self.channel), \(bind: payload))").run()
    }

    /// The envelope a notification carries, or the one it points at.
    private static func envelope(from payload: String, database: any Database) async throws -> RealtimeEnvelope? {
        let data = Data(payload.utf8)
        if let reference = try? JSONDecoder().decode(ParkedReference.self, from: data) {
            guard let parked = try await RealtimePayload.find(reference.parked, on: database) else { return nil }
            return try JSONDecoder.realtime.decode(RealtimeEnvelope.self, from: Data(parked.payload.utf8))
        }
        return try JSONDecoder.realtime.decode(RealtimeEnvelope.self, from: data)
    }

    /// Returns once the first LISTEN is in place (so events published right after start-up are
    /// heard) or after ten seconds, leaving the listener to keep trying in the background.
    func start() async throws {
        let (ready, signal) = AsyncStream<Void>.makeStream()
        listener = Task { [configuration, hub, sessions, logger, database, listening] in
            var attempt = 0
            while !Task.isCancelled {
                do {
                    let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
                    defer { Task { try? await connection.close() } }
                    try await connection.listen(on: Self.channel) { notifications in
                        attempt = 0
                        // Sessions ended while no one was listening were not heard of: the cache
                        // starts again from the database.
                        sessions.removeAll()
                        listening.withLockedValue { $0 = true }
                        signal.yield()
                        for try await notification in notifications {
                            do {
                                guard let envelope = try await Self.envelope(from: notification.payload, database: database()) else {
                                    logger.error("A realtime event's parked payload was gone before it was read.")
                                    continue
                                }
                                await hub.deliver(envelope)
                            } catch {
                                logger.error("Ignored a realtime notification that did not decode: \(error)")
                            }
                        }
                    }
                } catch {
                    if Task.isCancelled { break }
                    logger.warning("Realtime listener lost its connection; retrying: \(error)")
                }
                // Not listening until the next LISTEN is in place, however this one ended.
                listening.withLockedValue { $0 = false }
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

    /// Waits two minutes at most: a database that never answers fails the caller's own
    /// requests soon enough, with a clearer error than a wait that never ends.
    nonisolated func untilListening() async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while !listening.withLockedValue({ $0 }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    }

    func shutdown() async {
        listener?.cancel()
        listener = nil
    }
}

/// What a notification says when its envelope was too large to carry.
private struct ParkedReference: Codable {
    var parked: UUID
}

/// An envelope too large for NOTIFY, kept for a minute for every instance's listener.
final class RealtimePayload: Model, @unchecked Sendable {
    static let schema = "realtime_payloads"

    @ID(key: .id) var id: UUID?
    /// The recipient: deleting the account deletes what is parked for them.
    @Parent(key: "user_id") var user: User
    @Field(key: "payload") var payload: String
    @Field(key: "created_at") var createdAt: Date

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $payload, $createdAt]
    }

    init() {}

    init(userID: UUID, payload: String, at date: Date) {
        $user.id = userID
        self.payload = payload
        createdAt = date
    }
}

struct CreateRealtimePayloads: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RealtimePayload.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("payload", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RealtimePayload.schema).delete()
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
