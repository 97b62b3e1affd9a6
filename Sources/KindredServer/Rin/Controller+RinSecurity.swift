import Foundation
import KindredAPI
import Vapor

// MARK: - The security inbox

extension Controller {
    func getRinSecurity(_ input: Operations.GetRinSecurity.Input) async throws -> Operations.GetRinSecurity.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let counts = try await RinSecurityService(context: request.context).counts(of: caller.userID)
        return .ok(.init(body: .json(.init(counts))))
    }

    func markRinSecurityRead(_ input: Operations.MarkRinSecurityRead.Input) async throws -> Operations.MarkRinSecurityRead.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let service = RinSecurityService(context: request.context)
        try await service.markSeen(by: caller.userID)
        return .ok(.init(body: .json(.init(try await service.counts(of: caller.userID)))))
    }

    func listRinSecurityItems(_ input: Operations.ListRinSecurityItems.Input) async throws -> Operations.ListRinSecurityItems.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let section = RinSecurityService.Section(rawValue: input.query.section.rawValue) ?? .access
        let filter = RinSecurityService.Filter(rawValue: input.query.filter?.rawValue ?? "all") ?? .all
        let context = request.context
        let (items, seen) = try await RinSecurityService(context: context).items(section, filter: filter, of: caller.userID, page: page)
        let disputes = RinDisputeService(context: context)
        var dtos: [Components.Schemas.RinSecurityItem] = []
        for item in items.items {
            var dispute: Components.Schemas.RinDispute?
            if let (row, role) = item.dispute {
                // The other party's account may be deleted while the list is read (its disputes go
                // with it): such a dispute is left out, not a failed page.
                guard let shown = try await disputes.dtoIfPartiesRemain(row, role: role) else { continue }
                dispute = shown
            }
            dtos.append(.init(
                id: item.id, section: input.query.section, state: .init(rawValue: item.state.rawValue) ?? .resolved,
                createdAt: item.createdAt, unread: (item.report?.resolvedAt ?? item.createdAt) > seen,
                ask: item.ask, alert: try item.alert?.dto(currentSession: caller.sessionID), report: try item.report?.dto(context: context),
                dispute: dispute))
        }
        return .ok(.init(body: .json(.init(items: dtos, nextCursor: items.nextCursor))))
    }
}

extension Components.Schemas.RinSecuritySummary {
    init(_ counts: [RinSecurityService.Counts]) {
        self.init(sections: counts.map { .init(section: .init(rawValue: $0.section.rawValue) ?? .access, action: $0.action, unread: $0.unread) },
                  action: counts.reduce(0) { $0 + $1.action }, unread: counts.reduce(0) { $0 + $1.unread })
    }
}
