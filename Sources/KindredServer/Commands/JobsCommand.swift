import Foundation
import Vapor

/// `kindred jobs`: the scheduled jobs the apps registered (`KindredApp.jobs`). `list` (the
/// default) names them; `run NAME` runs one now in this process, outside its schedule: for an
/// operator who cannot wait for the next period, and for the benchmarks, which time a job alone.
/// Every job is safe to run again from the start (`ScheduledJob.work`), so a run here and the
/// period's scheduled run leave the same result.
enum JobsCommand {
    static func group() -> any AsyncCommandGroup {
        var commands = AsyncCommands()
        commands.use(List(), as: "list", isDefault: true)
        commands.use(Run(), as: "run")
        return commands.group(help: "Lists the scheduled jobs, or runs one now.")
    }

    static var jobs: [ScheduledJob] { Housekeeping.allJobs }

    struct List: AsyncCommand {
        struct Signature: CommandSignature {}

        var help: String { "Names the scheduled jobs." }

        func run(using context: CommandContext, signature: Signature) async throws {
            for job in JobsCommand.jobs { context.console.print(job.name) }
        }
    }

    struct Run: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "job", help: "The job's name, as `list` prints it.")
            var job: String
        }

        var help: String { "Runs one scheduled job now, and prints how long it took." }

        func run(using context: CommandContext, signature: Signature) async throws {
            guard let job = JobsCommand.jobs.first(where: { $0.name == signature.job }) else {
                throw AppError.notFound("scheduled job named “\(signature.job)” (`kindred jobs list` names them)")
            }
            let app = context.application
            try await app.migrateSafely(configuration: app.kindred.configuration)
            let clock = ContinuousClock()
            let took = try await clock.measure { try await job.work(app.context) }
            context.console.print("\(job.name) ran in \(took.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow)))")
        }
    }
}
