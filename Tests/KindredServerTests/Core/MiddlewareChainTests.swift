import Foundation
import KindredTestSupport
import NIOConcurrencyHelpers
import Testing
import Vapor
@testable import KindredServer

/// The foundation's middlewares run as one: in their order on the way in, the reverse on the way
/// out, an error passing outward through each, and a middleware that answers stopping the rest.
@Suite("Middlewares chained as one")
struct MiddlewareChainTests {
    /// Notes its name on the way in and out; answers itself or throws when told to.
    struct Noting: AsyncMiddleware {
        let name: String
        let log: NIOLockedValueBox<[String]>
        var answers = false
        var throwsError = false
        var catchesErrors = false

        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            log.withLockedValue { $0.append("in \(name)") }
            if answers { return Response(status: .accepted) }
            if throwsError { throw AppError.notFound("thing") }
            do {
                let response = try await next.respond(to: request)
                log.withLockedValue { $0.append("out \(name)") }
                return response
            } catch where catchesErrors {
                log.withLockedValue { $0.append("caught by \(name)") }
                return Response(status: .notFound)
            }
        }
    }

    struct Last: AsyncResponder {
        let log: NIOLockedValueBox<[String]>
        func respond(to request: Request) async throws -> Response {
            log.withLockedValue { $0.append("last") }
            return Response(status: .ok)
        }
    }

    /// The chain's answer's status (through its async form, as Vapor calls it).
    static func status(_ chain: MiddlewareChain, _ request: Request, _ log: NIOLockedValueBox<[String]>) async throws -> HTTPResponseStatus {
        let last: any AsyncResponder = Last(log: log)
        return try await chain.respond(to: request, chainingTo: last).status
    }

    @Test func eachRunsInOrderAndErrorsPassOutward() async throws {
        try await withKindred { kindred in
            let request = Request(application: kindred.app, on: kindred.app.eventLoopGroup.any())
            let log = NIOLockedValueBox<[String]>([])

            // In order, then out in reverse, the router last.
            let chain = MiddlewareChain([Noting(name: "a", log: log), Noting(name: "b", log: log), Noting(name: "c", log: log)])
            let plain = try await Self.status(chain, request, log)
            #expect(plain == .ok)
            #expect(log.withLockedValue { $0 } == ["in a", "in b", "in c", "last", "out c", "out b", "out a"])

            // An answer stops the chain; an error reaches the first middleware that catches it.
            log.withLockedValue { $0 = [] }
            let answering = MiddlewareChain([Noting(name: "a", log: log), Noting(name: "b", log: log, answers: true), Noting(name: "c", log: log)])
            let answered = try await Self.status(answering, request, log)
            #expect(answered == .accepted)
            #expect(log.withLockedValue { $0 } == ["in a", "in b", "out a"])
            log.withLockedValue { $0 = [] }
            let throwing = MiddlewareChain([Noting(name: "a", log: log), Noting(name: "b", log: log, catchesErrors: true),
                                            Noting(name: "c", log: log), Noting(name: "d", log: log, throwsError: true)])
            let caught = try await Self.status(throwing, request, log)
            #expect(caught == .notFound)
            #expect(log.withLockedValue { $0 } == ["in a", "in b", "in c", "in d", "caught by b", "out a"])

            // None: straight to the router.
            log.withLockedValue { $0 = [] }
            let none = try await Self.status(MiddlewareChain([]), request, log)
            #expect(none == .ok)
            #expect(log.withLockedValue { $0 } == ["last"])
        }
    }
}
