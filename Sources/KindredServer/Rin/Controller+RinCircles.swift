import Foundation
import KindredAPI
import RinPolicy
import Vapor

// MARK: - Circles

extension Controller {
    func listRinCircles(_ input: Operations.ListRinCircles.Input) async throws -> Operations.ListRinCircles.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let profile = try await RinProfileService(context: context).owned(input.path.profileId, by: caller.userID)
        let service = RinCircleService(context: context)
        let circles = try await service.circles(of: profile.requireID())
        let counts = try await service.memberCounts(circles)
        return .ok(.init(body: .json(.init(items: try circles.map { try $0.dto(memberCount: counts[$0.id ?? UUID()]) }))))
    }

    func createRinCircle(_ input: Operations.CreateRinCircle.Input) async throws -> Operations.CreateRinCircle.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let template: RinCircleTemplate = switch body.template ?? .restricted {
        case .permissive: .permissive
        case .moderate: .moderate
        case .restricted: .restricted
        }
        let circle = try await RinCircleService(context: request.context).create(
            .init(name: body.name, emoji: body.emoji, color: body.color?.rawValue, template: template),
            in: input.path.profileId, by: caller.userID)
        return .created(.init(body: .json(try circle.dto(memberCount: 0))))
    }

    func updateRinCircle(_ input: Operations.UpdateRinCircle.Input) async throws -> Operations.UpdateRinCircle.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let service = RinCircleService(context: request.context)
        let circle = try await service.update(input.path.circleId, with: .init(
            name: body.name, emoji: body.emoji, removeEmoji: body.removeEmoji ?? false, color: body.color?.rawValue), by: caller.userID)
        let counts = try await service.memberCounts([circle])
        return .ok(.init(body: .json(try circle.dto(memberCount: counts[circle.id ?? UUID()]))))
    }

    func deleteRinCircle(_ input: Operations.DeleteRinCircle.Input) async throws -> Operations.DeleteRinCircle.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await RinCircleService(context: request.context).delete(input.path.circleId, by: caller.userID)
        return .noContent(.init())
    }

    func listRinCircleMembers(_ input: Operations.ListRinCircleMembers.Input) async throws -> Operations.ListRinCircleMembers.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let service = RinCircleService(context: context)
        let circle = try await service.owned(input.path.circleId, by: caller.userID)
        let members = try await service.members(of: circle.requireID(), by: caller.userID,
                                                page: try PageRequest(limit: input.query.limit, cursor: input.query.cursor))
        let owner = try await circle.$profile.get(on: context.database)
        var items: [Components.Schemas.RinCircleMember] = []
        for member in members.items {
            items.append(try await Self.memberDTO(member, owner: owner, context: context))
        }
        return .ok(.init(body: .json(.init(items: items, nextCursor: members.nextCursor))))
    }

    func addRinCircleMembers(_ input: Operations.AddRinCircleMembers.Input) async throws -> Operations.AddRinCircleMembers.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let context = request.context
        let service = RinCircleService(context: context)
        let members = try await service.add(profiles: body.profileIds ?? [], contacts: body.contactIds ?? [], to: input.path.circleId,
                                            by: caller.userID)
        let owner = try await service.owned(input.path.circleId, by: caller.userID).$profile.get(on: context.database)
        var items: [Components.Schemas.RinCircleMember] = []
        for member in members { items.append(try await Self.memberDTO(member, owner: owner, context: context)) }
        return .ok(.init(body: .json(.init(items: items))))
    }

    func removeRinCircleMember(_ input: Operations.RemoveRinCircleMember.Input) async throws -> Operations.RemoveRinCircleMember.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await RinCircleService(context: request.context).remove(input.path.memberId, from: input.path.circleId, by: caller.userID)
        return .noContent(.init())
    }

    /// A contact by the book's own name for it; a Rin person by the name they let the circle's
    /// profile see, or none.
    private static func memberDTO(_ member: RinCircleMember, owner: RinProfile, context: ServiceContext) async throws
        -> Components.Schemas.RinCircleMember {
        var name: String?
        if let contact = member.$contact.value ?? nil {
            name = contact.shownName
        } else if let profile = member.$memberProfile.value ?? nil {
            name = try await rinName(of: profile, seenBy: owner, context: context)
        }
        return try member.dto(displayName: name, context: context)
    }

    /// A member's name only as they let the circle's profile see it.
    private static func rinName(of member: RinProfile, seenBy owner: RinProfile, context: ServiceContext) async throws -> String? {
        guard let resolver = try await RinVisibility.resolver(for: member, viewer: .profile(owner), on: context.database),
              resolver.resolve(.name).access == .allow else { return nil }
        return member.displayName
    }
}

// MARK: - Policies

extension Controller {
    func getRinPolicyGrid(_ input: Operations.GetRinPolicyGrid.Input) async throws -> Operations.GetRinPolicyGrid.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let grid = try await RinPolicyService(context: context).grid(of: input.path.profileId, by: caller.userID)
        let counts = try await RinCircleService(context: context).memberCounts(grid.circles)
        return .ok(.init(body: .json(try grid.dto(memberCounts: counts))))
    }

    func updateRinPolicies(_ input: Operations.UpdateRinPolicies.Input) async throws -> Operations.UpdateRinPolicies.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let context = request.context
        var updates: [RinCellUpdate] = []
        for cell in body.cells {
            guard let key = RinFieldKey(cell.fieldKey) else {
                throw AppError.validation(field: "cells", "\(cell.fieldKey) is not a field key: name, photo, bio or field:<id>.")
            }
            updates.append(RinCellUpdate(circleID: cell.circleId, field: key, access: RinAccess(cell.access)))
        }
        let grid = try await RinPolicyService(context: context).update(input.path.profileId, with: updates, by: caller.userID)
        let counts = try await RinCircleService(context: context).memberCounts(grid.circles)
        return .ok(.init(body: .json(try grid.dto(memberCounts: counts))))
    }

    func resetRinPolicies(_ input: Operations.ResetRinPolicies.Input) async throws -> Operations.ResetRinPolicies.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await RinPolicyService(context: request.context).reset(input.path.circleId, by: caller.userID)
        return .noContent(.init())
    }
}

// MARK: - People

extension Controller {
    func getRinPerson(_ input: Operations.GetRinPerson.Input) async throws -> Operations.GetRinPerson.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let view = try await RinPeopleService(context: request.context)
            .person(input.path.profileId, actingAs: input.query.actingProfileId, by: caller.userID)
        return .ok(.init(body: .json(view)))
    }

    func findRinPerson(_ input: Operations.FindRinPerson.Input) async throws -> Operations.FindRinPerson.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let view = try await RinPeopleService(context: request.context)
            .find(username: input.query.username, actingAs: input.query.actingProfileId, by: caller.userID)
        return .ok(.init(body: .json(view)))
    }

    func previewRinProfile(_ input: Operations.PreviewRinProfile.Input) async throws -> Operations.PreviewRinProfile.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let view = try await RinPeopleService(context: request.context)
            .preview(input.path.profileId, as: input.query.viewer, by: caller.userID)
        return .ok(.init(body: .json(view)))
    }
}
