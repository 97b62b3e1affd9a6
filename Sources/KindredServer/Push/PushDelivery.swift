import AsyncHTTPClient
import Fluent
import Foundation
import KindredAPI
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// The push queue: notices become rows (`enqueue`, on the request that caused them), and every
/// instance's worker sends what is due, so a request never waits on a push service and a notice
/// survives a restart. Rows are claimed with a lease, as the scheduled jobs are: of several
/// instances, one sends each message, and a worker that stops lets another send it.
final class PushDelivery: Sendable {
    let webPush: WebPushSender
    /// Nil when the server has no APNs key: iOS devices are then refused at registration.
    let apns: APNsSender?
    /// Messages one worker sends at once: enough to keep a push service's connections busy, few
    /// enough that a slow one cannot hold every socket.
    static let concurrency = 32
    /// Rows a worker claims at a time.
    static let batchSize = 256
    /// How long a claim holds: a batch is sent well within it (a send times out after 15 s).
    static let lease: TimeInterval = 120
    /// How long after each failed try the next is made; after the last, the message is dropped.
    static let retryDelays: [TimeInterval] = [15, 60, 300, 1800]
    /// Other instances' notices (and retries) are found by asking this often.
    static let pollInterval: Duration = .seconds(5)

    private let wakeUps: AsyncStream<Void>.Continuation
    private let stream: AsyncStream<Void>
    private let tasks = NIOLockedValueBox<[Task<Void, Never>]>([])

