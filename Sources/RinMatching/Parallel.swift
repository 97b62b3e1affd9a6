import Foundation

/// The matcher's per-item work spread over the machine's cores. Normalising a card and scoring a
/// new contact against its candidates each read only their own input (and, for scoring, an index
/// no one writes meanwhile), so the items can be computed on any thread; the results come back in
/// item order, so nothing downstream can tell how they were computed.
enum Parallel {
    /// `transform(0) … transform(count - 1)`, in order, computed in contiguous runs on every
    /// core. Below `serialBelow` items a run, on the caller's thread alone: waking a second
    /// thread costs about as much as normalising a few dozen cards.
    ///
    /// Eight runs a core rather than one: a core taken away for a moment (another process, a
    /// virtual machine's neighbour) then delays only its current run, and the other cores take
    /// the rest; with one run a core, the whole map waited for the slowest.
    /// Read once: on Linux each read parses the cgroup's quota, which cost a hundredth of
    /// normalising a whole book.
    static let cores: Int = {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return max(1, min(cores, allowedCores ?? cores))
    }()

    /// The cores the scheduler lets this process run on (`taskset`, a container pinned to
    /// cores), which Foundation's count leaves out: a second thread on the caller's only core
    /// would take turns with it. Linux only.
    private static var allowedCores: Int? {
        #if os(Linux)
        (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)).flatMap(allowedCores(status:))
        #else
        nil
        #endif
    }

    /// The `Cpus_allowed` mask of a `/proc/<pid>/status` text (hexadecimal, in groups of 32
    /// bits with commas), counted.
    static func allowedCores(status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else { return nil }
        let allowed = line.dropFirst("Cpus_allowed:".count).compactMap(\.hexDigitValue).reduce(0) { $0 + $1.nonzeroBitCount }
        return allowed > 0 ? allowed : nil
    }

    static func map<Element: Sendable>(_ count: Int, serialBelow: Int = 32, _ transform: @Sendable (Int) -> Element) -> [Element] {
        let cores = Self.cores
        if cores < 2 || count / max(1, serialBelow) < 2 { return (0..<count).map(transform) }
        let runs = min(8 * cores, count / max(1, serialBelow))
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each run writes only its own slice of the buffer.
            nonisolated(unsafe) let base = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: runs) { run in
                for index in (count * run / runs)..<(count * (run + 1) / runs) {
                    (base + index).initialize(to: transform(index))
                }
            }
            initialized = count
        }
    }
}
