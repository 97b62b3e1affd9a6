import NIOCore
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
    /// The client's address. Behind `trustedProxies` proxies it is that many entries from the
    /// right of `X-Forwarded-For`: each proxy appends the address it was reached from, so the
    /// entries further left are whatever the client chose to send. Only a well-formed IP address
    /// is taken; anything else falls back to the socket's peer.
    var clientAddress: String {
        let proxies = kindred.configuration.trustedProxies
        if proxies > 0 {
            let entries = headers[.xForwardedFor].flatMap { $0.split(separator: ",") }
            if entries.count >= proxies, let address = Self.ipAddress(entries[entries.count - proxies]) { return address }
        }
        return socketPeer ?? "unknown"
    }

    /// The address at the other end of the client's connection. Served, a request reaches Vapor
    /// over `FrontServer`'s private Unix socket, and the front names the peer in a header it
    /// always overwrites; a TCP peer is its own answer.
    var socketPeer: String? {
        if let address = remoteAddress?.ipAddress { return address }
        // Only the front sets this header; with no front, whoever sent it is lying.
        guard kindred.configuration.connectionLimits.frontListener else { return nil }
        return headers.first(name: FrontServer.peerHeader).flatMap(Self.ipAddress)
    }

    private static func ipAddress<S: StringProtocol>(_ text: S) -> String? {
        let candidate = text.trimmingCharacters(in: .whitespaces)
        return (try? SocketAddress(ipAddress: candidate, port: 0))?.ipAddress
    }
}
