import Foundation
import KindredSDK

public typealias Connection = Components.Schemas.Connection
public typealias Network = Components.Schemas.Network
public typealias ConnectCode = Components.Schemas.ConnectCode
public typealias ConnectCodePreview = Components.Schemas.ConnectCodePreview

/// The Innovation Engine operations, over the SDK's session (auth, retries, problems).
extension KindredSession {
    /// My connect code and link: a secret of my own, never my account id.
    public func myConnectCode() async throws -> ConnectCode {
        try await perform { try await client.getMyConnectCode().ok.body.json }
    }

    /// Replaces my code; the old QR code and links stop working at once.
    public func rotateConnectCode() async throws -> ConnectCode {
        try await perform { try await client.rotateMyConnectCode().ok.body.json }
    }

    /// Whose code a scanned link or pasted code is, before connecting. Unknown or rotated codes
    /// fail with the server's 404.
    public func previewConnectCode(_ scanned: String) async throws -> ConnectCodePreview {
        let code = Self.connectCode(in: scanned)
        return try await perform { try await client.previewConnectCode(path: .init(code: code)).ok.body.json }
    }

    /// The code in a connect link (`…/c/<code>`), or the text itself when it is a bare code.
    static func connectCode(in scanned: String) -> String {
        var text = Substring(scanned.trimmingCharacters(in: .whitespacesAndNewlines))
        if let range = text.range(of: "/c/") { text = text[range.upperBound...] }
        if let end = text.firstIndex(where: { "?#/".contains($0) }) { text = text[..<end] }
        return String(text.prefix(64))
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