    init(webPush: WebPushSender, apns: APNsSender?) {
        self.webPush = webPush
        self.apns = apns
        // Wake-ups while a batch is being sent collapse into one more look.
        (stream, wakeUps) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    // MARK: - Queueing

    /// Queues a notice of `kind` for every device of `userID` whose session is active, unless
    /// they turned the kind off, and wakes the worker. Returns how many messages were queued.
    ///
    /// This runs inside the request of every like and comment: one query finds the devices (the
    /// mute and the sessions joined in), the notice is made (`make`: it may read the database)
    /// only when there is someone to tell, and the rows go in with plain multi-row INSERTs.
    @discardableResult
    func enqueue(_ kind: NotificationKind, to userID: UUID, context: ServiceContext,
                 _ make: () async throws -> PushNotice) async throws -> Int {
        let sql = try context.database.sql()
        let now = context.now
        let kinds = (apns == nil ? [PushDevice.Kind.webPush] : [.webPush, .apns]).map(\.rawValue)
        let devices = try await sql.raw("""
            SELECT d.id AS id FROM push_devices d JOIN sessions s ON s.id = d.session_id
            WHERE d.user_id = \(bind: userID) AND d.kind IN (\(binds: kinds))
            AND s.revoked_at IS NULL AND s.expires_at > \(bind: now)
            AND NOT EXISTS (SELECT 1 FROM notification_mutes m WHERE m.user_id = \(bind: userID) AND m.kind = \(bind: kind.id))
            """).all().map { try $0.decode(column: "id", as: UUID.self) }
        guard !devices.isEmpty else { return 0 }
        let notice = try await make()
        assert(notice.kind == kind, "a \(kind.id) notice made as \(notice.kind.id)")
        let payload = String(decoding: try JSONEncoder().encode(notice.payload), as: UTF8.self)
        // In slices: one INSERT of every row would pass SQLite's limit on bound values (32,766)
        // for a person with a few thousand devices.
        for start in stride(from: 0, to: devices.count, by: 1_000) {
            var insert = sql.insert(into: PushDeliveryRow.schema)
                .columns("id", "device_id", "payload", "topic", "created_at", "not_before", "attempts")
            for device in devices[start..<min(start + 1_000, devices.count)] {
                insert = insert.values(SQLBind(Secrets.randomUUID()), SQLBind(device), SQLBind(payload), SQLBind(notice.topic),
                                       SQLBind(now), SQLBind(now), SQLBind(0))
            }
            try await insert.run()
        }
        wake()
        return devices.count
    }

    /// Tells this instance's worker there is something to send.
    func wake() { wakeUps.yield() }

    // MARK: - Sending

    /// What one pass did, by outcome.
    struct Tally: Sendable, Equatable {
        var delivered = 0, gone = 0, retried = 0, refused = 0, givenUp = 0
        var total: Int { delivered + gone + retried + refused + givenUp }
    }

    /// Sends one claimed batch of what is due; an empty tally when nothing was.
    func sendDue(_ context: ServiceContext) async throws -> Tally {
        let token = UUID()
        let rows = try await claim(token, context: context)
        guard !rows.isEmpty else { return Tally() }
        let now = context.now
        let outcomes = await withTaskGroup(of: (PushDeliveryRow, PushOutcome).self) { group in
            var outcomes: [(PushDeliveryRow, PushOutcome)] = []
            var next = rows.makeIterator()
            func addNext() -> Bool {
                guard let row = next.next() else { return false }
                group.addTask { (row, await self.send(row, now: now)) }
                return true
            }
            for _ in 0..<Self.concurrency where !addNext() { break }
            while let outcome = await group.next() {
                outcomes.append(outcome)
                _ = addNext()
            }
            return outcomes
        }
        return try await settle(outcomes, context: context)
    }

    private func send(_ row: PushDeliveryRow, now: Date) async -> PushOutcome {
        let device = row.device
        // What is left of the day a notice is worth: an old one is not worth showing late.
        let expiresAt = (row.createdAt ?? now).addingTimeInterval(Self.noticeLifetime)
        switch device.kind {
        case .webPush:
            guard let p256dh = device.p256dh.flatMap({ Data(base64URLEncoded: $0) }),
                  let auth = device.auth.flatMap({ Data(base64URLEncoded: $0) })
            else { return .gone }
            var message = WebPushSender.Message(endpoint: device.address, userAgentPublicKey: Array(p256dh), authSecret: Array(auth),
                                                payload: Array(row.payload.utf8))
            message.topic = row.topic
            message.timeToLive = max(60, Int(expiresAt.timeIntervalSince(now)))
            return await webPush.send(message, now: now)
        case .apns:
            // Queued while the server had a key it no longer has: the device may be reached again later.
            guard let apns else { return .refused(503) }
            guard let notification = try? JSONDecoder().decode(Components.Schemas.PushNotification.self, from: Data(row.payload.utf8))
            else { return .refused(400) }
            return await apns.send(notification, to: device.address, environment: device.apnsEnvironment ?? "production",
                                   collapseID: row.topic, expiresAt: expiresAt, now: now)
        }
    }

    /// How long a notice is worth sending: a day.
    static let noticeLifetime: TimeInterval = 24 * 3600

    /// Takes up to `batchSize` due rows nobody holds. The conditions are repeated outside the
    /// subquery: on PostgreSQL a row another instance claimed meanwhile is re-checked against
    /// them and left out, rather than claimed twice.
    private func claim(_ token: UUID, context: ServiceContext) async throws -> [PushDeliveryRow] {
        let now = context.now, until = now.addingTimeInterval(Self.lease)
        let free: SQLQueryString = "not_before <= \(bind: now) AND (lease_until IS NULL OR lease_until < \(bind: now))"
        try await context.database.sql().raw("""
            UPDATE push_deliveries SET lease_holder = \(bind: token), lease_until = \(bind: until)
            WHERE id IN (SELECT id FROM push_deliveries WHERE \(free) ORDER BY not_before LIMIT \(literal: Self.batchSize))
            AND \(free)
            """).run()
        return try await PushDeliveryRow.query(on: context.database).filter(\.$leaseHolder == token).with(\.$device).all()
    }

    /// Writes down what became of each message: sent ones and refused ones go, a device whose
    /// push service says it is gone goes with its messages, the others wait their turn again.
    private func settle(_ outcomes: [(PushDeliveryRow, PushOutcome)], context: ServiceContext) async throws -> Tally {
        var tally = Tally()
        var finished: [UUID] = [], goneDevices: Set<UUID> = []
        /// Ids to try again, by how many tries they had: one UPDATE for each count.
        var retries: [Int: [UUID]] = [:]
        for (row, outcome) in outcomes {
            guard let id = row.id else { continue }
            switch outcome {
            case .delivered:
                tally.delivered += 1
                finished.append(id)
            case .refused:
                tally.refused += 1
                finished.append(id)
            case .gone:
                tally.gone += 1
                goneDevices.insert(row.$device.id)
            case .retryLater:
                if row.attempts < Self.retryDelays.count {
                    tally.retried += 1
                    retries[row.attempts, default: []].append(id)
                } else {
                    tally.givenUp += 1
                    finished.append(id)
                }
            }
        }
        let database = context.database
        // In slices: a statement's bound values are limited (SQLite's to 32,766).
        for slice in Self.slices(finished) {
            try await PushDeliveryRow.query(on: database).filter(\.$id ~~ slice).delete()
        }
        if !goneDevices.isEmpty {
            // Its queued messages go with it (the foreign key cascades).
            try await PushDevice.query(on: database).filter(\.$id ~~ Array(goneDevices)).delete()
        }
        for (attempts, ids) in retries {
            for slice in Self.slices(ids) {
                try await PushDeliveryRow.query(on: database).filter(\.$id ~~ slice)
                    .set(\.$attempts, to: attempts + 1)
                    .set(\.$notBefore, to: context.now.addingTimeInterval(Self.retryDelays[attempts]))
                    .set(\.$leaseHolder, to: nil).set(\.$leaseUntil, to: nil)
                    .update()
            }
        }
        let metrics = context.services.metrics
        metrics.recordPushes(tally.delivered, outcome: "delivered")
        metrics.recordPushes(tally.gone, outcome: "gone")
        metrics.recordPushes(tally.retried, outcome: "retry")
        metrics.recordPushes(tally.refused, outcome: "refused")
        metrics.recordPushes(tally.givenUp, outcome: "given_up")
        return tally
    }

    private static func slices(_ ids: [UUID]) -> [[UUID]] {
        stride(from: 0, to: ids.count, by: 500).map { Array(ids[$0..<min($0 + 500, ids.count)]) }
    }

    /// Sends until nothing is due: what the worker does on each wake-up, and what tests and the
    /// benchmark call to have the queue emptied now.
    @discardableResult
    func sendAllDue(_ context: ServiceContext) async throws -> Tally {
        var tally = Tally()
        while !Task.isCancelled {
            let pass = try await sendDue(context)
            guard pass.total > 0 else { break }
            tally.delivered += pass.delivered
            tally.gone += pass.gone
            tally.retried += pass.retried
            tally.refused += pass.refused
            tally.givenUp += pass.givenUp
        }
        return tally
    }

    /// Removes the devices of sessions that ended (a revoked session's device gets nothing, but
    /// its row would stay) and messages older than the day a notice is worth.
    @discardableResult
    static func sweep(_ context: ServiceContext) async throws -> Int {
        let sql = try context.database.sql()
        let now = context.now
        let devices = try await sql.raw("""
            DELETE FROM push_devices WHERE session_id IN
            (SELECT id FROM sessions WHERE revoked_at IS NOT NULL OR expires_at <= \(bind: now))
            RETURNING id
            """).all().count
        let stale = try await sql.raw("""
            DELETE FROM push_deliveries WHERE created_at < \(bind: now.addingTimeInterval(-noticeLifetime)) RETURNING id
            """).all().count
        return devices + stale
    }

    // MARK: - The worker

    /// Sends on every wake-up and every `pollInterval`, until `stop()`.
    func start(_ context: ServiceContext) {
        let worker = Task { [self] in
            for await _ in stream {
                do {
                    try await sendAllDue(context)
                } catch is CancellationError {
                    return
                } catch {
                    // The rows stay: their lease lapses and the next pass sends them.
                    context.logger.error("Push delivery failed: \(String(reflecting: error))")
                }
            }
        }
        let ticker = Task { [self] in
            while !Task.isCancelled {
                wake()
                try? await Task.sleep(for: Self.pollInterval)
            }
        }
        tasks.withLockedValue { $0 += [worker, ticker] }
    }

    /// Stops the worker: messages being sent are let go, and their lease lapses for the next start.
    func stop() async {
        let running = tasks.withLockedValue { tasks in
            defer { tasks = [] }
            return tasks
        }
        wakeUps.finish()
        for task in running { task.cancel() }
        for task in running { await task.value }
    }
}

/// Runs the instance's push worker while the server runs (unless it runs no background work:
/// the tests send by hand), and closes the push client after.
struct PushDeliveryLifecycle: LifecycleHandler {
    let clients: [HTTPClient]
    let runsWorker: Bool

    func didBoot(_ application: Application) throws {
        if runsWorker { application.kindred.push.start(application.context) }
    }

    func shutdownAsync(_ application: Application) async {
        await application.kindred.push.stop()
        for client in clients {
            do { try await client.shutdown() } catch {
                application.logger.warning("A push client did not close cleanly: \(error)")
            }
        }
    }
}

extension ServiceContext {
    /// Tells `userID`'s devices of `notice`, after the act it tells of is saved. A notice that
    /// cannot be queued is logged, never thrown: the like or the letter stands either way.
    func notify(_ userID: UUID, _ notice: PushNotice) async {
        await notify(userID, of: notice.kind) { notice }
    }

    /// The same, with a notice made only when `userID` has a device to tell (making it may take a
    /// query, such as the name of who did it).
    func notify(_ userID: UUID, of kind: NotificationKind, _ make: () async throws -> PushNotice) async {
        assert(KindredApps.notificationKindIDs.contains(kind.id), "\(kind.id) is in no app's notificationKinds")
        do {
            try await services.push.enqueue(kind, to: userID, context: self, make)
        } catch {
            logger.error("A \(kind.id) notification was not queued: \(String(reflecting: error))")
        }
    }
}
