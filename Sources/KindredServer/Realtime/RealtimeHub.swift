import Foundation
import KindredAPI
import Vapor

/// The WebSockets open on this instance, by user. The event bus hands it every envelope; it
/// writes each one to that user's sockets and closes the sockets of a revoked session, and it
/// forgets a revoked session in this instance's `SessionCache`.
actor RealtimeHub {
    private struct OpenSocket {
        let sessionID: UUID
        let socket: WebSocket
        let openedAt: ContinuousClock.Instant
    }

    private var connections: [UUID: [ObjectIdentifier: OpenSocket]] = [:]
    /// Sockets one account may hold open here. A new one beyond it closes that account's oldest,
    /// so a device that reconnects always gets in, and no account can pile up descriptors.
    private let socketsPerAccount: Int
    /// Every envelope reaches every instance's hub, whether or not its people have sockets here,
    /// so this is where each instance hears that a session ended.
    private let sessions: SessionCache
    private let logger: Logger

    init(socketsPerAccount: Int, sessions: SessionCache, logger: Logger) {
        self.socketsPerAccount = socketsPerAccount
        self.sessions = sessions
        self.logger = logger
    }
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    func register(_ socket: WebSocket, userID: UUID, sessionID: UUID) async {
        connections[userID, default: [:]][ObjectIdentifier(socket)] = OpenSocket(sessionID: sessionID, socket: socket, openedAt: .now)
        while let open = connections[userID], open.count > socketsPerAccount,
              let oldest = open.values.min(by: { $0.openedAt < $1.openedAt }) {
            unregister(oldest.socket, userID: userID)
            // Best effort: the socket is forgotten either way, and a failed close means it is gone.
            try? await oldest.socket.close(code: .policyViolation)
        }
    }

    func unregister(_ socket: WebSocket, userID: UUID) {
        connections[userID]?[ObjectIdentifier(socket)] = nil
        if connections[userID]?.isEmpty == true { connections[userID] = nil }
    }

    func connectionCount(for userID: UUID) -> Int { connections[userID]?.count ?? 0 }

    /// Every socket open here (`/metrics`).
    var connectionCount: Int { connections.values.reduce(0) { $0 + $1.count } }

    func deliver(_ envelope: RealtimeEnvelope) {
        let revoked = envelope.event.revokedSessionID
        if let revoked { sessions.remove(revoked) }
        let recipients = envelope.userIDs.filter { connections[$0]?.isEmpty == false }
        guard !recipients.isEmpty else { return }
        let frame: Data
        do {
            frame = try encoder.encode(envelope.event)
        } catch {
            // A contract type that cannot encode is a bug to see, not an event to lose quietly.
            logger.error("A realtime event could not be encoded and was not delivered: \(error)")
            return
        }
        // Handed to every socket without waiting for each write: a post's thousand followers get
        // it in one pass (waiting hopped to each socket's event loop and back, one at a time), and
        // a peer that stopped reading holds up nobody else. Its frames wait in its own channel
        // until the pings find it dead and close it.
        for userID in recipients {
            for connection in connections[userID]?.values.map({ $0 }) ?? [] {
                connection.socket.send(raw: frame, opcode: .text, promise: nil)
                if connection.sessionID == revoked {
                    connection.socket.close(code: .policyViolation, promise: nil)
                    unregister(connection.socket, userID: userID)
                }
            }
        }
    }

    func closeAll() async {
        for connection in connections.values.flatMap(\.values) {
            try? await connection.socket.close(code: .goingAway)
        }
        connections = [:]
    }
}
