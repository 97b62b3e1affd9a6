import Foundation
import KindredAPI
import Vapor

/// Implements the generated `APIProtocol`, one extension file per area. Handlers stay thin:
/// decode the input, call a service, map the result to the contract's types.
struct Controller: APIProtocol {}

extension Controller {
    /// The Vapor request behind the operation being handled.
    var request: Request { get throws { try RequestContext.current() } }
}

extension Request {
    func profile(of user: User) throws -> Components.Schemas.Profile {
        try context.profile(of: user)
    }

    func me(of user: User) throws -> Components.Schemas.Me {
        try user.meDTO(mediaURLs: kindred.mediaURLs, now: kindred.now)
    }
}
