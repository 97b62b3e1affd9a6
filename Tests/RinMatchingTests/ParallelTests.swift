import Foundation
import Testing
@testable import RinMatching

/// `Parallel`: the cores it counts are the ones the scheduler allows.
@Suite struct ParallelTests {
    @Test func coresAreThoseTheSchedulerAllows() {
        #expect(Parallel.allowedCores(status: "Name:\tkindred\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n") == 2)
        #expect(Parallel.allowedCores(status: "Cpus_allowed:\t1\n") == 1)
        #expect(Parallel.allowedCores(status: "Cpus_allowed:\tff,ffffffff\n") == 40)
        #expect(Parallel.allowedCores(status: "Name:\tkindred\n") == nil)
        #expect(Parallel.allowedCores(status: "Cpus_allowed:\t0\n") == nil)
        #expect(Parallel.cores >= 1 && Parallel.cores <= ProcessInfo.processInfo.activeProcessorCount)
    }

    @Test func mapGivesTheSerialResultInOrder() {
        for count in [0, 1, 31, 32, 64, 1_000, 10_007] {
            #expect(Parallel.map(count) { $0 &* 31 &+ 7 } == (0..<count).map { $0 &* 31 &+ 7 }, "\(count) items")
        }
    }
}
