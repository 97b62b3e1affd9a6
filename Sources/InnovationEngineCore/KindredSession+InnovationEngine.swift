import Foundation
import KindredSDK

public typealias Connection = Components.Schemas.Connection
public typealias Network = Components.Schemas.Network

/// The Innovation Engine operations, over the SDK's session (auth, retries, problems).
extension KindredSession {
    public func myConnectLink() async throws -> String {
        try await perform { try await client.getMyConnectCode().ok.body.json.link }
    }

    /// Connects with the person a scanned code or opened link points at. `created` is false when
    /// we were already connected.
    public func connect(code: String, note: String? = nil) async throws -> (connection: Connection, created: Bool) {
        try await perform {
            switch try await client.connect(body: .json(.init(code: code, note: note))) {
            case .created(let created): return (try created.body.json, true)
            case .ok(let existing): return (try existing.body.json, false)
            case .default(let status, _): throw KindredError.unexpectedResponse(status: status)
            }
        }
    }

    public func connections() async throws -> [Connection] {
        try await perform { try await client.listConnections().ok.body.json.connections }
    }

    public func setNote(_ note: String, on connectionID: UUID) async throws -> Connection {
        try await perform {
            try await client.updateConnection(path: .init(connectionId: connectionID), body: .json(.init(note: note))).ok.body.json
        }
    }

    public func removeConnection(_ connectionID: UUID) async throws {
        _ = try await perform { try await client.removeConnection(path: .init(connectionId: connectionID)).noContent }
    }

    public func network() async throws -> Network {
        try await perform { try await client.getNetwork().ok.body.json }
    }
}
