import Foundation
import KindredTestSupport
import NIOConcurrencyHelpers
import NIOHTTP1
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

/// The web client's files as the front listener answers them from memory: the same answer Vapor
/// gives, with the same headers around it, in order among relayed answers, and never piling up
/// for a client that does not read.
@Suite("The front listener answers the web client's files")
struct FrontWebClientTests {
    /// A response read off the wire: its status, headers (lower-cased names) and body.
    struct WireResponse {
        let status: Int
        let headers: [String: String]
        let body: [UInt8]
    }

    /// The responses in `bytes`, in order; `bodiless[i]` says the i-th answered a HEAD (its length
    /// is told, its body not sent).
    static func responses(in bytes: [UInt8], bodiless: [Bool]) -> [WireResponse] {
        var found: [WireResponse] = [], offset = 0
        while offset < bytes.count {
            let rest = bytes[offset...]
            guard let end = rest.indices.dropLast(3).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 })
            else { break }
            let lines = String(decoding: bytes[offset..<end], as: UTF8.self).components(separatedBy: "\r\n")
            let status = Int(lines[0].split(separator: " ")[1]) ?? 0
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let noBody = status == 304 || (found.count < bodiless.count && bodiless[found.count])
            let length = noBody ? 0 : Int(headers["content-length"] ?? "0") ?? 0
            let start = end + 4
            found.append(WireResponse(status: status, headers: headers, body: Array(bytes[start..<min(start + length, bytes.count)])))
            offset = start + length
        }
        return found
    }

    static func get(_ path: String, _ extra: String = "", method: String = "GET", close: Bool = false) -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(extra)\(close ? "Connection: close\r\n" : "")\r\n"
    }

    @Test func theFrontGivesTheAnswerVaporGives() async throws {
        try await withKindred(running: true) { kindred in
            let page = try await kindred.app.testing().sendRequest(.GET, "/").body.string
            let version = try WebClientFilesTests.version(of: page)
            for (path, accept) in [("/", "gzip"), ("/js/main.js", ""), ("/static/\(version)/js/main.js", "gzip, br"),
                                   ("/static/000000000000/css/kindred.css?x=1", ""), ("/service-worker.js", "gzip;q=0")] {
                // setup: Vapor's own answer, in process (no front)
                let extra = accept.isEmpty ? "" : "Accept-Encoding: \(accept)\r\n"
                let headers: HTTPHeaders = accept.isEmpty ? [:] : ["Accept-Encoding": accept]
                let vapor = try await kindred.app.testing().sendRequest(.GET, path, headers: headers)

                // act: the same request over the wire, through the front
                let connection = try RawHTTPConnection(kindred)
                try await connection.send(Self.get(path, extra + "X-Request-ID: trace-\(path.count)\r\n", close: true))
                let wire = try #require(Self.responses(in: try await connection.receive(timeout: 60).bytes, bodiless: [false]).first)

                // validate: status, body and every header Vapor sets, plus the wire's own
                #expect(wire.status == Int(vapor.status.code), "\(path)")
                #expect(wire.body == Array(vapor.body.readableBytesView), "\(path)")
                for name in ["content-type", "etag", "cache-control", "vary", "content-encoding", "content-security-policy",
                             "x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy"] {
                    #expect(wire.headers[name] == vapor.headers.first(name: name), "\(path): \(name)")
                }
                #expect(wire.headers["content-length"] == String(wire.body.count), "\(path)")
                #expect(wire.headers["x-request-id"] == "trace-\(path.count)", "the client's id is echoed")
                #expect(wire.headers["connection"] == "close")
                let date = try #require(wire.headers["date"])
                #expect(date.hasSuffix(" GMT") && date.count == 29, "\(date)")
            }
        }
    }

    @Test func revalidationHeadAndCloseWorkOverTheWire() async throws {
        try await withKindred(running: true, adjust: { $0.metricsToken = SecretString(MetricsTests.token) }) { kindred in
            // setup: the page's tag
            let first = try RawHTTPConnection(kindred)
            try await first.send(Self.get("/index.html", close: true))
            let page = try #require(Self.responses(in: try await first.receive(timeout: 60).bytes, bodiless: [false]).first)
            let tag = try #require(page.headers["etag"])

            // act: a 304, a HEAD, a file and an API call, pipelined on one connection, the last closing it
            let connection = try RawHTTPConnection(kindred)
            try await connection.send(Self.get("/", "If-None-Match: \"other\", \(tag)\r\n") + Self.get("/js/main.js", method: "HEAD")
                + Self.get("/js/main.js") + Self.get("/api/v1/health", close: true))
            let received = try await connection.receive(timeout: 60)
            let answers = Self.responses(in: received.bytes, bodiless: [false, true, false, false])

            // validate
            #expect(answers.map(\.status) == [304, 200, 200, 200])
            #expect(answers[0].body.isEmpty && answers[0].headers["etag"] == tag)
            #expect(answers[1].body.isEmpty, "a HEAD is sent no body")
            #expect(answers[1].headers["content-length"] == answers[2].headers["content-length"])
            #expect(answers[2].body == (try WebClientFilesTests.disk("/js/main.js")))
            #expect(String(decoding: answers[3].body, as: UTF8.self).contains("ok"))
            #expect(received.closed)
            // A file asked for with Connection: close is answered, then the connection ends.
            let closing = try RawHTTPConnection(kindred)
            try await closing.send(Self.get("/js/main.js", close: true))
            let last = try await closing.receive(timeout: 60)
            #expect(last.closed && Self.responses(in: last.bytes, bodiless: [false]).map(\.status) == [200])
            // Each answered from memory is counted as Vapor counts a request no route matched.
            let metrics = try await MetricsTests.scrape(kindred)
            #expect(MetricsTests.value(#"kindred_http_requests_total{method="GET",route="unmatched",status="200"}"#, in: metrics) == 3)
            #expect(MetricsTests.value(#"kindred_http_requests_total{method="GET",route="unmatched",status="304"}"#, in: metrics) == 1)
            #expect(MetricsTests.value(#"kindred_http_requests_total{method="HEAD",route="unmatched",status="200"}"#, in: metrics) == 1)
        }
    }

    @Test func filesAndRelayedAnswersKeepTheirRequestsOrder() async throws {
        try await withKindred(running: true) { kindred in
            // act: relayed, from memory, relayed (a 404 problem), from memory, relayed (a deep link's page)
            let connection = try RawHTTPConnection(kindred)
            try await connection.send(Self.get("/api/v1/health") + Self.get("/css/kindred.css") + Self.get("/api/v1/nowhere")
                + Self.get("/service-worker.js") + Self.get("/c/some-code", close: true))
            let answers = Self.responses(in: try await connection.receive(timeout: 60).bytes, bodiless: [])

            // validate
            #expect(answers.map(\.status) == [200, 200, 404, 200, 200])
            #expect(answers[1].body == (try WebClientFilesTests.disk("/css/kindred.css")))
            #expect(answers[2].headers["content-type"] == "application/problem+json")
            #expect(answers[3].body == (try WebClientFilesTests.disk("/service-worker.js")))
            #expect(answers[4].headers["content-type"]?.hasPrefix("text/html") == true)
        }
    }

    @Test func aClientThatDoesNotReadIsNotAnsweredIntoMemory() async throws {
        try await withKindred(running: true) { kindred in
            // setup: 2,500 requests of 8 KB each (20 MB, twice what loopback's socket buffers can
            // hold both ways) for a 10 KB file: 27 MB of answers nobody reads
            let connection = try RawHTTPConnection(kindred)
            let request = Self.get("/js/main.js", "X-Pad: \(String(repeating: "p", count: 8_000))\r\n")
            let sent = NIOLockedValueBox(false)

            // act: send them all without reading any
            let sending = Task {
                try? await connection.send(String(repeating: request, count: 2_500))
                sent.withLockedValue { $0 = true }
            }
            try await Task.sleep(for: .seconds(2))

            // validate: the server stopped reading once its answers waited, so the requests are
            // still not all taken; hanging up ends it
            #expect(!sent.withLockedValue { $0 }, "the server read every request while its answers waited")
            connection.hangUp()
            await sending.value
        }
        try await withKindred(running: true) { kindred in
            // setup: 400 requests, about 4 MB of answers, sent before any is read
            let count = 400
            let connection = try RawHTTPConnection(kindred)
            try await connection.send(String(repeating: Self.get("/js/main.js"), count: count - 1) + Self.get("/js/main.js", close: true))
            try await Task.sleep(for: .milliseconds(300))

            // act
            let received = try await connection.receive(timeout: 60)

            // validate: every one answered, whole and in order, once read
            let answers = Self.responses(in: received.bytes, bodiless: [])
            let file = try WebClientFilesTests.disk("/js/main.js")
            #expect(answers.count == count)
            #expect(answers.allSatisfy { $0.status == 200 && $0.body == file })
            #expect(received.closed)
        }
    }

    @Test func onlyPlainReadsOfFilesAreAnsweredByTheFront() {
        func head(_ method: HTTPMethod, _ uri: String, _ headers: HTTPHeaders = [:]) -> HTTPRequestHead {
            HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: headers)
        }
        #expect(FrontWebClient.filePath(of: head(.GET, "/js/main.js?v=2#top")) == "/js/main.js")
        #expect(FrontWebClient.filePath(of: head(.HEAD, "/")) == "/")
        #expect(FrontWebClient.filePath(of: head(.GET, "/js/main.js", ["Content-Length": "0"])) == "/js/main.js")
        // Vapor's to answer: another method, a body, an upgrade, an escape, another form, the API's and media's paths
        #expect(FrontWebClient.filePath(of: head(.POST, "/js/main.js")) == nil)
        #expect(FrontWebClient.filePath(of: head(.GET, "/js/main.js", ["Content-Length": "3"])) == nil)
        #expect(FrontWebClient.filePath(of: head(.GET, "/js/main.js", ["Transfer-Encoding": "chunked"])) == nil)
        #expect(FrontWebClient.filePath(of: head(.GET, "/", ["Connection": "Upgrade", "Upgrade": "websocket"])) == nil)
        #expect(FrontWebClient.filePath(of: head(.GET, "/js/m%61in.js")) == nil)
        #expect(FrontWebClient.filePath(of: head(.GET, "http://127.0.0.1/js/main.js")) == nil)
        #expect(FrontWebClient.filePath(of: head(.GET, "*")) == nil)
        #expect(FrontWebClient.filePath(of: head(.GET, "/api/v1/health")) == nil)
        #expect(FrontWebClient.filePath(of: head(.GET, "/media-files/x")) == nil)
        #expect(FrontWebClient.filePath(of: HTTPRequestHead(version: .http2, method: .GET, uri: "/")) == nil)
        // The log line's time, the same for both listeners.
        #expect(RequestIDMiddleware.milliseconds(.microseconds(40)) == "0.0")
        #expect(RequestIDMiddleware.milliseconds(.microseconds(96)) == "0.1")
        #expect(RequestIDMiddleware.milliseconds(.microseconds(1_260)) == "1.3")
        #expect(RequestIDMiddleware.milliseconds(.milliseconds(2_345)) == "2345.0")
        // The date every answer carries, as RFC 9110 writes it.
        #expect(HTTPDate.string(secondsSince1970: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.string(secondsSince1970: 1_796_083_200) == "Tue, 01 Dec 2026 00:00:00 GMT")
    }
}
