import Fluent
import Foundation
import KindredTestSupport
import NIOConcurrencyHelpers
import Testing
import Vapor
@testable import KindredServer

/// Scheduled jobs run once per period across instances (docs/RIN-PART2.md §6): two runners on one
/// database stand for two instances behind a load balancer.
@Suite("Scheduled jobs: one run per period across instances, taken over when a holder stops")
struct JobRunnerTests {
    /// Counts its runs; `hold` keeps a run going until released, to catch a second instance
    /// taking it while it works.
    final class Counter: Sendable {
        let runs = NIOLockedValueBox(0)
        var count: Int { runs.withLockedValue { $0 } }
    }

    static func job(_ counter: Counter, period: String? = "2026-11-25", fail: Bool = false) -> ScheduledJob {
        ScheduledJob(name: "test.count", period: { _ in period }, work: { _ in
            counter.runs.withLockedValue { $0 += 1 }
            if fail { throw CancellationError() }
        })
    }

    @Test func onlyAServingInstanceOffersToRunJobs() {
        // Vapor boots the application for every command, and booting starts the runner.
        #expect(Application.willServe(arguments: ["kindred"]))
        #expect(Application.willServe(arguments: ["kindred", "serve", "--port", "8080"]))
        for command in [["migrate"], ["jobs", "run", "any"], ["jobs"], ["moderation", "list"], ["seed-demo"], ["serve", "--help"]] {
            #expect(!Application.willServe(arguments: ["kindred"] + command), "kindred \(command.joined(separator: " "))")
        }
    }

    @Test func theJobsCommandNamesEveryRegisteredJobAndRefusesAnUnknownOne() async throws {
        try await withKindred { kindred in
            let listed = try await CapturingConsole.run(JobsCommand.group(), kindred, [])
            #expect(listed.split(separator: "\n").map(String.init) == JobsCommand.jobs.map(\.name))
            await #expect(throws: AppError.self) {
                _ = try await CapturingConsole.run(JobsCommand.group(), kindred, ["run", "no.such.job"])
            }
        }
    }

    @Test func twoInstancesRunADueJobOnceAndNotAgainThatPeriod() async throws {
        try await withKindred { kindred in
            let counter = Counter()
            let (one, two) = (JobRunner(jobs: [Self.job(counter)]), JobRunner(jobs: [Self.job(counter)]))
            let context = kindred.app.context
            async let first = one.tick(context)
            async let second = two.tick(context)
            let ran = await [first, second]
            #expect(counter.count == 1, "\(ran)")
            #expect(ran.flatMap { $0 } == ["test.count"])
            // Finished: neither runs it again in the same period, even after its lease would lapse.
            kindred.clock.advance(by: JobRunner.lease * 2)
            let again = await one.tick(context) + (await two.tick(context))
            #expect(again.isEmpty)
            let row = try #require(try await JobRun.query(on: kindred.app.db).first())
            #expect(row.finishedAt != nil && row.attempts == 1 && row.period == "2026-11-25")
            // The next period runs once more.
            let tomorrow = JobRunner(jobs: [Self.job(counter, period: "2026-11-26")])
            #expect(await tomorrow.tick(context) == ["test.count"])
            #expect(counter.count == 2)
        }
    }

    @Test func aRunWhoseHolderStoppedIsTakenOverOnceItsLeaseLapses() async throws {
        try await withKindred { kindred in
            let counter = Counter()
            let context = kindred.app.context
            // An instance claims the run and stops before finishing it.
            let stopped = JobRunner(jobs: [Self.job(counter)])
            #expect(try await stopped.claim("test.count", period: "2026-11-25", context: context) != nil)
            let other = JobRunner(jobs: [Self.job(counter)])
            #expect(await other.tick(context).isEmpty, "the holder's lease still stands")
            #expect(counter.count == 0)
            // Past the lease, another instance takes it over and finishes it.
            kindred.clock.advance(by: JobRunner.lease + 1)
            #expect(await other.tick(context) == ["test.count"])
            #expect(counter.count == 1)
            let row = try #require(try await JobRun.query(on: kindred.app.db).first())
            #expect(row.attempts == 2 && row.finishedAt != nil)
        }
    }

    @Test func aFailedRunIsTriedAgainAfterItsLeaseAndNothingIsDueBeforeItsHour() async throws {
        try await withKindred { kindred in
            let counter = Counter()
            let context = kindred.app.context
            #expect(await JobRunner(jobs: [Self.job(counter, fail: true)]).tick(context).isEmpty)
            #expect(counter.count == 1)
            kindred.clock.advance(by: JobRunner.lease + 1)
            #expect(await JobRunner(jobs: [Self.job(counter)]).tick(context) == ["test.count"])
            #expect(counter.count == 2)
            // A daily job is due from its hour of the UTC day on, for that day.
            let daily = ScheduledJob.daily("test.daily", after: 2) { _ in }
            #expect(daily.period(Date(timeIntervalSince1970: 1_764_036_000)) == "2025-11-25")  // 02:00 UTC
            #expect(daily.period(Date(timeIntervalSince1970: 1_764_032_400)) == nil)           // 01:00 UTC
        }
    }

    @Test func theLoopRunsDueJobsUntilStopped() async throws {
        try await withKindred { kindred in
            let counter = Counter()
            let runner = JobRunner(jobs: [Self.job(counter)])
            runner.start(kindred.app.context, every: .milliseconds(20))
            try await eventually { counter.count == 1 }
            await runner.stop()
            try await Task.sleep(for: .milliseconds(100))
            #expect(counter.count == 1, "one run a period, however often the loop offers it")
        }
    }
}
