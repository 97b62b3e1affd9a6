import Foundation
import KindredSDK

/// A change made in Rin that must reach the server even if the device is offline when it is made.
public enum RinMutation: Codable, Hashable, Sendable {
    case createContact(profile: UUID, RinContactDraft)
    case updateContact(UUID, RinContactEdit)
    case deleteContact(UUID)
    case updateCircle(UUID, RinCircleEdit)
    case deleteCircle(UUID)
    case addCircleMembers(circle: UUID, profiles: [UUID], contacts: [UUID])
    case removeCircleMember(circle: UUID, member: UUID)
    case updatePolicies(profile: UUID, [RinPolicyChange])
}

/// A queued change. Its id is also its `Idempotency-Key`, fixed when the change was made, so a
/// change sent again after a lost answer or a relaunch is acted on once.
public struct RinPendingMutation: Codable, Hashable, Sendable, Identifiable {
    public let id: UUID
    public let mutation: RinMutation
    public let createdAt: Date
    public internal(set) var attempts: Int
}

/// Changes waiting for the server, kept in order in a file and sent one at a time, oldest first.
///
/// - A change the server cannot take now (no connection, a 5xx, 429, a lapsed session) stops the
///   flush and stays first in line: later changes may depend on it (a contact made, then edited).
/// - A change the server refuses for good (a 4xx problem, such as a validation error or a thing
///   deleted elsewhere) is taken out and reported, so one bad change cannot hold the rest forever.
/// - Deleting what is already gone counts as done.
public actor RinMutationQueue {
    public enum Outcome: Sendable {
        case applied(RinPendingMutation)
        case rejected(RinPendingMutation, KindredError)
    }

    public struct FlushResult: Sendable {
        public var outcomes: [Outcome] = []
        /// Changes still waiting (the flush stopped on one the server could not take now).
        public var remaining: Int = 0
        /// Why the flush stopped early, if it did.
        public var stoppedBy: KindredError?
    }

    private let session: KindredSession
    private let file: URL?
    private let clock: @Sendable () -> Date
    private(set) public var pending: [RinPendingMutation]
    private var flushing: Task<FlushResult, Never>?

    /// - Parameter file: where the queue survives relaunches; nil keeps it in memory.
    public init(session: KindredSession, file: URL?, clock: @escaping @Sendable () -> Date = Date.init) {
        self.session = session
        self.file = file
        self.clock = clock
        pending = file.flatMap { try? Data(contentsOf: $0) }.flatMap { try? Self.decoder.decode([RinPendingMutation].self, from: $0) } ?? []
    }

    /// Queues a change (kept on disk before this returns) and gives back its entry.
    @discardableResult
    public func enqueue(_ mutation: RinMutation) throws -> RinPendingMutation {
        let entry = RinPendingMutation(id: UUID(), mutation: mutation, createdAt: clock(), attempts: 0)
        pending.append(entry)
        try persist()
        return entry
    }

    /// Drops every waiting change: on sign-out, since they were made by that account and must
    /// never be sent with the next one's tokens.
    public func removeAll() {
        pending = []
        try? persist()
    }

    /// Sends what waits, in order. A flush already under way is joined rather than repeated, so a
    /// change is never in flight twice.
    @discardableResult
    public func flush() async -> FlushResult {
        if let flushing { return await flushing.value }
        let task = Task { await self.sendAll() }
        flushing = task
        let result = await task.value
        flushing = nil
        return result
    }

    /// Flushes until nothing waits, waiting longer after each failed attempt (up to `longest`),
    /// until cancelled: what an app runs when it comes online or to the foreground.
    public func drain(firstWait: Duration = .seconds(1), longest: Duration = .seconds(60)) async -> [Outcome] {
        var outcomes: [Outcome] = []
        var wait = firstWait
        while !Task.isCancelled {
            let result = await flush()
            outcomes += result.outcomes
            if result.remaining == 0 { break }
            try? await Task.sleep(for: wait)
            wait = min(wait * 2, longest)
        }
        return outcomes
    }

    private func sendAll() async -> FlushResult {
        var result = FlushResult()
        while var entry = pending.first {
            entry.attempts += 1
            pending[0] = entry
            do {
                try await send(entry)
                result.outcomes.append(.applied(entry))
            } catch let error as KindredError where Self.isLasting(error) {
                result.outcomes.append(.rejected(entry, error))
            } catch {
                try? persist()
                result.stoppedBy = (error as? KindredError) ?? .transport(String(describing: error))
                result.remaining = pending.count
                return result
            }
            pending.removeFirst()
            try? persist()
        }
        return result
    }

    /// A refusal that sending again will not change: any 4xx but 408 and 429.
    static func isLasting(_ error: KindredError) -> Bool {
        guard case .problem(let problem) = error else { return false }
        return (400..<500).contains(problem.status) && problem.status != 408 && problem.status != 429
    }

    private func send(_ entry: RinPendingMutation) async throws {
        let session = self.session
        try await IdempotencyKey.$current.withValue(entry.id.uuidString.lowercased()) {
            switch entry.mutation {
            case .createContact(let profile, let draft):
                _ = try await session.createRinContact(in: profile, draft)
            case .updateContact(let id, let edit):
                try await session.updateRinContact(id, edit)
            case .deleteContact(let id):
                do { try await session.deleteRinContact(id) } catch let error as KindredError where error.status == 404 {}
            case .updateCircle(let id, let edit):
                try await session.updateRinCircle(id, edit)
            case .deleteCircle(let id):
                do { try await session.deleteRinCircle(id) } catch let error as KindredError where error.status == 404 {}
            case .addCircleMembers(let circle, let profiles, let contacts):
                try await session.addRinCircleMembers(circle, profiles: profiles, contacts: contacts)
            case .removeCircleMember(let circle, let member):
                do { try await session.removeRinCircleMember(member, from: circle) } catch let error as KindredError where error.status == 404 {}
            case .updatePolicies(let profile, let changes):
                try await session.updateRinPolicies(of: profile, changes)
            }
        }
    }

    private func persist() throws {
        guard let file else { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.encoder.encode(pending).write(to: file, options: .atomic)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
