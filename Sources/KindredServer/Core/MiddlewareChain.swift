import Vapor

/// The foundation's middlewares, run as one.
///
/// Vapor runs each `AsyncMiddleware` it is given in a `Task` of its own and waits on the next one
/// through a future, so eight of them cost eight tasks, eight promises and eight turns of the
/// event loop on every request. Chained here, each calls the next directly, in the same order and
/// with the same errors passing outward, and Vapor sees one middleware: one task for them all.
struct MiddlewareChain: AsyncMiddleware {
    let middlewares: [any AsyncMiddleware]

    init(_ middlewares: [any AsyncMiddleware]) { self.middlewares = middlewares }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try await Link(middlewares: middlewares[...], last: next).respond(to: request)
    }

    /// What follows a middleware: the rest of the chain, then `last` (Vapor's router).
    private struct Link: AsyncResponder {
        let middlewares: ArraySlice<any AsyncMiddleware>
        let last: any AsyncResponder

        func respond(to request: Request) async throws -> Response {
            guard let first = middlewares.first else { return try await last.respond(to: request) }
            return try await first.respond(to: request, chainingTo: Link(middlewares: middlewares.dropFirst(), last: last))
        }
    }
}
