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

    /// Once every `interval` (a whole number of seconds that divides a day is best), periods
    /// counted from the Unix epoch: every instance agrees on them without talking.
    static func every(_ name: String, interval: TimeInterval, work: @escaping @Sendable (ServiceContext) async throws -> Void) -> ScheduledJob {
        precondition(interval >= 60, "a job runs at most once a minute, the runner's tick")
        return ScheduledJob(name: name, period: { now in
            let start = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / interval).rounded(.down) * interval)
            return start.formatted(.iso8601)
        }, work: work)
    }

    static func every(_ name: String, minutes: Int, work: @escaping @Sendable (ServiceContext) async throws -> Void) -> ScheduledJob {
        every(name, interval: TimeInterval(minutes * 60), work: work)
    }

    static func every(_ name: String, hours: Int, work: @escaping @Sendable (ServiceContext) async throws -> Void) -> ScheduledJob {
        every(name, interval: TimeInterval(hours * 3600), work: work)
    }
}
