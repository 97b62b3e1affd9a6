import Foundation
import KindredAPI
import Testing
import Vapor
@testable import KindredServer
import KindredTestSupport

/// What people really send, over a real socket and with the headers the web client and the SDK
/// add to every POST: a phone photo of several megabytes arriving over many reads, a chat
/// message as long as the contract allows, split across writes. A suite of 82-byte uploads once
/// passed while every real photo hung at "100%".
@Suite("Real-sized requests with the clients' own headers")
struct RealSizedRequestTests {
    /// The headers `Public/js/api.js` and the SDK's `RequestMetadataMiddleware` add.
    private static func clientHeaders(token: String, contentType: String, length: Int, accept: String = "application/json, application/problem+json") -> String {
        "Authorization: Bearer \(token)\r\nContent-Type: \(contentType)\r\nContent-Length: \(length)\r\n"
            + "Accept: \(accept)\r\nIdempotency-Key: \(UUID().uuidString.lowercased())\r\nX-Request-ID: \(UUID().uuidString.lowercased())\r\n"
    }

    /// Sends `body` in pieces with pauses between them, as a slow uplink delivers it.
    private static func sendInPieces(_ connection: RawHTTPConnection, head: String, body: [UInt8], pieces: Int) async throws {
        try await connection.send(head + "\r\n")
        let size = (body.count + pieces - 1) / pieces
        for start in stride(from: 0, to: body.count, by: size) {
            try await connection.send(Array(body[start..<min(start + size, body.count)]))
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test func aFiveMegabytePhotoUploadsWithAnIdempotencyKey() async throws {
        try await withKindred(running: true) { kindred in
            // setup
            let user = try await kindred.signUp("photographer")
            let photo = MediaFixtures.photo(megabytes: 5)
            let connection = try RawHTTPConnection(kindred)
            let head = "POST /api/v1/media HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + Self.clientHeaders(token: user.accessToken, contentType: "application/octet-stream", length: photo.count)

            // act
            try await Self.sendInPieces(connection, head: head, body: photo, pieces: 8)
            let response = try await connection.response(timeout: 30)

            // validate: stored, measured, and stripped of its location
            #expect(response.status == 201, "\(String(decoding: response.body, as: UTF8.self))")
            let media = try JSONDecoder.kindred.decode(Components.Schemas.Media.self, from: Data(response.body))
            #expect(media.width == 4032 && media.height == 3024)
            #expect(media.byteCount > 5_000_000)
            let file = try await kindred.app.testing().sendRequest(.GET, media.url)
            #expect(file.status == .ok)
            // Metadata sits before the picture data: the first 64 KiB hold every segment it could be in.
            let stored = Array(file.body.readableBytesView.prefix(65_536))
            #expect(Array(photo.prefix(65_536)).containsASCII(MediaFixtures.gpsMarker))
            #expect(!stored.containsASCII(MediaFixtures.gpsMarker), "GPS survived the upload")
            #expect(file.body.readableBytes > 5_000_000, "the picture itself is kept whole")
        }
    }

    @Test func theLongestChatMessageIsAnsweredWhenItArrivesInPieces() async throws {
        try await withKindred(running: true) { kindred in
            // setup: a match to talk to
            let user = try await kindred.signUp("talker")
            let swiped = try await kindred.send(.POST, "/date-an-intervention/swipes", token: user.accessToken,
                                                json: ["interventionId": "biochar", "direction": "like"])
            #expect(swiped.status == .created)
            let text = String(repeating: "Tell me more about how you store carbon in soil for centuries. ", count: 40).prefix(2000)
            let body = Array(try JSONEncoder().encode(["text": String(text), "clientMessageId": UUID().uuidString]))
            let connection = try RawHTTPConnection(kindred)
            let head = "POST /api/v1/date-an-intervention/chats/biochar/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + Self.clientHeaders(token: user.accessToken, contentType: "application/json", length: body.count,
                                     accept: "text/event-stream, application/json, application/problem+json")

            // act
            try await Self.sendInPieces(connection, head: head, body: body, pieces: 3)
            let answer = try await connection.receive(until: "event: reply", timeout: 60)

            // validate: the stream arrived and ended with the character's reply
            let stream = String(decoding: answer.bytes, as: UTF8.self)
            #expect(stream.hasPrefix("HTTP/1.1 200"), "\(stream.prefix(300))")
            #expect(stream.contains("event: reply"), "\(stream.suffix(300))")
            #expect(text.count == 2000)
        }
    }

    @Test func anOversizedChunkedUploadIsRefusedAndTheConnectionClosed() async throws {
        try await withKindred(running: true) { kindred in
            // setup
            let user = try await kindred.signUp("oversized")
            let connection = try RawHTTPConnection(kindred)
            try await connection.send("POST /api/v1/media HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(user.accessToken)\r\n"
                + "Content-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\nIdempotency-Key: big-1\r\n\r\n")

            // act: one mebibyte chunks, more than the upload limit, for as long as the server reads
            let chunk = [UInt8](repeating: 0x41, count: 1 << 20)
            let framed = Array(String(chunk.count, radix: 16).utf8) + [13, 10] + chunk + [13, 10]
            for _ in 0..<(MediaService.uploadLimit >> 20) + 2 {
                do { try await connection.send(framed) } catch { break }
            }
            let answer = try await connection.receive(timeout: 10)

            // validate: a 413, and the server hung up rather than leave the client waiting
            let text = String(decoding: answer.bytes.prefix(400), as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 413"), "\(text)")
            #expect(answer.closed, "the connection stayed open after the 413")
        }
    }
}

extension JSONDecoder {
    static var kindred: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
