import KindredAPI
import OpenAPIRuntime
import Vapor

/// Turns every error into RFC 9457 problem+json. Client mistakes caught by the generated decoder
/// (bad JSON, wrong types, unknown enum values, bad UUIDs) become 400s, never 500s.
struct ProblemMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let problem = Self.appError(for: error)
            if problem.status == .internalServerError {
                request.logger.error("\(request.method) \(request.url.path) failed: \(Self.loggable(error))")
            } else {
                request.logger.debug("\(problem.status.code) \(problem.kind.rawValue): \(problem.detail)")
            }
            let response = Self.response(for: problem, request: request)
            // The rest of an oversized body is not worth reading: hang up once the 413 is out. (A
            // request made in-process, as some tests do, has no peer and no connection to close.)
            let hasConnection = request.remoteAddress != nil
            return problem.status == .payloadTooLarge && hasConnection ? response.closingConnectionAfterward() : response
        }
    }

    static func appError(for error: any Error) -> AppError {
        switch error {
        case let error as AppError:
            return error
        case let error as ServerError:
            if let underlying = error.underlyingError as? AppError { return underlying }
            // No operation input means the request never got past decoding: the client's mistake.
            if error.operationInput == nil {
                let status = HTTPResponseStatus(statusCode: Int(error.httpStatus.code))
                let detail = describe(error.underlyingError, fallback: error.causeDescription)
                // The runtime knows some exact statuses (415 for a wrong Content-Type).
                return (400..<500).contains(status.code) ? AppError(kind(for: status), status, detail) : .malformed(detail)
            }
            return internalError
        case let error as DecodingError:
            return .malformed(describe(error, fallback: "The body could not be read."))
        case let error as any AbortError:
            return AppError(kind(for: error.status), error.status, error.reason, headers: error.headers)
        default:
            return internalError
        }
    }

    /// What may be logged of an error. A `ServerError`'s own description includes the request's
    /// headers and body (bearer tokens, refresh cookies, passwords), so only its cause is used.
    static func loggable(_ error: any Error) -> String {
        if let error = error as? ServerError {
            return "\(error.operationID): \(error.causeDescription): \(String(reflecting: error.underlyingError))"
        }
        return String(reflecting: error)
    }

    static func response(for problem: AppError, request: Request) -> Response {
        var headers = problem.headers
        headers.replaceOrAdd(name: .contentType, value: "application/problem+json")
        // RFC 9110: a 401 names how to authenticate; RFC 6750 adds why a token was refused.
        if problem.status == .unauthorized, !headers.contains(name: .wwwAuthenticate) {
            let error = problem.kind == .invalidToken ? ", error=\"invalid_token\"" : ""
            headers.replaceOrAdd(name: .wwwAuthenticate, value: "Bearer realm=\"kindred\"" + error)
        }
        let body = problem.problem(instance: request.url.path, requestID: request.requestID)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data()
        return Response(status: problem.status, headers: headers, body: .init(data: data))
    }

    private static let internalError = AppError(.internalError, .internalServerError, "Something went wrong on our side. It has been logged.")

    private static func kind(for status: HTTPResponseStatus) -> AppError.Kind {
        switch status {
        case .notFound: .notFound
        case .unauthorized: .unauthenticated
        case .forbidden: .forbidden
        case .payloadTooLarge: .payloadTooLarge
        case .tooManyRequests: .tooManyRequests
        case .unsupportedMediaType: .unsupportedMedia
        case .notAcceptable: .notAcceptable
        case .methodNotAllowed: .methodNotAllowed
        case _ where status.code >= 500: .internalError
        default: .malformedRequest
        }
    }

    /// A readable sentence about what was wrong with the request, naming the field where known.
    private static func describe(_ error: any Error, fallback: String) -> String {
        guard let decoding = error as? DecodingError else { return fallback }
        func path(_ context: DecodingError.Context) -> String {
            let components = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return components.isEmpty ? "the request" : "`" + components.joined(separator: ".") + "`"
        }
        switch decoding {
        case .typeMismatch(_, let context): return "\(path(context)) has the wrong type: \(context.debugDescription)"
        case .valueNotFound(_, let context): return "\(path(context)) is missing a value."
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(path(context))"
            return "`\(key.stringValue)` is required\(parent)."
        case .dataCorrupted(let context): return "\(path(context)) could not be read: \(context.debugDescription)"
        @unknown default: return fallback
        }
    }
}

extension Response {
    /// The same answer, after which the connection closes. Vapor 4 keeps HTTP/1.1 connections
    /// alive and gives handlers no way to close one; it does close a connection whose response
    /// body stream ends in an error. So the body is written whole (the client reads a complete
    /// answer, its length known up front) and then the stream reports an error.
    func closingConnectionAfterward() -> Response {
        let bytes = body.buffer ?? ByteBuffer()
        body = .init(asyncStream: { writer in
            try await writer.write(.buffer(bytes))
            try await writer.write(.error(ConnectionClosedOnPurpose()))
        }, count: bytes.readableBytes)
        return self
    }
}

/// Ends a response stream on purpose so that the connection closes (see `closingConnectionAfterward`).
struct ConnectionClosedOnPurpose: Error {}
