import Fluent
import Foundation
import KindredAPI
import RinPolicy

/// Rin's security inbox (docs/RIN-PART2.md §5): one place for what needs me or happened to my
/// account, in sections, each item with a state. Access requests are part 1's asks to any of my
/// profiles; disputes are those I raised or that are about me; account alerts are the
/// foundation's; reports are those I filed.
struct RinSecurityService {
    let context: ServiceContext

    enum Section: String, CaseIterable, Sendable {
        case access, disputes, alerts, reports
    }

    enum Filter: String, Sendable {
        case all, action, resolved
    }

    enum State: String, Sendable {
        /// Needs me.
        case action
        /// Waits on someone else (a moderator).
        case waiting
        case resolved
    }

    struct Item {
        var id: UUID
        var section: Section
        var state: State
        var createdAt: Date
        var ask: Components.Schemas.RinSecurityAsk?
        var alert: AccountAlert?
        var report: Report?
        var dispute: (RinDispute, RinDisputeService.Role)?
    }

    struct Counts {
        var section: Section
        var action: Int
        var unread: Int
    }

    /// Each section's items that need me, and those I have not seen.
    func counts(of userID: UUID) async throws -> [Counts] {
        let (settings, _) = try await RinProfileService(context: context).settings(of: userID)
        let seen = settings.securitySeenAt ?? .distantPast
        let profiles = try await myProfiles(userID)
        let database = context.database
        let pendingAsks = RinAsk.query(on: database).filter(\.$profile.$id ~~ profiles).filter(\.$status == .pending)
        let alerts = AccountAlert.query(on: database).filter(\.$user.$id == userID)
        let reports = Report.query(on: database).filter(\.$reporter.$id == userID)
        return [
            Counts(section: .access, action: try await pendingAsks.count(),
                   unread: try await RinAsk.query(on: database).filter(\.$profile.$id ~~ profiles).filter(\.$createdAt > seen).count()),
            Counts(section: .disputes,
                   action: try await RinDispute.query(on: database).filter(\.$subjectUser.$id == userID).filter(\.$status == .open).count(),
                   unread: try await RinDispute.query(on: database)
                       .group(.or) { $0.filter(\.$subjectUser.$id == userID).filter(\.$claimantUser.$id == userID) }
                       .filter(\.$createdAt > seen).count()),
            Counts(section: .alerts, action: try await alerts.copy().filter(\.$kind == .newDevice).filter(\.$answer == nil).count(),
                   unread: try await alerts.copy().filter(\.$createdAt > seen).count()),
            Counts(section: .reports, action: 0,
                   unread: try await reports.copy().filter(\.$resolvedAt > seen).count()),
        ]
    }

    /// Everything up to now counts as seen.
    func markSeen(by userID: UUID) async throws {
        let (settings, _) = try await RinProfileService(context: context).settings(of: userID)
        settings.securitySeenAt = context.now
        try await settings.save(on: context.database)
    }

