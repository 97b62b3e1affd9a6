import Fluent
import Foundation

/// One run of a scheduled job for one period (a day, for a daily job), shared by every instance:
/// the row is how they agree that each run happens once. Its holder keeps a lease while it
/// works; a holder that stops lets its lease lapse, and another instance takes the run over.
/// No person's data is here.
final class JobRun: Model, @unchecked Sendable {
    static let schema = "job_runs"

    @ID(key: .id) var id: UUID?
    @Field(key: "job") var job: String
    /// The period the run is for (`2026-11-25` for a daily job).
    @Field(key: "period") var period: String
    /// The claim working it: a random token written by each claim (`JobRunner.claim`).
    @Field(key: "holder") var holder: UUID
    @Field(key: "lease_until") var leaseUntil: Date
    @Field(key: "started_at") var startedAt: Date
    @OptionalField(key: "finished_at") var finishedAt: Date?
    /// How many holders took it: more than one means one stopped before finishing.
    @Field(key: "attempts") var attempts: Int

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $job, $period, $holder, $leaseUntil, $startedAt, $finishedAt, $attempts]
    }

    init() {}

    init(job: String, period: String, holder: UUID, leaseUntil: Date, at now: Date) {
        self.job = job
        self.period = period
        self.holder = holder
        self.leaseUntil = leaseUntil
        startedAt = now
        attempts = 1
    }
}

struct CreateJobRuns: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(JobRun.schema)
            .id()
            .field("job", .string, .required)
            .field("period", .string, .required)
            .field("holder", .uuid, .required)
            .field("lease_until", .datetime, .required)
            .field("started_at", .datetime, .required)
            .field("finished_at", .datetime)
            .field("attempts", .int, .required)
            .unique(on: "job", "period")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(JobRun.schema).delete()
    }
}
