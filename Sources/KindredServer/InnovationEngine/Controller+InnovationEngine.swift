import Fluent
import Foundation
import KindredAPI
import Vapor

extension Controller {
    func connect(_ input: Operations.Connect.Input) async throws -> Operations.Connect.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let (connection, created) = try await request.connections.connect(caller.userID, code: body.code, note: body.note)
        let dto = try connection.dto(for: caller.userID, context: request.context)
        return created ? .created(.init(body: .json(dto))) : .ok(.init(body: .json(dto)))
    }

    func listConnections(_ input: Operations.ListConnections.Input) async throws -> Operations.ListConnections.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let connections = try await request.connections.list(caller.userID)
        return .ok(.init(body: .json(.init(connections: try connections.map { try $0.dto(for: caller.userID, context: request.context) }))))
    }

    func updateConnection(_ input: Operations.UpdateConnection.Input) async throws -> Operations.UpdateConnection.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let connection = try await request.connections.update(input.path.connectionId, note: body.note, by: caller.userID)
        return .ok(.init(body: .json(try connection.dto(for: caller.userID, context: request.context))))
    }

    func removeConnection(_ input: Operations.RemoveConnection.Input) async throws -> Operations.RemoveConnection.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await request.connections.remove(input.path.connectionId, by: caller.userID)
        return .noContent(.init())
    }

    func getNetwork(_ input: Operations.GetNetwork.Input) async throws -> Operations.GetNetwork.Output {
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
    var connections: ConnectionService { ConnectionService(context: context, client: client) }
}
