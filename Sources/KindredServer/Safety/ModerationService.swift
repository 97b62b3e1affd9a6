import Fluent
import Foundation

/// What a moderator does with reports: read the open ones, then dismiss one, hide its content
/// (through the content kind's own `hide`), or suspend the account behind it.
struct ModerationService {
    let context: ServiceContext

    enum Resolution: String, CaseIterable, Sendable {
        case dismiss, hide, suspend
    }

    /// Open reports, oldest first (the longest waiting is read first), with both people loaded.
    func openReports(limit: Int) async throws -> [Report] {
        try await Report.query(on: context.database).filter(\.$status == .open)
            .with(\.$reporter).with(\.$subject)
            .sort(\.$createdAt, .ascending).sort(\.$id, .ascending)
            .limit(limit).all()
    }

    /// Resolves an open report; a report resolved already is a conflict, so two moderators cannot
    /// act on one report twice.
    @discardableResult
    func resolve(_ reportID: UUID, _ resolution: Resolution) async throws -> Report {
        guard let report = try await Report.find(reportID, on: context.database) else { throw AppError.notFound("report") }
        guard report.status == .open else {
            throw AppError(.conflict, .conflict, "That report was already resolved (\(report.status.rawValue)).")
        }
        switch resolution {
        case .dismiss:
            report.status = .dismissed
        case .hide:
            guard let content = KindredApps.reportableContent[report.targetKind] else {
                throw AppError(.conflict, .conflict, "Kindred no longer has content of the kind “\(report.targetKind)”.")
            }
            try await content.hide(report.contentID, in: context)
            report.status = .hidden
        case .suspend:
            try await suspend(report.$subject.id)
            report.status = .suspended
        }
        report.resolvedAt = context.now
        try await report.save(on: context.database)
        context.logger.notice("A report was resolved", metadata: [
            "report": .string(reportID.uuidString), "resolution": .string(resolution.rawValue),
        ])
        return report
    }

    /// Suspends an account: it cannot sign in again, every session ends now (its devices hear so
    /// at once), and nobody else sees its profile.
    func suspend(_ userID: UUID) async throws {
        guard let user = try await User.find(userID, on: context.database) else { throw AppError.notFound("account") }
        let now = context.now
        let sessions = try await UserSession.active(of: userID, at: now, on: context.database).all(\.$id)
        try await context.database.writeTransaction { database in
            if user.suspendedAt == nil {
                user.suspendedAt = now
                try await user.save(on: database)
            }
            try await UserSession.query(on: database).filter(\.$user.$id == userID).filter(\.$revokedAt == nil)
                .set(\.$revokedAt, to: now).update()
        }
        for sessionID in sessions {
            await context.events.publish(.sessionRevoked(sessionID: sessionID), to: userID)
        }
    }

    /// Lifts a suspension; the person signs in again themselves.
    func unsuspend(username: String) async throws {
        guard let user = try await User.query(on: context.database).filter(\.$username == username.lowercased()).first() else {
            throw AppError.notFound("account")
        }
        user.suspendedAt = nil
        try await user.save(on: context.database)
    }
}
