import Foundation
import NIOConcurrencyHelpers

/// Work done in the background, one piece per id (an import, an export), whose row in the database
/// holds a lease saying who does it: a worker that stops lets another instance take it over.
protocol LeasedWork: Sendable {
    init(context: ServiceContext)
    /// Works `id` through, or returns at once when someone else holds its lease.
    func run(_ id: UUID) async
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
