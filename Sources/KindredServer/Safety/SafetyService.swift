import Fluent
import Foundation

/// Blocking and reporting: what a person does to keep someone away or to tell the moderators.
struct SafetyService {
    let context: ServiceContext

    /// Blocks `username` for `userID`, and ends every app's relationship between the two. Blocking
    /// again changes nothing (`created` is false). Someone who already blocked the caller, or a
    /// suspended account, is a 404 like a username nobody has: neither can be seen.
    func block(username: String, by userID: UUID) async throws -> (block: Block, person: User, created: Bool) {
        guard let person = try await visibleOrBlockedByMe(username, userID) else { throw AppError.notFound("profile") }
        let personID = try person.requireID()
        guard personID != userID else { throw AppError.validation(field: "username", "You can't block yourself.") }
        if let existing = try await Self.block(by: userID, of: personID, on: context.database) { return (existing, person, false) }
        let block = Block(blocker: userID, blocked: personID)
        do {
            try await block.create(on: context.database)
        } catch {
            // The same block made by a parallel request: that one is the answer.
            guard (error as? any DatabaseError)?.isConstraintFailure == true,
                  let existing = try await Self.block(by: userID, of: personID, on: context.database)
            else { throw error }
            return (existing, person, false)
        }
        for app in KindredApps.all {
            try await app.endRelationships(between: userID, and: personID, in: context)
        }
        return (block, person, true)
    }

    func unblock(username: String, by userID: UUID) async throws {
        guard let person = try await User.query(on: context.database).filter(\.$username == username.lowercased()).first(),
              let block = try await Self.block(by: userID, of: person.requireID(), on: context.database)
        else { throw AppError.notFound("block") }
        try await block.delete(on: context.database)
    }

    /// The people `userID` blocked, most recent first.
    func blocked(by userID: UUID, page: PageRequest) async throws -> Page<Block> {
        try await Block.query(on: context.database).filter(\.$blocker.$id == userID)
            .with(\.$blocked) { $0.with(\.$avatar) }
            .page(newestFirst: \.$createdAt, date: \.createdAt, page)
    }

    /// Files a report of something the reporter can see. A second report of the same thing while
    /// the first is open returns the first (`created` false); reports are limited per person.
    func report(kind: String, id: String, reason: String, note: String?, by userID: UUID) async throws -> (Report, created: Bool) {
        let note = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let content = KindredApps.reportableContent[kind] else {
            throw AppError.validation(field: "target.kind", "Kindred has nothing called “\(kind)” to report.")
        }
        guard let found = try await content.find(id, seenBy: userID, in: context) else { throw AppError.notFound("content") }
        guard found.owner != userID else { throw AppError.validation(field: "target", "You can't report yourself or your own content.") }
        if let open = try await Report.query(on: context.database)
            .filter(\.$reporter.$id == userID).filter(\.$targetKind == kind).filter(\.$contentID == found.contentID)
            .filter(\.$status == .open).first() {
            return (open, false)
        }
        try await RateLimiter(database: context.database, now: context.now).hit(
            "report.user:\(userID.uuidString)", userID: userID,
            limit: .init(count: context.configuration.reportsPerHour, window: 3600))
        let report = Report()
        report.$reporter.id = userID
        report.$subject.id = found.owner
        report.targetKind = kind
        report.targetID = id
        report.contentID = found.contentID
        report.reason = reason
        report.note = note?.isEmpty == false ? note : nil
        report.status = .open
        try await report.create(on: context.database)
        context.logger.notice("A report was filed", metadata: ["report": .string(report.id?.uuidString ?? ""), "kind": .string(kind)])
        return (report, true)
    }

    /// The account behind `username` as the caller may act on it: visible to them, or one they
    /// blocked themselves (so they can see whom they are blocking again).
    private func visibleOrBlockedByMe(_ username: String, _ userID: UUID) async throws -> User? {
        if let user = try await ProfileService.visibleUser(username: username, to: userID, on: context.database) { return user }
        guard let user = try await User.query(on: context.database).filter(\.$username == username.lowercased()).with(\.$avatar).first(),
              user.suspendedAt == nil,
              try await Self.block(by: userID, of: user.requireID(), on: context.database) != nil,
              try await Self.block(by: user.requireID(), of: userID, on: context.database) == nil
        else { return nil }
        return user
    }

    static func block(by blockerID: UUID, of blockedID: UUID, on database: any Database) async throws -> Block? {
        try await Block.query(on: database).filter(\.$blocker.$id == blockerID).filter(\.$blocked.$id == blockedID).first()
    }
}
