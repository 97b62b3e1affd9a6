import Foundation
import Synchronization
import Testing
@testable import RinMatching

/// `Parallel.forEach` on the caller's thread and `HelperThread`: every item exactly once, from a
/// helper that is watching, parked, or busy with another caller's job.
@Suite struct HelperThreadTests {
    /// Runs `forEach` over `count` items, each doing a little work, and returns how many times
    /// each item was called and how many the helper (worker 1) took.
    func visits(_ count: Int) -> (counts: [Int], byHelper: Int) {
        // One slot per item and worker, each written by one call only (if items are called once).
        let workers = Parallel.workers
        let slots = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(1, count * workers))
        slots.initialize(repeating: 0)
        defer { slots.deallocate() }
        nonisolated(unsafe) let base = slots
        Parallel.forEach(count) { item, worker in
            var hash: UInt64 = 14_695_981_039_346_656_037
            for byte in 0..<200 { hash = (hash ^ UInt64(byte + item)) &* 1_099_511_628_211 }
            precondition(hash != 0)
            base[item * workers + worker] += 1
        }
        let counts = (0..<count).map { item in (0..<workers).reduce(0) { $0 + slots[item * workers + $1] } }
        return (counts, (0..<count).reduce(0) { $0 + slots[$1 * workers + 1] })
    }

    @Test func everyItemIsCalledOnce() {
        var byHelper = 0
        for round in 0..<2_000 {
            let count = round % 301
            let (counts, helped) = visits(count)
            #expect(counts == Array(repeating: 1, count: count), "\(count) items")
            byHelper += helped
        }
        if Parallel.cores >= 2, #available(macOS 15, iOS 18, *) {
            // The helper watches between jobs, so it takes a share; on one core there is none.
            #expect(HelperThread.shared != nil)
            #expect(byHelper > 0)
        } else {
            #expect(byHelper == 0)
        }
    }

    @Test func aParkedHelperLosesNoItem() async throws {
        for _ in 0..<5 {
            // Longer than the helper watches: it has parked by the next job.
            guard #available(macOS 15, iOS 18, *) else { return }
            try await Task.sleep(for: HelperThread.watch * 3)
            let (counts, _) = visits(257)
            #expect(counts == Array(repeating: 1, count: 257))
        }
    }

    @Test func callersAtOnceEachGetEveryItem() {
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { caller in
            for round in 0..<200 {
                let count = 50 + (round * 7 + caller) % 200
                if visits(count).counts != Array(repeating: 1, count: count) { failures.add(1, ordering: .relaxed) }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
    }

    @Test func coresAreThoseTheSchedulerAllows() {
        #expect(Parallel.allowedCores(status: "Name:\tkindred\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n") == 2)
        #expect(Parallel.allowedCores(status: "Cpus_allowed:\t1\n") == 1)
        #expect(Parallel.allowedCores(status: "Cpus_allowed:\tff,ffffffff\n") == 40)
        #expect(Parallel.allowedCores(status: "Name:\tkindred\n") == nil)
        #expect(Parallel.allowedCores(status: "Cpus_allowed:\t0\n") == nil)
        #expect(Parallel.cores >= 1 && Parallel.cores <= ProcessInfo.processInfo.activeProcessorCount)
    }
}
