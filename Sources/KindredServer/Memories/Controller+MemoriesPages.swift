import Foundation
import KindredAPI
import Vapor

extension Controller {
    func listMemoriesPages(_ input: Operations.ListMemoriesPages.Input) async throws -> Operations.ListMemoriesPages.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let pages = try await MemoriesPageService(context: request.context)
            .contents(of: input.path.bookId, seenBy: caller.userID, page: try PageRequest(limit: input.query.limit, cursor: input.query.cursor))
            .map { try $0.0.summaryDTO(author: $0.1, context: request.context) }
        return .ok(.init(body: .json(.init(items: pages.items, nextCursor: pages.nextCursor))))
    }

    func createMemoriesPage(_ input: Operations.CreateMemoriesPage.Input) async throws -> Operations.CreateMemoriesPage.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let page = try await MemoriesPageService(context: request.context)
            .createMemoryPage(in: input.path.bookId, canvas: body.canvas, by: caller.userID)
        return .created(.init(body: .json(try page.dto(context: request.context))))
    }

    func listMemoriesDrafts(_ input: Operations.ListMemoriesDrafts.Input) async throws -> Operations.ListMemoriesDrafts.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let pages = try await MemoriesPageService(context: request.context)
            .drafts(in: input.path.bookId, of: caller.userID, page: try PageRequest(limit: input.query.limit, cursor: input.query.cursor))
            .map { try $0.0.summaryDTO(author: $0.1, context: request.context) }
        return .ok(.init(body: .json(.init(items: pages.items, nextCursor: pages.nextCursor))))
    }

    func createMemoriesDraft(_ input: Operations.CreateMemoriesDraft.Input) async throws -> Operations.CreateMemoriesDraft.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let page = try await MemoriesPageService(context: request.context).createDraft(in: input.path.bookId, canvas: body.canvas, by: caller.userID)
        return .created(.init(body: .json(try page.dto(context: request.context))))
    }

    func saveMemoriesDraft(_ input: Operations.SaveMemoriesDraft.Input) async throws -> Operations.SaveMemoriesDraft.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let canvas) = input.body else { throw AppError.malformed("Send JSON.") }
        let draft = try await MemoriesPageService(context: request.context)
            .save(draft: input.path.draftId, canvas: canvas, revision: input.query.revision, by: caller.userID)
        return .ok(.init(body: .json(.init(revision: draft.revision, updatedAt: draft.updatedAt ?? request.kindred.now))))
    }

    func deleteMemoriesDraft(_ input: Operations.DeleteMemoriesDraft.Input) async throws -> Operations.DeleteMemoriesDraft.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await MemoriesPageService(context: request.context).deleteDraft(input.path.draftId, by: caller.userID)
        return .noContent(.init())
    }

    func sendMemoriesDraft(_ input: Operations.SendMemoriesDraft.Input) async throws -> Operations.SendMemoriesDraft.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try await MemoriesPageService(context: request.context).send(draft: input.path.draftId, by: caller.userID)
        return .ok(.init(body: .json(try page.dto(context: request.context))))
    }

    func getMemoriesPage(_ input: Operations.GetMemoriesPage.Input) async throws -> Operations.GetMemoriesPage.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try await MemoriesPageService(context: request.context).page(input.path.pageId, seenBy: caller.userID)
        return .ok(.init(body: .json(try page.dto(context: request.context))))
    }

    func applyMemoriesOperations(_ input: Operations.ApplyMemoriesOperations.Input) async throws
        -> Operations.ApplyMemoriesOperations.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let (seq, operations) = try await MemoriesOperationService(context: request.context)
            .apply(body.operations, to: input.path.pageId, by: caller.userID)
        return .ok(.init(body: .json(.init(seq: seq, operations: operations.map(\.dto)))))
    }

    func updateMemoriesPresence(_ input: Operations.UpdateMemoriesPresence.Input) async throws -> Operations.UpdateMemoriesPresence.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        try await MemoriesOperationService(context: request.context)
            .presence(on: input.path.pageId, editing: body.editing, x: body.x, y: body.y, by: caller.userID)
        return .noContent(.init())
    }
}
