import Foundation
import KindredTestSupport
import NIOConcurrencyHelpers
import Testing
import Vapor
@testable import KindredServer

/// Stopping an instance lets the requests it is answering finish (for up to ten seconds) before
/// the database pools close, and tells each realtime socket it is going away (1001), so clients
/// reconnect to another instance at once rather than after a timeout.
@Suite("Graceful shutdown: requests in flight finish, sockets hear going-away")
struct GracefulShutdownTests {
    @Test func shutdownWaitsForTheRequestsStillBeingAnswered() async throws {
        try await withKindred { kindred in
            let requests = RequestsInFlight()
            let lifecycle = RequestsInFlightLifecycle(requests: requests, patience: .seconds(10))
            requests.enter()
            let finished = NIOLockedValueBox(false)
            let app = kindred.app
            let stopping = Task {
                await lifecycle.shutdownAsync(app)
                finished.withLockedValue { $0 = true }
            }
            try await Task.sleep(for: .milliseconds(200))
            #expect(!finished.withLockedValue { $0 }, "a request is still being answered")
            requests.leave()
            let clock = ContinuousClock(), start = clock.now
            await stopping.value
            #expect(clock.now - start < .seconds(2), "it stops as soon as the last request is answered")

            // A request that never ends does not hold the instance past its patience.
            requests.enter()
            let impatient = RequestsInFlightLifecycle(requests: requests, patience: .milliseconds(200))
            let waited = await clock.measure { await impatient.shutdownAsync(app) }
            #expect(waited >= .milliseconds(200) && waited < .seconds(5))
        }
    }

    @Test func theMiddlewareCountsEachRequestUntilItsAnswer() async throws {
        try await withKindred { kindred in
            let requests = try #require(kindred.app.storage[RequestsInFlightKey.self])
            #expect(requests.current == 0)
            #expect(try await kindred.send(.GET, "/health").status == .ok)
            #expect(requests.current == 0, "counted out again once answered")
        }
    }

    @Test func socketsAreClosedWithGoingAway() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await kindred.signUp("ada")
            let socket = try await RealtimeClient.connect(kindred, baseURL: try #require(kindred.baseURL), token: ada.accessToken)
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: ada.id) == 1 }
            // What `RealtimeLifecycle` does when the instance stops.
            await kindred.app.kindred.hub.closeAll()
            #expect(try await socket.waitUntilClosed() == .goingAway)
            #expect(await kindred.app.kindred.hub.connectionCount(for: ada.id) == 0)
        }
    }
}
