import Foundation
import KindredAPI
import Vapor

// MARK: - Blocks of one profile

extension Controller {
    func blockRinCard(_ input: Operations.BlockRinCard.Input) async throws -> Operations.BlockRinCard.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let (block, created) = try await RinBlockService(context: request.context)
            .block(card: input.path.token, actingAs: input.query.actingProfileId, by: caller.userID)
        return created ? .created(.init(body: .json(try block.dto()))) : .ok(.init(body: .json(try block.dto())))
    }

    func blockRinPerson(_ input: Operations.BlockRinPerson.Input) async throws -> Operations.BlockRinPerson.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let (block, created) = try await RinBlockService(context: request.context)
            .block(person: input.path.profileId, actingAs: input.query.actingProfileId, by: caller.userID)
        return created ? .created(.init(body: .json(try block.dto()))) : .ok(.init(body: .json(try block.dto())))
    }

    func listRinBlocks(_ input: Operations.ListRinBlocks.Input) async throws -> Operations.ListRinBlocks.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let blocks = try await RinBlockService(context: request.context).blocks(by: caller.userID, page: page).map { try $0.dto() }
        return .ok(.init(body: .json(.init(items: blocks.items, nextCursor: blocks.nextCursor))))
    }

    func unblockRinProfile(_ input: Operations.UnblockRinProfile.Input) async throws -> Operations.UnblockRinProfile.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await RinBlockService(context: request.context).unblock(input.path.blockId, by: caller.userID)
        return .noContent(.init())
    }
}

extension RinProfileBlock {
    func dto() throws -> Components.Schemas.RinBlock {
        .init(id: try requireID(), label: label, blockedAt: createdAt)
    }
}
