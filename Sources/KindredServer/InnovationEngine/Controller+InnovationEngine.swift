import Fluent
import Foundation
import InnovationEngineLayout
import KindredAPI
import Vapor

extension Controller {
    func connect(_ input: Operations.Connect.Input) async throws -> Operations.Connect.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let (connection, created) = try await ConnectionService(request: request).connect(caller.userID, code: body.code, note: body.note)
        let full = try await reload(connection, request: request)
        if created {
            // Both people see the new connection at once, each from their own side.
            for userID in [full.$low.id, full.$high.id] {
                await request.kindred.events.publish(.connectionCreated(try full.dto(for: userID, request: request)), to: userID)
            }
        }
        let dto = try full.dto(for: caller.userID, request: request)
        return created ? .created(.init(body: .json(dto))) : .ok(.init(body: .json(dto)))
    }

    func listConnections(_ input: Operations.ListConnections.Input) async throws -> Operations.ListConnections.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let connections = try await ConnectionService(request: request).list(caller.userID)
        return .ok(.init(body: .json(.init(connections: try connections.map { try $0.dto(for: caller.userID, request: request) }))))
    }

    func updateConnection(_ input: Operations.UpdateConnection.Input) async throws -> Operations.UpdateConnection.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let connection = try await ConnectionService(request: request).update(input.path.connectionId, note: body.note, by: caller.userID)
        return .ok(.init(body: .json(try await reload(connection, request: request).dto(for: caller.userID, request: request))))
    }

    func removeConnection(_ input: Operations.RemoveConnection.Input) async throws -> Operations.RemoveConnection.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let removed = try await ConnectionService(request: request).remove(input.path.connectionId, by: caller.userID)
        for userID in [removed.$low.id, removed.$high.id] {
            await request.kindred.events.publish(.connectionRemoved(input.path.connectionId), to: userID)
        }
        return .noContent(.init())
    }

    func getNetwork(_ input: Operations.GetNetwork.Input) async throws -> Operations.GetNetwork.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let me = try await ProfileService.user(caller.userID, on: request.db)
        let network = try await ConnectionService(request: request).network(caller.userID)
        // Laid out here with the same code the apps use, so every client draws the same picture.
        let graph = NetworkGraph(me: caller.userID, connections: network.people.compactMap(\.id), links: network.links)
        let positions = NetworkLayout.layout(graph).values.sorted { $0.id.uuidString < $1.id.uuidString }
        return .ok(.init(body: .json(.init(
            positions: positions.map { .init(id: $0.id, x: $0.x, y: $0.y) },
            me: try request.profile(of: me),
            people: try network.people.map(request.profile(of:)),
            links: network.links.map { .init(a: $0.0, b: $0.1) }))))
    }

    private func reload(_ connection: Connection, request: Request) async throws -> Connection {
        guard let full = try await ConnectionService.involving(connection.$low.id, on: request.db)
            .filter(\.$id == connection.requireID()).first()
        else { throw AppError.notFound("connection") }
        return full
    }
}
