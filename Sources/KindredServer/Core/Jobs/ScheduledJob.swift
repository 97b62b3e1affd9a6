import Foundation

/// Work that runs once per period across every instance (docs/RIN-PART2.md §6): an app lists its
/// jobs on the seam (`KindredApp.jobs`), and every instance's `JobRunner` offers to run them.
struct ScheduledJob: Sendable {
    let name: String
    /// The period `now` falls in, or nil when no run is due yet (a daily job before its hour).
    let period: @Sendable (Date) -> String?
    /// The work. It should be safe to run again from the start: a run whose holder stopped is
    /// taken over and run again by another instance.
    let work: @Sendable (ServiceContext) async throws -> Void

    /// Once a UTC day, from `hour` on.
    static func daily(_ name: String, after hour: Int, work: @escaping @Sendable (ServiceContext) async throws -> Void) -> ScheduledJob {
        ScheduledJob(name: name, period: { now in
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let parts = calendar.dateComponents([.year, .month, .day, .hour], from: now)
            guard let year = parts.year, let month = parts.month, let day = parts.day, (parts.hour ?? 0) >= hour else { return nil }
            return String(format: "%04d-%02d-%02d", year, month, day)
        }, work: work)
    }
}
