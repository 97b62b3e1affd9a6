import Foundation
import KindredAPI
import OpenAPIRuntime
import Vapor

extension Controller {
    func uploadMedia(_ input: Operations.UploadMedia.Input) async throws -> Operations.UploadMedia.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .binary(let body) = input.body else { throw AppError.malformed("Send the file's bytes.") }
        // BodyLimitMiddleware has already capped the body at the largest upload (a video).
        let item = try await MediaService(context: request.context).upload(streaming: body, by: caller.userID)
        return .created(.init(body: .json(try item.dto(mediaURLs: request.kindred.mediaURLs, now: request.kindred.now))))
    }

    func getMedia(_ input: Operations.GetMedia.Input) async throws -> Operations.GetMedia.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let item = try await MediaService(context: request.context).viewable(input.path.mediaId, by: caller.userID)
        return .ok(.init(body: .json(try item.dto(mediaURLs: request.kindred.mediaURLs, now: request.kindred.now))))
    }

    func deleteMedia(_ input: Operations.DeleteMedia.Input) async throws -> Operations.DeleteMedia.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await MediaService(context: request.context).delete(input.path.mediaId, by: caller.userID)
        return .noContent(.init())
    }
}