    /// One section's items, newest first.
    func items(_ section: Section, filter: Filter, of userID: UUID, page: PageRequest) async throws -> (Page<Item>, seen: Date) {
        let (settings, _) = try await RinProfileService(context: context).settings(of: userID)
        let seen = settings.securitySeenAt ?? .distantPast
        let database = context.database
        switch section {
        case .access:
            let profiles = try await RinProfile.query(on: database).filter(\.$user.$id == userID).all()
            let byID = Dictionary(uniqueKeysWithValues: profiles.compactMap { profile in profile.id.map { ($0, profile) } })
            let query = RinAsk.query(on: database).filter(\.$profile.$id ~~ Array(byID.keys)).with(\.$requesterProfile)
            switch filter {
            case .all: break
            case .action: query.filter(\.$status == .pending)
            case .resolved: query.filter(\.$status ~~ [.approved, .denied])
            }
            let rows = try await query.page(newestFirst: \.$createdAt, date: \.createdAt, page)
            var items: [Item] = []
            for row in rows.items {
                guard let profile = byID[row.$profile.id], let ask = try await askDTO(row, to: profile) else { continue }
                items.append(Item(id: try row.requireID(), section: .access, state: row.status == .pending ? .action : .resolved,
                                  createdAt: row.createdAt ?? context.now, ask: ask))
            }
            return (Page(items: items, nextCursor: rows.nextCursor), seen)
        case .disputes:
            let query = RinDispute.query(on: database)
            switch filter {
            case .all: query.group(.or) { $0.filter(\.$subjectUser.$id == userID).filter(\.$claimantUser.$id == userID) }
            case .action: query.filter(\.$subjectUser.$id == userID).filter(\.$status == .open)
            case .resolved:
                query.group(.or) { $0.filter(\.$subjectUser.$id == userID).filter(\.$claimantUser.$id == userID) }
                    .filter(\.$status ~~ [.corrected, .withdrawn, .upheld, .dismissed])
            }
            let rows = try await query.page(newestFirst: \.$createdAt, date: \.createdAt, page)
            return (rows.map { dispute in
                let role: RinDisputeService.Role = dispute.$subjectUser.id == userID ? .subject : .claimant
                let state: State = !dispute.status.isOpen ? .resolved : (role == .subject && dispute.status == .open ? .action : .waiting)
                return Item(id: dispute.id ?? UUID(), section: .disputes, state: state, createdAt: dispute.createdAt, dispute: (dispute, role))
            }, seen)
        case .alerts:
            let query = AccountAlert.query(on: database).filter(\.$user.$id == userID)
            switch filter {
            case .all: break
            case .action: query.filter(\.$kind == .newDevice).filter(\.$answer == nil)
            case .resolved: query.group(.or) { $0.filter(\.$kind == .sessionsRevoked).filter(\.$answer != nil) }
            }
            let rows = try await query.page(newestFirst: \.$createdAt, date: \.createdAt, page)
            return (rows.map { alert in
                Item(id: alert.id ?? UUID(), section: .alerts, state: alert.kind == .newDevice && alert.answer == nil ? .action : .resolved,
                     createdAt: alert.createdAt, alert: alert)
            }, seen)
        case .reports:
            let query = Report.query(on: database).filter(\.$reporter.$id == userID)
            switch filter {
            case .all: break
            case .action: return (Page(items: [], nextCursor: nil), seen)
            case .resolved: query.filter(\.$status != .open)
            }
            let rows = try await query.page(newestFirst: \.$createdAt, date: \.createdAt, page)
            return (rows.map { report in
                Item(id: report.id ?? UUID(), section: .reports, state: report.status == .open ? .waiting : .resolved,
                     createdAt: report.createdAt ?? context.now, report: report)
            }, seen)
        }
    }

    private func myProfiles(_ userID: UUID) async throws -> [UUID] {
        try await RinProfile.query(on: context.database).filter(\.$user.$id == userID).all(\.$id)
    }

    /// An ask as its owner sees it in the inbox; nil when its requester is hidden from them now (a
    /// block, the requester's own policy) or the field is gone.
    private func askDTO(_ ask: RinAsk, to profile: RinProfile) async throws -> Components.Schemas.RinSecurityAsk? {
        guard let requester = try? await RinVisibility.view(of: ask.requesterProfile, by: .profile(profile), context: context),
              let key = RinFieldKey(ask.fieldKey),
              let field = try await RinVisibility.existingField(key, of: profile, on: context.database)
        else { return nil }
        let status: Components.Schemas.RinSecurityAsk.StatusPayload = switch ask.status {
        case .pending: .pending
        case .approved: .approved
        case .denied: .denied
        }
        return .init(profileId: try profile.requireID(), profileName: profile.displayName, requester: requester,
                     field: .init(key: key.description, kind: .init(rawValue: field.kind.rawValue) ?? .name,
                                  label: field.label.map(Components.Schemas.RinFieldLabel.init)),
                     status: status, decidedAt: ask.decidedAt)
    }
}

/// The security inbox remembers when it was last opened.
struct AddRinSecuritySeen: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RinSettings.schema).field("security_seen_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RinSettings.schema).deleteField("security_seen_at").update()
    }
}
