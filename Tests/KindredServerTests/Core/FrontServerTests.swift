import Foundation
import KindredAPI
import Testing
@testable import KindredServer
import KindredTestSupport

/// What a client can hold open: a head or body dripped in a byte at a time is cut off, one address
/// gets a bounded number of connections, and the relay in front of Vapor changes nothing else
/// (uploads, WebSockets and the client's address still arrive as sent).
@Suite("The front listener's deadlines and caps")
struct FrontServerTests {
    /// Sends `bytes` one at a time, `gap` apart, stopping when the server hangs up. Returns how
    /// many went out, and what came back.
    private static func drip(_ bytes: [UInt8], over connection: RawHTTPConnection, gap: Duration = .milliseconds(200)) async throws
        -> (sent: Int, answer: [UInt8], closed: Bool) {
        var answer: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            do {
                try await connection.send([byte])
            } catch {
                // The server answered and closed between two bytes: what it wrote may still wait
                // to be read (a send can fail first when the close arrives before the reading).
                let (received, _) = (try? await connection.receive(timeout: gap / .seconds(1))) ?? ([], true)
                return (index, answer + received, true)
            }
            let (received, closed) = try await connection.receive(timeout: gap / .seconds(1))
            answer += received
            if closed { return (index + 1, answer, true) }
        }
        return (bytes.count, answer, false)
    }

    @Test func aHeadDrippedInByteByByteIsAnswered408AndClosed() async throws {
        try await withKindred(running: true, adjust: { $0.connectionLimits.headTimeout = 1 }) { kindred in
            // setup: a request line, then a header sent at five bytes a second (it would take 12 s)
            let connection = try RawHTTPConnection(kindred)
            try await connection.send("GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            let header = Array("X-Slow: \(String(repeating: "a", count: 50))\r\n\r\n".utf8)

            // act
            let result = try await Self.drip(header, over: connection)

            // validate: cut off well before the head was complete, with a 408 problem
            let text = String(decoding: result.answer, as: UTF8.self)
            #expect(result.closed, "the dripping connection was never closed")
            #expect(result.sent < header.count)
            #expect(text.hasPrefix("HTTP/1.1 408"), "\(text)")
            #expect(text.contains("application/problem+json") && text.contains("request-timeout"), "\(text)")
        }
    }

    @Test func aBodyDrippedInByteByByteIsCutOff() async throws {
        try await withKindred(running: true, adjust: { $0.connectionLimits.bodyTimeout = 1 }) { kindred in
            // setup: a complete head promising 60 bytes, then the body at five bytes a second
            let connection = try RawHTTPConnection(kindred)
            try await connection.send("POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n")
            let body = Array(#"{"email":"drip@example.com","password":"correct horse"}"#.padding(toLength: 60, withPad: " ", startingAt: 0).utf8)

            // act
            let result = try await Self.drip(body, over: connection)

            // validate
            #expect(result.closed, "the dripping body was never cut off")
            #expect(result.sent < body.count)
        }
    }

    @Test func aSlowButSteadyBodyEarnsMoreTime() async throws {
        try await withKindred(running: true, adjust: { $0.connectionLimits.bodyTimeout = 1 }) { kindred in
            // setup: 6,000 bytes (JSON padded with spaces) at about 2 KB/s: three times the base
            // deadline, but well above the minimum rate of 500 bytes a second
            let user = try await kindred.signUp("steady")
            let json = #"{"email":"\#(user.username)@example.com","password":"correct horse"}"#
            let body = Array(json.padding(toLength: 6_000, withPad: " ", startingAt: 0).utf8)
            let connection = try RawHTTPConnection(kindred)
            try await connection.send("POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Accept: application/json\r\nContent-Length: \(body.count)\r\n\r\n")

            // act
            for start in stride(from: 0, to: body.count, by: 600) {
                try await connection.send(Array(body[start..<min(start + 600, body.count)]))
                try await Task.sleep(for: .milliseconds(300))
            }
            let response = try await connection.response(timeout: 60)

            // validate: signed in, not cut off
            #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        }
    }

    @Test func oneAddressGetsABoundedNumberOfConnections() async throws {
        try await withKindred(running: true, adjust: { $0.connectionLimits.connectionsPerAddress = 3 }) { kindred in
            // setup: three connections held open, each proven served
            var held: [RawHTTPConnection] = []
            for _ in 0..<3 {
                let connection = try RawHTTPConnection(kindred)
                try await connection.send("GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(try await connection.response(timeout: 60).status == 200)
                held.append(connection)
            }

            // act: a fourth
            let fourth = try RawHTTPConnection(kindred)
            let refused = try await fourth.response(timeout: 60)

            // validate: refused with a problem and Retry-After; once one closes, a new one is served
            #expect(refused.status == 503)
            #expect(refused.headers["retry-after"] == "5")
            #expect(refused.headers["content-type"] == "application/problem+json")
            held.removeFirst().hangUp()
            try await eventually {
                let next = try RawHTTPConnection(kindred)
                try await next.send("GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                return try await next.response(timeout: 60).status == 200
            }
        }
    }

    @Test func aClientCannotNameItsOwnAddress() async throws {
        try await withKindred(running: true, adjust: { $0.signUpsPerAddressPerHour = 1 }) { kindred in
            // act: two sign-ups from one socket address, each claiming another address in the
            // header the front uses to name the peer to the server behind it
            var statuses: [Int] = []
            for (index, claimed) in ["203.0.113.1", "203.0.113.2"].enumerated() {
                let body = #"{"email":"spoof\#(index)@example.com","password":"correct horse","username":"spoof\#(index)"}"#
                let connection = try RawHTTPConnection(kindred)
                try await connection.send("POST /api/v1/auth/sign-up HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "\(FrontServer.peerHeader): \(claimed)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                statuses.append(try await connection.response(timeout: 60).status)
            }

            // validate: both counted against the real address, so the second is limited
            #expect(statuses == [201, 429])
        }
    }

    @Test func aRefusedUpgradeEndsTheConnection() async throws {
        try await withKindred(running: true) { kindred in
            // act: a WebSocket upgrade without a token
            let connection = try RawHTTPConnection(kindred)
            try await connection.send("GET /api/v1/realtime HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
            let answer = try await connection.receive(timeout: 60)

            // validate: answered, then closed (nothing after an upgrade request is read as HTTP)
            let text = String(decoding: answer.bytes, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 4"), "\(text)")
            #expect(answer.closed)
        }
    }

    /// The relay once kept the first frame after a 101 (the server's opening ping) until its next
    /// read, so now and then a socket heard nothing for 30 seconds and was closed for not
    /// answering a ping it never got. Twenty sockets, each hearing its ping at once.
    @Test func theFirstFrameAfterAnUpgradeArrivesAtOnce() async throws {
        try await withKindred(running: true) { kindred in
            for attempt in 0..<20 {
                // One person per socket, so no account's socket limit comes into it.
                let user = try await kindred.signUp("pinged\(attempt)")
                let ticket = try await kindred.send(.POST, "/realtime/tickets", token: user.accessToken)
                    .decode(Components.Schemas.RealtimeTicket.self)
                let connection = try RawHTTPConnection(kindred)
                try await connection.send("GET \(ticket.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                    + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
                var received: [UInt8] = []
                let deadline = ContinuousClock.now + .seconds(10)
                var frame: ArraySlice<UInt8> = []
                while ContinuousClock.now < deadline {
                    let (bytes, closed) = try await connection.receive(timeout: 0.5)
                    received += bytes
                    if let end = received.byteOffset(of: Array("\r\n\r\n".utf8)), received.count > end + 4 {
                        frame = received[(end + 4)...]
                        break
                    }
                    if closed { break }
                }
                #expect(String(decoding: received.prefix(12), as: UTF8.self) == "HTTP/1.1 101", "socket \(attempt)")
                #expect(frame.first == 0x89, "socket \(attempt): no ping within 10 s")
                connection.hangUp()
            }
        }
    }

    @Test func malformedHTTPIsA400Problem() async throws {
        try await withKindred(running: true) { kindred in
            let connection = try RawHTTPConnection(kindred)
            try await connection.send("GET /api/v1/health HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n")
            let answer = try await connection.receive(timeout: 60)
            let text = String(decoding: answer.bytes, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 400"), "\(text)")
            #expect(text.contains("application/problem+json"))
            #expect(answer.closed)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withKindred(running: true) { kindred in
            let connection = try RawHTTPConnection(kindred)
            try await connection.send("GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /api/v1/nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                + "HEAD /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let answer = try await connection.receive(timeout: 60)
            // (A body has no line break after it, so the next status line follows it directly.)
            let text = String(decoding: answer.bytes, as: UTF8.self)
            let statuses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { String($0.prefix(3)) }
            #expect(statuses == ["200", "404", "200", "200"], "\(text)")
            #expect(answer.closed)
        }
    }

    @Test func withoutTheFrontVaporListensDirectly() async throws {
        try await withKindred(running: true, adjust: { $0.connectionLimits.frontListener = false }) { kindred in
            #expect(!(kindred.app.server is FrontServer))
            let connection = try RawHTTPConnection(kindred)
            try await connection.send("GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try await connection.response(timeout: 60).status == 200)
        }
    }

    @Test func withoutTheFrontThePeerHeaderIsNotBelieved() async throws {
        try await withKindred(adjust: { $0.connectionLimits.frontListener = false; $0.signUpsPerAddressPerHour = 1 }) { kindred in
            var statuses: [UInt] = []
            for (index, claimed) in ["203.0.113.1", "203.0.113.2"].enumerated() {
                let response = try await kindred.send(.POST, "/auth/sign-up",
                    json: ["email": "nofront\(index)@example.com", "password": "correct horse", "username": "nofront\(index)"],
                    headers: [FrontServer.peerHeader: claimed])
                statuses.append(response.status.code)
            }
            #expect(statuses == [201, 429], "two claimed addresses, one real one")
        }
    }
}

