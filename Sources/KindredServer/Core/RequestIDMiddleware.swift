import Vapor

/// Gives every request an id (the client's `X-Request-ID` when it is sane), puts it in the log
/// metadata and echoes it on the response, so a user's report can be matched to a log line.
/// It logs one line per request with the path only: query strings carry realtime tickets and
/// media signatures, which must never reach a log.
struct RequestIDMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let started = ContinuousClock.now
        let id: String
        if let supplied = request.headers.first(name: "X-Request-ID"), Self.isAcceptable(supplied) {
            id = supplied
        } else {
            id = UUID().uuidString.lowercased()
        }
        request.storage[RequestIDKey.self] = id
        request.logger[metadataKey: "request-id"] = .string(id)
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: "X-Request-ID", value: id)
        request.logger.info("\(request.method) \(request.url.path) \(response.status.code) \(Self.milliseconds(ContinuousClock.now - started))ms")
        return response
    }

    /// `elapsed` in milliseconds to a tenth, for the log line (the front listener's too).
    static func milliseconds(_ elapsed: Duration) -> String {
        let hundredths = elapsed.components.seconds * 100_000 + elapsed.components.attoseconds / 10_000_000_000_000
        let tenths = (hundredths + 5) / 10
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// A client's id is kept when it is short and plain (it is logged and echoed).
    static func isAcceptable(_ value: String) -> Bool {
        (1...128).contains(value.count) && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:".contains($0)) }
    }
}

private struct RequestIDKey: StorageKey { typealias Value = String }

extension Request {
    var requestID: String { storage[RequestIDKey.self] ?? id }
}
