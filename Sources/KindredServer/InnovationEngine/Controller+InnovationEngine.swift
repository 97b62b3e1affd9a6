import Fluent
import Foundation
import KindredAPI
import Vapor

extension Controller {
    func createInnovationEngineConnection(_ input: Operations.CreateInnovationEngineConnection.Input) async throws -> Operations.CreateInnovationEngineConnection.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let (connection, created) = try await request.connections.connect(caller.userID, code: body.code, note: body.note)
        let dto = try connection.dto(for: caller.userID, context: request.context)
        return created ? .created(.init(body: .json(dto))) : .ok(.init(body: .json(dto)))
    }

    func listInnovationEngineConnections(_ input: Operations.ListInnovationEngineConnections.Input) async throws -> Operations.ListInnovationEngineConnections.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let connections = try await request.connections.list(caller.userID, page: page)
            .map { try $0.dto(for: caller.userID, context: request.context) }
        return .ok(.init(body: .json(.init(items: connections.items, nextCursor: connections.nextCursor))))
    }

    func updateInnovationEngineConnection(_ input: Operations.UpdateInnovationEngineConnection.Input) async throws -> Operations.UpdateInnovationEngineConnection.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let connection = try await request.connections.update(input.path.connectionId, note: body.note, by: caller.userID)
        return .ok(.init(body: .json(try connection.dto(for: caller.userID, context: request.context))))
    }

    func removeInnovationEngineConnection(_ input: Operations.RemoveInnovationEngineConnection.Input) async throws -> Operations.RemoveInnovationEngineConnection.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await request.connections.remove(input.path.connectionId, by: caller.userID)
        return .noContent(.init())
    }

    func getInnovationEngineNetwork(_ input: Operations.GetInnovationEngineNetwork.Input) async throws -> Operations.GetInnovationEngineNetwork.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let network = try await request.connections.network(caller.userID)
        return .ok(.init(body: .json(.init(
            positions: network.positions.map { .init(id: $0.id, x: $0.x, y: $0.y) },
            me: try request.profile(of: network.me),
            people: try network.people.map(request.profile(of:)),
            links: network.links.map { .init(a: $0.0, b: $0.1) }))))
    }
}

extension Request {
    var connections: ConnectionService {
        ConnectionService(context: context, client: client, codes: application.innovationEngineCodes, layouts: application.innovationEngineLayouts)
    }
}
