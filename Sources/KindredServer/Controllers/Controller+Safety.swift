import Foundation
import KindredAPI
import Vapor

extension Controller {
    func listBlockedProfiles(_ input: Operations.ListBlockedProfiles.Input) async throws -> Operations.ListBlockedProfiles.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let blocks = try await SafetyService(context: request.context).blocked(by: caller.userID, page: page)
            .map { try $0.dto(person: $0.blocked, context: request.context) }
        return .ok(.init(body: .json(.init(items: blocks.items, nextCursor: blocks.nextCursor))))
    }

    func blockProfile(_ input: Operations.BlockProfile.Input) async throws -> Operations.BlockProfile.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let (block, person, created) = try await SafetyService(context: request.context).block(username: body.username, by: caller.userID)
        let dto = try block.dto(person: person, context: request.context)
        return created ? .created(.init(body: .json(dto))) : .ok(.init(body: .json(dto)))
    }

    func unblockProfile(_ input: Operations.UnblockProfile.Input) async throws -> Operations.UnblockProfile.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await SafetyService(context: request.context).unblock(username: input.path.username, by: caller.userID)
        return .noContent(.init())
    }

    func createReport(_ input: Operations.CreateReport.Input) async throws -> Operations.CreateReport.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let (report, created) = try await SafetyService(context: request.context).report(
            kind: body.target.kind.rawValue, id: body.target.id, reason: body.reason.rawValue, note: body.note, by: caller.userID)
        let dto = try report.dto(context: request.context)
        return created ? .created(.init(body: .json(dto))) : .ok(.init(body: .json(dto)))
    }
}

extension Block {
    func dto(person: User, context: ServiceContext) throws -> Components.Schemas.BlockedProfile {
        .init(profile: try context.profile(of: person), blockedAt: createdAt ?? context.now)
    }
}

extension Report {
    /// The reporter's view: what they reported and where it stands, never who moderated it.
    func dto(context: ServiceContext) throws -> Components.Schemas.Report {
        guard let reason = Components.Schemas.ReportReason(rawValue: reason) else {
            throw AppError(.internalError, .internalServerError, "A stored report has an unknown reason.")
        }
        return .init(
            id: try requireID(), target: .init(kind: try Self.kind(targetKind), id: targetID), reason: reason,
            status: .init(status), createdAt: createdAt ?? context.now)
    }
}

extension Report {
    static func kind(_ stored: String) throws -> Components.Schemas.ReportTarget.KindPayload {
        guard let kind = Components.Schemas.ReportTarget.KindPayload(rawValue: stored) else {
            throw AppError(.internalError, .internalServerError, "A stored report names a kind the contract no longer has.")
        }
        return kind
    }
}

extension Components.Schemas.Report.StatusPayload {
    init(_ status: Report.Status) {
        switch status {
        case .open: self = .open
        case .dismissed: self = .dismissed
        case .hidden: self = .hidden
        case .suspended: self = .suspended
        }
    }
}
