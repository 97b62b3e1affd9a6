import Foundation

/// Work that lasts as long as the view state holding it (`@State`), not as long as the view is
/// on screen, as a `.task` does. A full-screen cover takes the view under it off screen, and a
/// tab switch takes a whole tab's stack: a `.task` is cancelled then and started again after,
/// missing whatever happened in between. The book keeps following its changes under an editor
/// this way, so the page just edited is current when the editor closes.
///
/// Not actor-isolated, so `deinit` (when the view's state goes: the book is closed, the account
/// signs out) may cancel the task.
final class LastingTask {
    private var task: Task<Void, Never>?

    /// Starts `work`, unless it has already started.
    func start(_ work: @escaping @MainActor @Sendable () async -> Void) {
        guard task == nil else { return }
        task = Task { await work() }
    }

    deinit {
        task?.cancel()
    }
}
