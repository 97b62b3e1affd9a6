import NIOConcurrencyHelpers
import Vapor

/// The requests being answered right now. A server that stops lets them finish before its
/// database connections close: a handler that touched the database after that would crash the
/// process (Fluent's `Request.db` force-unwraps), taking every other request with it.
final class RequestsInFlight: Sendable {
    private let count = NIOLockedValueBox(0)

    var current: Int { count.withLockedValue { $0 } }

    func enter() { count.withLockedValue { $0 += 1 } }
    func leave() { count.withLockedValue { $0 -= 1 } }
}

struct RequestsInFlightKey: StorageKey { typealias Value = RequestsInFlight }

/// Outermost: counts a request from its head to its response (a streamed body or an upgraded
/// socket goes on without it).
struct RequestsInFlightMiddleware: AsyncMiddleware {
    let requests: RequestsInFlight

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        requests.enter()
        defer { requests.leave() }
        return try await next.respond(to: request)
    }
}

/// At shutdown, before storage (and with it the database pools) goes: waits for the requests
/// still being answered, for at most `patience`.
struct RequestsInFlightLifecycle: LifecycleHandler {
    let requests: RequestsInFlight
    var patience: Duration = .seconds(10)

    func shutdownAsync(_ application: Application) async {
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        while requests.current > 0, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if requests.current > 0 {
            application.logger.warning("Stopping with \(requests.current) request(s) still being answered.")
        }
    }

    func shutdown(_ application: Application) {}
}
