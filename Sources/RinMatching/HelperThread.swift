import Foundation
import Synchronization

/// One long-lived second thread for work too short to wake a thread for: scoring a batch of 100
/// new contacts takes about a tenth of a millisecond, about what a parked thread takes to wake,
/// so `DispatchQueue.concurrentPerform` made it three times slower. After each job this thread
/// watches for the next one for a moment (`watch`) and parks only when none comes, so a batch
/// posted soon after the last finds it awake.
///
/// The caller never waits for it to wake: both take items from one counter, and a caller that
/// has taken the last item while the helper still sleeps withdraws the job and goes on alone.
/// It waits only for the item the helper is working on, if any.
@available(macOS 15, iOS 18, *)
final class HelperThread: @unchecked Sendable {
    /// Nil on a single core, where a second thread would only take turns with the first.
    static let shared: HelperThread? = Parallel.cores >= 2 ? HelperThread() : nil

    /// How long the thread watches for the next job before it parks. A batch's merges and the
    /// next batch's filing take a few tenths of a millisecond between two jobs; a server's
    /// import has its database work between them, and the thread parks then.
    static let watch = Duration.milliseconds(2)

    private enum State {
        static let idle = 0, posted = 1, taken = 2
    }

    /// `idle` → `posted` (the caller, once `job` is set) → `taken` (the helper) → `idle` (the
    /// helper, done); or `posted` → `idle` (the caller, withdrawing a job the helper never took).
    /// `job` is written only while the state is `idle` and read only while it is `taken`.
    private let state = Atomic<Int>(State.idle)
    private nonisolated(unsafe) var job: (() -> Void)?
    /// Whether the thread is parked (or about to be) on `wake`: the caller signals only then.
    private let parked = Atomic<Bool>(false)
    private let wake = NSCondition()
    /// One job at a time: a second caller (two imports matching at once) runs its items alone.
    private let busy = Atomic<Bool>(false)
    /// The next item of the current job to take.
    private let next = Atomic<Int>(0)

    private init() {
        let thread = Thread { [unowned(unsafe) self] in self.run() }
        thread.name = "RinMatching helper"
        thread.start()
    }

    /// Calls `body(item, worker)` once for every item in `0..<count`, on this thread (`worker`
    /// 0) and the helper (`worker` 1), and returns when every call has returned. Items are taken
    /// one at a time in order, so a slow item holds up only the worker that took it.
    func forEach(_ count: Int, _ body: @escaping @Sendable (_ item: Int, _ worker: Int) -> Void) {
        guard count > 1, busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            for item in 0..<count { body(item, 0) }
            return
        }
        defer { busy.store(false, ordering: .releasing) }
        next.store(0, ordering: .relaxed)
        job = { [unowned(unsafe) self] in self.take(count, body, as: 1) }
        state.store(State.posted, ordering: .sequentiallyConsistent)
        if parked.load(ordering: .sequentiallyConsistent) {
            wake.lock()
            wake.signal()
            wake.unlock()
        }
        take(count, body, as: 0)
        // The helper either never took the job (withdrawn here) or is finishing its last item.
        // Waited for by yielding, not spinning alone: on a busy machine the helper may be waiting
        // for this very core.
        if !state.compareExchange(expected: State.posted, desired: State.idle, ordering: .acquiringAndReleasing).exchanged {
            while state.load(ordering: .acquiring) != State.idle { sched_yield() }
        }
        job = nil
    }

    private func take(_ count: Int, _ body: (Int, Int) -> Void, as worker: Int) {
        while true {
            let item = next.wrappingAdd(1, ordering: .relaxed).oldValue
            if item >= count { return }
            body(item, worker)
        }
    }

    private func run() {
        let clock = ContinuousClock()
        while true {
            // Watch for a job, yielding between looks: on a core another thread wants (the
            // caller's, on a busy machine), that thread runs at once rather than at the end of a
            // time slice; on an idle core the yield returns at once. The clock is read once
            // every 64 looks.
            var deadline = clock.now.advanced(by: Self.watch)
            var looks = 0
            while true {
                if state.load(ordering: .relaxed) == State.posted,
                   state.compareExchange(expected: State.posted, desired: State.taken, ordering: .acquiringAndReleasing).exchanged {
                    job?()
                    state.store(State.idle, ordering: .releasing)
                    deadline = clock.now.advanced(by: Self.watch)
                    continue
                }
                looks &+= 1
                if looks & 63 == 0 && clock.now >= deadline { break }
                sched_yield()
            }
            // Park. `parked` is set before `state` is looked at again, and the caller sets `state`
            // before it looks at `parked` (both sequentially consistent): one of the two sees the
            // other's write, so a job is never left posted to a parked thread.
            wake.lock()
            parked.store(true, ordering: .sequentiallyConsistent)
            while state.load(ordering: .sequentiallyConsistent) != State.posted {
                wake.wait()
            }
            parked.store(false, ordering: .relaxed)
            wake.unlock()
        }
    }
}
