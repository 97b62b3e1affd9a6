import Fluent
import Foundation
import KindredAPI
import RinPolicy
import Vapor

// MARK: - Asks and overrides

extension Controller {
    func createRinAsk(_ input: Operations.CreateRinAsk.Input) async throws -> Operations.CreateRinAsk.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let ask = try await RinAskService(context: request.context)
            .ask(input.path.profileId, field: body.fieldKey, actingAs: input.query.actingProfileId, by: caller.userID)
        // The same answer whether it waits, was declined or was just made.
        return .ok(.init(body: .json(.init(fieldKey: ask.fieldKey, requested: true))))
    }

    func listRinIncomingAsks(_ input: Operations.ListRinIncomingAsks.Input) async throws -> Operations.ListRinIncomingAsks.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let service = RinAskService(context: context)
        let (asks, nextCursor) = try await service.incomingPage(input.path.profileId, by: caller.userID, page: page)
        return .ok(.init(body: .json(.init(items: asks, nextCursor: nextCursor))))
    }

    func approveRinAsk(_ input: Operations.ApproveRinAsk.Input) async throws -> Operations.ApproveRinAsk.Output {
        let request = try request
        let caller = try await Caller.require(request)
        _ = try await RinAskService(context: request.context).approve(input.path.askId, allFields: input.query.allFields ?? false, by: caller.userID)
        return .noContent(.init())
    }

    func denyRinAsk(_ input: Operations.DenyRinAsk.Input) async throws -> Operations.DenyRinAsk.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await RinAskService(context: request.context).deny(input.path.askId, by: caller.userID)
        return .noContent(.init())
    }

    func setRinOverride(_ input: Operations.SetRinOverride.Input) async throws -> Operations.SetRinOverride.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        try await RinAskService(context: request.context).setOverride(
            input.path.profileId, viewer: body.viewerProfileId, scope: body.fieldKey, access: RinAccess(body.access), by: caller.userID)
        return .noContent(.init())
    }

    func deleteRinOverride(_ input: Operations.DeleteRinOverride.Input) async throws -> Operations.DeleteRinOverride.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await RinAskService(context: request.context).removeOverride(
            input.path.profileId, viewer: input.query.viewerProfileId, scope: input.query.fieldKey, by: caller.userID)
        return .noContent(.init())
    }
}

extension RinAskService {
    /// One page of incoming asks as the contract shows them.
    func incomingPage(_ profileID: UUID, by userID: UUID, page: PageRequest) async throws
        -> ([Components.Schemas.RinIncomingAsk], String?) {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        let rows = try await RinAsk.query(on: context.database).filter(\.$profile.$id == profile.requireID()).filter(\.$status == .pending)
            .with(\.$requesterProfile).page(newestFirst: \.$createdAt, date: \.createdAt, page)
        var items: [Components.Schemas.RinIncomingAsk] = []
        for row in rows.items {
            // A requester hidden from me now (a block, their own policy) is left out.
            guard let requester = try? await RinVisibility.view(of: row.requesterProfile, by: .profile(profile), context: context),
                  let key = RinFieldKey(row.fieldKey),
                  let field = try await RinVisibility.existingField(key, of: profile, on: context.database)
            else { continue }
            items.append(.init(id: try row.requireID(), requester: requester,
                               field: .init(key: key.description, kind: .init(rawValue: field.kind.rawValue) ?? .name,
                                            label: field.label.map(Components.Schemas.RinFieldLabel.init)),
                               createdAt: row.createdAt ?? context.now))
        }
        return (items, rows.nextCursor)
    }
}

extension Components.Schemas.RealtimeEvent {
    static func rinAskRequested(askId: UUID, profileId: UUID) -> Self {
        .rin_ask_requested(.init(_type: "rin.ask.requested", askId: askId, profileId: profileId))
    }

    static func rinAskApproved(askId: UUID, profileId: UUID) -> Self {
        .rin_ask_approved(.init(_type: "rin.ask.approved", askId: askId, profileId: profileId))
    }
}
