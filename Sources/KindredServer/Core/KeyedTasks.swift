import Foundation
import NIOConcurrencyHelpers

/// Background work this instance is doing, one task per id (an import, an export): started once
/// however often it is asked for, cancelled and awaited at shutdown. Whoever else may take the
/// same work over (another instance) is decided by the work's own lease in the database.
final class KeyedTasks: Sendable {
    private let tasks = NIOLockedValueBox<[UUID: Task<Void, Never>]>([:])

    /// Runs `work` for `id` unless this instance already is.
    func start(_ id: UUID, _ work: @escaping @Sendable () async -> Void) {
        tasks.withLockedValue { tasks in
            guard tasks[id] == nil else { return }
            tasks[id] = Task { [weak self] in
                await work()
                self?.tasks.withLockedValue { _ = $0.removeValue(forKey: id) }
            }
        }
    }

    /// Cancels every task and waits for each to stop (between its steps).
    func stopAll() async {
        let running = tasks.withLockedValue { tasks in Array(tasks.values) }
        for task in running { task.cancel() }
        for task in running { await task.value }
    }
}
