import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// The web client's files, answered by the front listener from memory rather than relayed.
///
/// Relaying a file cost a parse on each side of a Unix socket and a trip through Vapor's
/// responder chain, for an answer that depends on nothing but the path and three headers: the
/// front served `main.js` at about a sixth of nginx's rate, and Vapor behind it alone at a
/// quarter (docs/PERFORMANCE.md, "Static files answered by the front"). The answer is the one
/// Vapor's `WebClientMiddleware` gives (the same `WebClientFiles.answer`), with what the
/// middlewares around it add: the security headers, a request id, the log line and the metrics.
/// Anything else goes to Vapor as before: another method, a body, an upgrade, a path with a
/// percent-escape (Vapor's to decode) or that names no file.
struct FrontWebClient: Sendable {
    let files: WebClientFiles
    let metrics: KindredMetrics
    let logger: Logger

    /// The file path a request asks for, when it is one the front may answer; nil sends it on.
    static func filePath(of head: HTTPRequestHead) -> Substring? {
        guard head.method == .GET || head.method == .HEAD, head.version.major == 1 else { return nil }
        // A body, even on a GET, is Vapor's to read or refuse.
        if head.headers.contains(name: "transfer-encoding") || head.headers.contains(name: "upgrade") { return nil }
        if let length = head.headers.first(name: "content-length"), length != "0" { return nil }
        let uri = head.uri[...]
        // Origin form only: an absolute or asterisk form is Vapor's to judge.
        guard uri.hasPrefix("/") else { return nil }
        let path = uri.prefix { $0 != "?" && $0 != "#" }
        if path.contains("%") || WebClientFiles.isNeverAFile(path) { return nil }
        return path
    }

    /// The whole answer to `head` and the path it answered (for the log line), or nil to relay it.
    func answer(_ head: HTTPRequestHead) -> (path: Substring, answer: WebClientFiles.Answer)? {
        guard let path = Self.filePath(of: head),
              let answer = files.answer(method: head.method, path: String(path), headers: head.headers) else { return nil }
        return (path, answer)
    }

    /// `answer`'s head as the client gets it: its length, keep-alive, the date, the security
    /// headers and the request's id.
    func responseHead(_ answer: WebClientFiles.Answer, for head: HTTPRequestHead, requestID: String) -> HTTPResponseHead {
        var headers = answer.headers
        if let body = answer.body { headers.add(name: "content-length", value: String(body.readableBytes)) }
        for (name, value) in SecurityHeadersMiddleware.headers { headers.add(name: name, value: value) }
        headers.add(name: "X-Request-ID", value: requestID)
        headers.add(name: "connection", value: head.isKeepAlive ? "keep-alive" : "close")
        headers.add(name: "date", value: HTTPDate.now())
        return HTTPResponseHead(version: head.version, status: answer.status, headers: headers)
    }

    /// The client's `X-Request-ID` when it is plain, as `RequestIDMiddleware` keeps it; else a new one.
    static func requestID(of head: HTTPRequestHead) -> String {
        if let supplied = head.headers.first(name: "X-Request-ID"), RequestIDMiddleware.isAcceptable(supplied) { return supplied }
        return UUID().uuidString.lowercased()
    }

    /// What `RequestIDMiddleware` and `MetricsMiddleware` record for a request Vapor answers.
    func record(_ head: HTTPRequestHead, path: Substring, status: HTTPResponseStatus, requestID: String, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        metrics.recordRequest(method: head.method, route: nil, status: status, duration: elapsed)
        logger.info("\(head.method) \(path) \(status.code) \(RequestIDMiddleware.milliseconds(elapsed))ms", metadata: ["request-id": .string(requestID)])
    }
}

/// An HTTP date (RFC 9110's IMF-fixdate), as Vapor writes on every response.
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func now() -> String { string(secondsSince1970: time(nil)) }

    static func string(secondsSince1970 seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
