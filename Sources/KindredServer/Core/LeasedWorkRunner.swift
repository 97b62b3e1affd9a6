import Foundation
import NIOConcurrencyHelpers

/// Work done in the background, one piece per id (an import, an export), whose row in the database
/// holds a lease saying who does it: a worker that stops lets another instance take it over.
protocol LeasedWork: Sendable {
    init(context: ServiceContext)
    var context: ServiceContext { get }
    /// What the logs call one piece ("Data export").
    static var noun: String { get }
    /// Works `id` through; returns at once when someone else holds its lease, throws `LeaseLost`
    /// when the lease goes mid-way (taken over, or the row deleted with its account).
    func perform(_ id: UUID) async throws
    /// Marks `id` as stopped on an error, so its owner sees it (and its lease is let go).
    func failed(_ id: UUID) async
}

/// Thrown by leased work that finds its lease gone: someone else does it now, or nobody must.
struct LeaseLost: Error {}

extension LeasedWork {
    func run(_ id: UUID) async {
        do {
            try await perform(id)
        } catch is CancellationError {
            // Shutting down: the lease lapses and the work resumes on the next start.
        } catch is LeaseLost {
            context.logger.info("\(Self.noun) \(id) was taken over by another worker, or its row is gone.")
        } catch {
            context.logger.error("\(Self.noun) \(id) failed: \(String(reflecting: error))")
            await failed(id)
        }
    }
}

/// The leased work this instance is doing: each id started once however often it is asked for,
/// and every task cancelled and awaited at shutdown (between its steps).
final class LeasedWorkRunner<Work: LeasedWork>: Sendable {
    private let tasks = NIOLockedValueBox<[UUID: Task<Void, Never>]>([:])

    func start(_ id: UUID, context: ServiceContext) {
        tasks.withLockedValue { tasks in
            guard tasks[id] == nil else { return }
            tasks[id] = Task { [weak self] in
                await Work(context: context).run(id)
                self?.tasks.withLockedValue { _ = $0.removeValue(forKey: id) }
            }
        }
    }

    func stopAll() async {
        let running = tasks.withLockedValue { tasks in Array(tasks.values) }
        for task in running { task.cancel() }
        for task in running { await task.value }
    }
}
