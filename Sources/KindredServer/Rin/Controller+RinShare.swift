import Foundation
import KindredAPI
import OpenAPIRuntime
import Vapor

// MARK: - Share links and cards

extension Controller {
    func getRinShareLink(_ input: Operations.GetRinShareLink.Input) async throws -> Operations.GetRinShareLink.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let link = try await RinShareService(context: request.context).link(of: input.path.profileId, by: caller.userID)
        return .ok(.init(body: .json(try link.dto(publicBaseURL: request.kindred.configuration.publicBaseURL, images: request.kindred.qrImages))))
    }

    func revokeRinShareLink(_ input: Operations.RevokeRinShareLink.Input) async throws -> Operations.RevokeRinShareLink.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await RinShareService(context: request.context).revoke(input.path.profileId, by: caller.userID)
        return .noContent(.init())
    }

    func getRinCard(_ input: Operations.GetRinCard.Input) async throws -> Operations.GetRinCard.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let card = try await RinShareService(context: request.context).card(input.path.token, actingAs: input.query.actingProfileId, by: caller.userID)
        return .ok(.init(body: .json(.init(person: card.view, contactId: card.contact?.id, isOwn: card.isOwn))))
    }

    func addRinCard(_ input: Operations.AddRinCard.Input) async throws -> Operations.AddRinCard.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let (contact, isNew) = try await RinShareService(context: context).add(input.path.token, actingAs: input.query.actingProfileId, by: caller.userID)
        let detail = try await RinContactDetails(context: context).detail(of: contact)
        return isNew ? .created(.init(body: .json(detail))) : .ok(.init(body: .json(detail)))
    }
}

extension RinShareLink {
    func dto(publicBaseURL: String, images: QRImages) throws -> Components.Schemas.RinShareLink {
        let link = publicBaseURL + "/r/" + token
        return .init(link: link, token: token, svg: try images.svg(of: link), createdAt: createdAt)
    }
}
