import Foundation
import KindredAPI
import Vapor

extension Controller {
    func getProfile(_ input: Operations.GetProfile.Input) async throws -> Operations.GetProfile.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let user = try await ProfileService(context: request.context).profile(username: input.path.username, seenBy: caller.userID)
        return .ok(.init(body: .json(try request.profile(of: user))))
    }

    func searchProfiles(_ input: Operations.SearchProfiles.Input) async throws -> Operations.SearchProfiles.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let users = try await ProfileService(context: request.context)
            .search(prefix: input.query.prefix, limit: input.query.limit ?? 20, seenBy: caller.userID)
        return .ok(.init(body: .json(.init(profiles: try users.map(request.profile(of:))))))
    }
}
