import Fluent
import NIOCore
import SQLKit
import Vapor

/// Issues and redeems the single-use tickets that open the realtime WebSocket.
struct RealtimeService {
    let context: ServiceContext
    private var services: KindredServices { context.services }
    static let ticketLifetime: TimeInterval = 60

    func issueTicket(for caller: Caller) async throws -> (ticket: String, expiresAt: Date) {
        let ticket = Secrets.randomToken()
        let expiresAt = services.now.addingTimeInterval(Self.ticketLifetime)
        try await RealtimeTicket(userID: caller.userID, sessionID: caller.sessionID,
                                 tokenHash: Secrets.sha256Hex(ticket), expiresAt: expiresAt).create(on: context.database)
        return (ticket, expiresAt)
    }

    /// Deletes the ticket as it is read, so it works once, on whichever instance sees it first.
    func redeem(_ ticket: String) async throws -> Caller {
        let hash = Secrets.sha256Hex(ticket)
        let found = try await RealtimeTicket.query(on: context.database).filter(\.$tokenHash == hash).first()
        guard let found else { throw AppError.invalidToken("This realtime ticket is not valid. Ask for a new one.") }
        let deleted: Bool
        if let sql = context.database as? any SQLDatabase {
            deleted = try await !sql.delete(from: RealtimeTicket.schema).where("id", .equal, found.requireID())
                .returning("id").all().isEmpty
        } else {
            try await found.delete(on: context.database)
            deleted = true
        }
        guard deleted, found.expiresAt > services.now,
              let session = try await UserSession.find(found.$session.id, on: context.database), session.isActive(at: services.now)
        else { throw AppError.invalidToken("This realtime ticket is not valid. Ask for a new one.") }
        return Caller(userID: found.$user.id, sessionID: found.$session.id)
    }

    /// Upgrades `request` to a WebSocket that receives the caller's events until it closes or its
    /// session ends. (The upgrade is HTTP's business, so this one takes the request.)
    static func open(_ request: Request, for caller: Caller) -> Response {
        let services = request.kindred
        let hub = services.hub
        // Pings keep a quiet socket from looking idle to the server's idle timeout (and tell a
        // dead peer from a quiet one).
        let ping = TimeAmount.seconds(Int64(max(1, min(30, services.configuration.connectionLimits.idleTimeout / 2))))
        return request.strictWebSocket { socket in
            socket.pingInterval = ping
            await hub.register(socket, userID: caller.userID, sessionID: caller.sessionID)
            // The server only speaks; what a client sends is ignored, so only closing matters.
            socket.onClose.whenComplete { _ in
                Task { await hub.unregister(socket, userID: caller.userID) }
            }
        }
    }
}
