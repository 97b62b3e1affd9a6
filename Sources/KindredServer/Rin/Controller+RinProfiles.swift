import Foundation
import KindredAPI
import RinPolicy
import Vapor

// MARK: - Settings

extension Controller {
    func getRinSettings(_ input: Operations.GetRinSettings.Input) async throws -> Operations.GetRinSettings.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let (settings, primary) = try await RinProfileService(context: request.context).settings(of: caller.userID)
        return .ok(.init(body: .json(try settings.dto(primary: primary))))
    }

    func updateRinSettings(_ input: Operations.UpdateRinSettings.Input) async throws -> Operations.UpdateRinSettings.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let (settings, primary) = try await RinProfileService(context: request.context)
            .updateSettings(of: caller.userID, defaultRegion: body.defaultRegion, onboarded: body.onboarded,
                            showsConnections: body.showsConnections)
        return .ok(.init(body: .json(try settings.dto(primary: primary))))
    }
}

// MARK: - Profiles

extension Controller {
    func listRinProfiles(_ input: Operations.ListRinProfiles.Input) async throws -> Operations.ListRinProfiles.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let profiles = try await RinProfileService(context: context).list(of: caller.userID)
        return .ok(.init(body: .json(.init(items: try profiles.map { try $0.dto(context: context) }))))
    }

    func createRinProfile(_ input: Operations.CreateRinProfile.Input) async throws -> Operations.CreateRinProfile.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let context = request.context
        let service = RinProfileService(context: context)
        let profile = try await service.createAlternate(
            .init(kind: .init(body.kind), displayName: body.displayName, bio: body.bio, discoverable: body.discoverable ?? false),
            by: caller.userID)
        return .created(.init(body: .json(try profile.detailDTO(fields: [], context: context))))
    }

    func getRinProfile(_ input: Operations.GetRinProfile.Input) async throws -> Operations.GetRinProfile.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let service = RinProfileService(context: context)
        let profile = try await service.owned(input.path.profileId, by: caller.userID)
        let fields = try await service.fields(of: profile.requireID())
        return .ok(.init(body: .json(try profile.detailDTO(fields: fields, context: context))))
    }

    func updateRinProfile(_ input: Operations.UpdateRinProfile.Input) async throws -> Operations.UpdateRinProfile.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let context = request.context
        let service = RinProfileService(context: context)
        let profile = try await service.update(input.path.profileId, with: .init(
            displayName: body.displayName, bio: body.bio, photoID: body.photoId, removePhoto: body.removePhoto ?? false,
            discoverable: body.discoverable), by: caller.userID)
        let fields = try await service.fields(of: profile.requireID())
        return .ok(.init(body: .json(try profile.detailDTO(fields: fields, context: context))))
    }

    func deleteRinProfile(_ input: Operations.DeleteRinProfile.Input) async throws -> Operations.DeleteRinProfile.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await RinProfileService(context: request.context).delete(input.path.profileId, by: caller.userID)
        return .noContent(.init())
    }

    func createRinProfileField(_ input: Operations.CreateRinProfileField.Input) async throws -> Operations.CreateRinProfileField.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let field = try await RinProfileService(context: request.context).addField(
            .init(kind: .init(body.kind), label: body.label.map(RinFieldLabel.init), value: body.value, isPrimary: body.isPrimary),
            to: input.path.profileId, by: caller.userID)
        return .created(.init(body: .json(try field.dto())))
    }

    func updateRinProfileField(_ input: Operations.UpdateRinProfileField.Input) async throws -> Operations.UpdateRinProfileField.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let field = try await RinProfileService(context: request.context).updateField(
            input.path.fieldId, of: input.path.profileId,
            with: .init(label: body.label.map(RinFieldLabel.init), value: body.value, isPrimary: body.isPrimary), by: caller.userID)
        return .ok(.init(body: .json(try field.dto())))
    }

    func deleteRinProfileField(_ input: Operations.DeleteRinProfileField.Input) async throws -> Operations.DeleteRinProfileField.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await RinProfileService(context: request.context).deleteField(input.path.fieldId, of: input.path.profileId, by: caller.userID)
        return .noContent(.init())
    }
}

// MARK: - People search

extension Controller {
    func searchRinPeople(_ input: Operations.SearchRinPeople.Input) async throws -> Operations.SearchRinPeople.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let people = try await RinPeopleService(context: request.context).search(input.query.q, actingAs: input.query.actingProfileId, by: caller.userID)
        return .ok(.init(body: .json(.init(items: people))))
    }
}
