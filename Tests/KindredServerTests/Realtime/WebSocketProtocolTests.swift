import Foundation
import KindredAPI
import Testing
import Vapor
@testable import KindredServer
import KindredTestSupport

/// The realtime socket keeps RFC 6455's rules for what a client sends, checked with frames no
/// browser would make, over a raw connection.
@Suite("The realtime WebSocket refuses frames RFC 6455 forbids")
struct WebSocketProtocolTests {
    /// Opens a socket by hand: ticket, upgrade request, 101.
    private static func open(_ kindred: TestKindred) async throws -> RawHTTPConnection {
        let user = try await kindred.signUp()
        let ticket = try await kindred.send(.POST, "/realtime/tickets", token: user.accessToken).decode(Components.Schemas.RealtimeTicket.self)
        let connection = try RawHTTPConnection(kindred)
        try await connection.send("GET \(ticket.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        // Generous, as the other raw-connection tests: on two cores beside the PostgreSQL pass, a
        // 101 once took longer than 10 s to arrive. A passing test never waits it out.
        let answer = try await connection.response(timeout: 60)
        #expect(answer.status == 101)
        return connection
    }

    /// One client frame: FIN, the opcode, and the payload masked with a fixed key unless `masked` is false.
    private static func frame(opcode: UInt8, payload: [UInt8], masked: Bool = true, rsv1: Bool = false) -> [UInt8] {
        let key: [UInt8] = [0x11, 0x22, 0x33, 0x44]
        var bytes: [UInt8] = [0x80 | (rsv1 ? 0x40 : 0) | opcode, (masked ? 0x80 : 0) | UInt8(payload.count)]
        if masked {
            bytes += key
            bytes += payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
        } else {
            bytes += payload
        }
        return bytes
    }

    /// The close code of the server's close frame, and whether the connection then closed.
    private static func closeCode(after frame: [UInt8], on connection: RawHTTPConnection) async throws -> (code: Int?, closed: Bool) {
        try await connection.send(frame)
        // Returns as soon as the server closes; the bound is only for a server that never does.
        let answer = try await connection.receive(timeout: 30)
        let bytes = answer.bytes
        // A server frame: 0x88 (FIN + close), a length, then the two-byte code.
        guard let start = bytes.firstIndex(of: 0x88), bytes.count >= start + 4 else { return (nil, answer.closed) }
        return (Int(bytes[start + 2]) << 8 | Int(bytes[start + 3]), answer.closed)
    }

    @Test(arguments: [
        ("an unmasked frame", frame(opcode: 0x1, payload: Array("hi".utf8), masked: false), 1002),
        ("a reserved opcode", frame(opcode: 0x3, payload: []), 1002),
        ("a reserved bit", frame(opcode: 0x1, payload: Array("hi".utf8), rsv1: true), 1002),
        ("invalid UTF-8 as text", frame(opcode: 0x1, payload: [0x68, 0xFF, 0xFE]), 1007),
        ("a close code no endpoint may send", frame(opcode: 0x8, payload: [0x03, 0xE7]), 1002),
        ("a close code reserved for no-status", frame(opcode: 0x8, payload: [0x03, 0xED]), 1002),
    ])
    func aForbiddenFrameEndsTheConnection(_ name: String, _ bytes: [UInt8], _ expected: Int) async throws {
        try await withKindred(running: true) { kindred in
            // setup
            let connection = try await Self.open(kindred)
            // act
            let (code, closed) = try await Self.closeCode(after: bytes, on: connection)
            // validate
            #expect(code == expected, "\(name)")
            #expect(closed, "\(name): the connection stayed open")
        }
    }

    @Test func aNormalCloseIsAnsweredInKind() async throws {
        try await withKindred(running: true) { kindred in
            // setup
            let connection = try await Self.open(kindred)
            // act
            let (code, closed) = try await Self.closeCode(after: Self.frame(opcode: 0x8, payload: [0x03, 0xE8]), on: connection)
            // validate
            #expect(code == 1000)
            #expect(closed)
        }
    }
}
