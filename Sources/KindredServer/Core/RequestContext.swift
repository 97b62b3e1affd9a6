import Vapor

/// The generated OpenAPI handlers receive only their typed input; the Vapor request behind it
/// (headers, cookies, client address, database) is carried in a task-local set by this middleware.
enum RequestContext {
    @TaskLocal static var request: Request?

    static func current() throws -> Request {
        guard let request else { throw AppError(.internalError, .internalServerError, "No request in context.") }
        return request
    }
}

struct RequestContextMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await RequestContext.$request.withValue(request) {
            try await next.respond(to: request)
        }
        if let cookie = request.storage[SetCookieKey.self] {
            response.headers.replaceOrAdd(name: .setCookie, value: cookie)
        }
        return response
    }
}

private struct SetCookieKey: StorageKey { typealias Value = String }

extension Request {
    /// A `Set-Cookie` for the response. The generated server percent-encodes header values,
    /// which would mangle a cookie's attributes, so handlers set it here instead.
    func setCookie(_ value: String) {
        storage[SetCookieKey.self] = value
    }
}

extension Request {
    /// The client's address, from the proxy's `X-Forwarded-For` only when configured to trust it.
    var clientAddress: String {
        if kindred.configuration.trustForwardedFor,
           let forwarded = headers.first(name: .xForwardedFor)?.split(separator: ",").first {
            return forwarded.trimmingCharacters(in: .whitespaces)
        }
        return remoteAddress?.ipAddress ?? "unknown"
    }
}
