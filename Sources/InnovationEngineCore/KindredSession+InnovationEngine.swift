import Foundation
import KindredSDK

public typealias Connection = Components.Schemas.InnovationEngineConnection
public typealias Network = Components.Schemas.InnovationEngineNetwork
public typealias ConnectCode = Components.Schemas.InnovationEngineCode
public typealias ConnectCodePreview = Components.Schemas.InnovationEngineCodePreview

/// The Innovation Engine operations, over the SDK's session (auth, retries, problems).
extension KindredSession {
    /// My connect code and link: a secret of my own, never my account id.
    public func myConnectCode() async throws -> ConnectCode {
        try await perform { try await client.getInnovationEngineCode().ok.body.json }
    }

    /// Replaces my code; the old QR code and links stop working at once.
    public func rotateConnectCode() async throws -> ConnectCode {
        try await perform { try await client.rotateInnovationEngineCode().ok.body.json }
    }

    /// Whose code a scanned link or pasted code is, before connecting. Unknown or rotated codes
    /// fail with the server's 404.
    public func previewConnectCode(_ scanned: String) async throws -> ConnectCodePreview {
        let code = Self.connectCode(in: scanned)
        return try await perform { try await client.previewInnovationEngineCode(path: .init(code: code)).ok.body.json }
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
            switch try await client.createInnovationEngineConnection(body: .json(.init(code: code, note: note))) {
            case .created(let created): return (try created.body.json, true)
            case .ok(let existing): return (try existing.body.json, false)
            case .default(let status, _): throw KindredError.unexpectedResponse(status: status)
            }
        }
    }

    /// My connections, newest first, a page at a time: pass the last page's `nextCursor`.
    public func connections(limit: Int? = nil, cursor: String? = nil) async throws -> Page<Connection> {
        try await perform {
            let page = try await client.listInnovationEngineConnections(query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    public func setNote(_ note: String, on connectionID: UUID) async throws -> Connection {
        try await perform {
            try await client.updateInnovationEngineConnection(path: .init(connectionId: connectionID), body: .json(.init(note: note))).ok.body.json
        }
    }

    public func removeConnection(_ connectionID: UUID) async throws {
        _ = try await perform { try await client.removeInnovationEngineConnection(path: .init(connectionId: connectionID)).noContent }
    }

    public func network() async throws -> Network {
        try await perform { try await client.getInnovationEngineNetwork().ok.body.json }
    }
}
