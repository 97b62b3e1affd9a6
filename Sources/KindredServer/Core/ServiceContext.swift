import Fluent
import Foundation
import KindredAPI
import Logging
import Vapor

/// What a service works with: the database, a logger and Kindred's services (configuration,
/// clock, event bus, media URLs). Nothing of the HTTP request, so a service's background work
/// can outlive the request, and a test or a command builds one without any. Handlers make it
/// with `request.context`.
struct ServiceContext: Sendable {
    var database: any Database
    var logger: Logger
    let services: KindredServices

    var now: Date { services.now }
    var configuration: KindredConfiguration { services.configuration }
    var events: any EventBus { services.events }

    /// A person's public profile, with a freshly signed avatar URL.
    func profile(of user: User) throws -> Components.Schemas.Profile {
        try user.profileDTO(mediaURLs: services.mediaURLs, now: now)
    }
}

/// Who is calling, as far as a service needs to know beyond their account: the address limits
/// count against, and the device a new session is named after.
struct ClientInfo: Sendable {
    var address: String
    var userAgent: String?
}

extension Request {
    var context: ServiceContext { ServiceContext(database: db, logger: logger, services: kindred) }
    var client: ClientInfo { ClientInfo(address: clientAddress, userAgent: headers.first(name: .userAgent)) }
}

extension Application {
    /// For work that runs outside any request (commands, start-up, tests).
    var context: ServiceContext { ServiceContext(database: db, logger: logger, services: kindred) }
}
