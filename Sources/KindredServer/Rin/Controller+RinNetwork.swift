import Foundation
import KindredAPI
import RinScoring
import Vapor

// MARK: - The network around me

extension Controller {
    func getRinNetwork(_ input: Operations.GetRinNetwork.Input) async throws -> Operations.GetRinNetwork.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let summary = try await RinNetworkService(context: request.context).summary(of: caller.userID)
        return .ok(.init(body: .json(.init(links: summary.links, oneWay: summary.oneWay, showing: summary.showing, twoHop: summary.twoHop))))
    }

    func listRinLinks(_ input: Operations.ListRinLinks.Input) async throws -> Operations.ListRinLinks.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let links = try await RinNetworkService(context: request.context).links(of: caller.userID, page: page).map { link, view, bridges in
            Components.Schemas.RinLinkedPerson(person: view, kind: .init(link.kind), since: link.since, byEmail: link.byVerifiedEmail,
                                               showsConnections: bridges != nil, bridges: bridges)
        }
        return .ok(.init(body: .json(.init(items: links.items, nextCursor: links.nextCursor))))
    }

    func getRinPaths(_ input: Operations.GetRinPaths.Input) async throws -> Operations.GetRinPaths.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let paths = try await RinNetworkService(context: request.context).paths(to: input.path.profileId, by: caller.userID)
        return .ok(.init(body: .json(.init(paths: paths.map { .init(via: $0) }))))
    }
}

extension Components.Schemas.RinLinkKind {
    init(_ kind: RinLink.Kind) {
        switch kind {
        case .reciprocal: self = .reciprocal
        case .card: self = .card
        }
    }
}
