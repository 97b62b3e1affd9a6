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
        try await RequestContext.$request.withValue(request) {
            try await next.respond(to: request)
        }
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
