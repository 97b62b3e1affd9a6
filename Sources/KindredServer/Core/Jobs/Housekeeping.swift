import Fluent
import Foundation
import SQLKit

/// The foundation's own scheduled jobs: what expires is removed once per period by whichever
/// instance claims the run (`JobRunner`), rather than on the requests of whoever comes along.
/// Each job is a bounded sweep, safe to run again (`ScheduledJob.work`).
enum Housekeeping {
    static let jobs: [ScheduledJob] = [
        .every("housekeeping.idempotency", hours: 1) { try await expireIdempotencyRecords($0) },
        .every("housekeeping.realtime-tickets", minutes: 10) { try await expireRealtimeTickets($0) },
        .every("housekeeping.rate-limits", hours: 1) { try await expireRateLimitHits($0) },
        .every("housekeeping.email-links", hours: 6) { try await expireEmailLinks($0) },
        .every("housekeeping.media", hours: 1) { try await MediaSweeper(context: $0).sweep() },
        .every("housekeeping.job-runs", hours: 24) { try await forgetJobRuns($0) },
        .every("housekeeping.data-exports", minutes: 10) { try await DataExportService.expire($0) },
        .every("housekeeping.push", hours: 1) { try await PushDelivery.sweep($0) },
        .every("housekeeping.pending-sign-ups", hours: 1) { try await SignUpConfirmation.sweep($0) },
    ]

    /// Every job an instance offers to run: these and the apps' (`KindredApp.jobs`).
    static var allJobs: [ScheduledJob] { jobs + KindredApps.all.flatMap { $0.jobs } }

    /// Replayable answers are kept a day (`IdempotencyMiddleware.retention`); a later request
    /// with the same key already finds an old one stale, so this only keeps the table small.
    @discardableResult
    static func expireIdempotencyRecords(_ context: ServiceContext) async throws -> Int {
        try await deleteRows(of: IdempotencyRecord.schema, where: "created_at",
                             before: context.now.addingTimeInterval(-IdempotencyMiddleware.retention), context)
    }

    /// A ticket lives a minute and is refused after (`RealtimeService.redeem`).
    @discardableResult
    static func expireRealtimeTickets(_ context: ServiceContext) async throws -> Int {
        try await deleteRows(of: RealtimeTicket.schema, where: "expires_at", before: context.now, context)
    }

    /// No limit counts further back than `RateLimiter.longestWindow`: older hits are read by nobody.
    @discardableResult
    static func expireRateLimitHits(_ context: ServiceContext) async throws -> Int {
        try await deleteRows(of: RateLimitHit.schema, where: "created_at",
                             before: context.now.addingTimeInterval(-RateLimiter.longestWindow), context)
    }

    /// A link lives an hour or two days and is refused after; a day's grace lets the page that
    /// refuses it still say it expired rather than that it never existed.
    @discardableResult
    static func expireEmailLinks(_ context: ServiceContext) async throws -> Int {
        try await deleteRows(of: EmailLink.schema, where: "expires_at", before: context.now.addingTimeInterval(-24 * 3600), context)
    }

    /// Finished runs are only history after their period: a month of it is kept for operators.
    @discardableResult
    static func forgetJobRuns(_ context: ServiceContext) async throws -> Int {
        try await deleteRows(of: JobRun.schema, where: "finished_at", before: context.now.addingTimeInterval(-30 * 24 * 3600), context)
    }

    /// Rows removed a thousand at a time, each batch its own statement: a sweep of a large table
    /// never holds the database (SQLite's single writer above all) for long.
    static let batch = 1_000

    private static func deleteRows(of schema: String, where column: String, before cutoff: Date,
                                   _ context: ServiceContext) async throws -> Int {
        let sql = try context.database.sql()
        var removed = 0
        while true {
            let batch = try await sql.raw("""
                DELETE FROM \(ident: schema) WHERE id IN \
                (SELECT id FROM \(ident: schema) WHERE \(ident: column) < \(bind: cutoff) LIMIT \(unsafeRaw: String(Self.batch))) \
                RETURNING id
                """).all().count
            removed += batch
            if batch < Self.batch { break }
        }
        if removed > 0 { context.logger.info("Housekeeping removed \(removed) expired rows of \(schema).") }
        return removed
    }
}
