import Fluent
import Foundation
import NIOConcurrencyHelpers
import Vapor

/// One instance's side of the scheduled jobs: every `interval` it offers to run each due job, and
/// the database decides which instance does (`claim`). While it works it renews its lease; when
/// it is done it marks the run finished, so no instance runs that period again.
final class JobRunner: Sendable {
    /// How long a claim holds without renewal: a holder that stopped is replaced after this.
    static let lease: TimeInterval = 120

    let jobs: [ScheduledJob]
    private let loop = NIOLockedValueBox<Task<Void, Never>?>(nil)

    init(jobs: [ScheduledJob]) {
        self.jobs = jobs
    }

    /// Offers every due job once: runs those this instance claims, one after another. Gives the
    /// names of the jobs it ran.
    @discardableResult
    func tick(_ context: ServiceContext) async -> [String] {
        var ran: [String] = []
        for job in jobs {
            guard let period = job.period(context.now) else { continue }
            let clock = ContinuousClock(), start = clock.now
            do {
                guard let claim = try await claim(job.name, period: period, context: context) else { continue }
                try await run(job, period: period, claim: claim, context: context)
                context.services.metrics.recordJobRun(job.name, outcome: "finished", duration: clock.now - start)
                ran.append(job.name)
            } catch {
                context.services.metrics.recordJobRun(job.name, outcome: "failed", duration: clock.now - start)
                // Left unfinished: its lease lapses and an instance runs it again.
                context.logger.error("Scheduled job \(job.name) for \(period) failed", metadata: ["error": .string("\(error)")])
            }
        }
        return ran
    }

    /// Takes the run of `job` for `period` if nobody has it: a new row, or an unfinished one whose
    /// lease lapsed (a conditional update, so of two instances one wins). Each claim writes a new
    /// token as the row's holder, and the claim is this one's only if the token is still there.
    func claim(_ job: String, period: String, context: ServiceContext) async throws -> UUID? {
        let now = context.now, until = now.addingTimeInterval(Self.lease), token = UUID()
        let database = context.database
        if try await JobRun.query(on: database).filter(\.$job == job).filter(\.$period == period).first() == nil {
            do {
                try await JobRun(job: job, period: period, holder: token, leaseUntil: until, at: now).create(on: database)
                return token
            } catch let error as any DatabaseError where error.isConstraintFailure {
                // Another instance made it first: it may still be taken over below.
            }
        }
        try await JobRun.query(on: database).filter(\.$job == job).filter(\.$period == period)
            .filter(\.$finishedAt == nil).filter(\.$leaseUntil < now)
            .set(\.$holder, to: token).set(\.$leaseUntil, to: until).set(\.$startedAt, to: now).update()
        guard let row = try await JobRun.query(on: database).filter(\.$job == job).filter(\.$period == period).first(),
              row.holder == token
        else { return nil }
        row.attempts += 1
        try await row.save(on: database)
        return token
    }

    /// Works the claimed run, renewing the lease a third of the way through it each time, and
    /// marks it finished if it still holds it.
    private func run(_ job: ScheduledJob, period: String, claim: UUID, context: ServiceContext) async throws {
        let renewal = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(Self.lease / 3))
                guard !Task.isCancelled else { return }
                try? await JobRun.query(on: context.database).filter(\.$job == job.name).filter(\.$period == period)
                    .filter(\.$holder == claim).set(\.$leaseUntil, to: context.now.addingTimeInterval(Self.lease)).update()
            }
        }
        defer { renewal.cancel() }
        try await job.work(context)
        try await JobRun.query(on: context.database).filter(\.$job == job.name).filter(\.$period == period)
            .filter(\.$holder == claim).set(\.$finishedAt, to: context.now).update()
    }

    /// Ticks every `interval` until `stop()`.
    func start(_ context: ServiceContext, every interval: Duration) {
        guard !jobs.isEmpty else { return }
        loop.withLockedValue { task in
            task?.cancel()
            task = Task { [self] in
                while !Task.isCancelled {
                    await tick(context)
                    try? await Task.sleep(for: interval)
                }
            }
        }
    }

    func stop() async {
        let task = loop.withLockedValue { task in
            defer { task = nil }
            return task
        }
        task?.cancel()
        await task?.value
    }
}

/// Starts the instance's runner once the server has booted (a minute between offers) and stops
/// it, waiting for a run under way, when it shuts down.
struct JobRunnerLifecycle: LifecycleHandler {
    let runner: JobRunner
    var interval: Duration = .seconds(60)

    func didBoot(_ application: Application) throws {
        runner.start(application.context, every: interval)
    }

    func shutdownAsync(_ application: Application) async {
        await runner.stop()
    }

    func shutdown(_ application: Application) {}
}
