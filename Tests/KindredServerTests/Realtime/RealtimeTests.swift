import Foundation
import KindredAPI
import KindredTestSupport
import NIOConcurrencyHelpers
import NIOPosix
import NIOWebSocket
import Testing
import Vapor
@testable import KindredServer

@Suite("Realtime over WebSockets")
struct RealtimeTests {
    @Test func aProfileChangeReachesTheUsersOtherDevice() async throws {
        try await withKindred(running: true) { kindred in
            let user = try await kindred.signUp("listener")
            let socket = try await RealtimeClient.connect(kindred, baseURL: try #require(kindred.baseURL), token: user.accessToken)

            // act
            let update = try await kindred.send(.PATCH, "/me", token: user.accessToken, json: ["displayName": "Live Wire"])
            #expect(update.status == .ok)

            // validate
            let event = try await socket.next()
            guard case .profile_updated(let payload) = event else { Issue.record("expected profile.updated, got \(event)"); return }
            #expect(payload.profile.displayName == "Live Wire")
            try await socket.close()
        }
    }

    @Test func revokingASessionTellsItsSocketAndClosesIt() async throws {
        try await withKindred(running: true) { kindred in
            let user = try await kindred.signUp("revokee")
            let socket = try await RealtimeClient.connect(kindred, baseURL: try #require(kindred.baseURL), token: user.accessToken)
            let other = try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": user.password])
            let otherToken = try other.decode(Components.Schemas.AuthSession.self).accessToken

            #expect(try await kindred.send(.DELETE, "/me/sessions/\(user.sessionID)", token: otherToken).status == .noContent)

            let event = try await socket.next()
            #expect(event.revokedSessionID == user.sessionID)
            try await socket.waitUntilClosed()
            #expect(await kindred.app.kindred.hub.connectionCount(for: user.id) == 0)
        }
    }

    @Test func ticketsWorkOnceAndExpire() async throws {
        try await withKindred(running: true) { kindred in
            let user = try await kindred.signUp("ticketholder")
            let ticket = try await kindred.send(.POST, "/realtime/tickets", token: user.accessToken)
                .decode(Components.Schemas.RealtimeTicket.self)
            let baseURL = try #require(kindred.baseURL)
            // The first use opens the socket; the second is refused.
            let socket = try await RealtimeClient.connect(path: ticket.path, baseURL: baseURL)
            #expect(try await kindred.app.testing().sendRequest(.GET, ticket.path).status == .unauthorized)
            try await socket.close()

            let late = try await kindred.send(.POST, "/realtime/tickets", token: user.accessToken)
                .decode(Components.Schemas.RealtimeTicket.self)
            kindred.clock.advance(by: RealtimeService.ticketLifetime + 1)
            let refused = try await kindred.app.testing().sendRequest(.GET, late.path)
            #expect(refused.status == .unauthorized)
            #expect(refused.headers.contentType?.description.hasPrefix("application/problem+json") == true)
            #expect(try await kindred.app.testing().sendRequest(.GET, "/api/v1/realtime?ticket=made-up").status == .unauthorized)
        }
    }

    /// Two server instances on one PostgreSQL database: an event caused on one reaches a socket
    /// held by the other, through LISTEN/NOTIFY.
    @Test(.enabled(if: PostgresTestDatabases.anyURL != nil, "needs PostgreSQL; scripts/test provides it"))
    func eventsCrossBetweenTwoInstances() async throws {
        try await withKindred(running: true, postgres: true) { kindred in
            try await kindred.withSibling { sibling, siblingURL in
                let user = try await kindred.signUp("roamer")
                // The ticket is issued by the first instance and redeemed at the second.
                let socket = try await RealtimeClient.connect(kindred, baseURL: siblingURL, token: user.accessToken)

                let update = try await kindred.send(.PATCH, "/me", token: user.accessToken, json: ["bio": "Heard across instances"])
                #expect(update.status == .ok)

                let event = try await socket.next()
                guard case .profile_updated(let payload) = event else { Issue.record("expected profile.updated, got \(event)"); return }
                #expect(payload.profile.bio == "Heard across instances")
                #expect(await sibling.kindred.hub.connectionCount(for: user.id) == 1)
                #expect(await kindred.app.kindred.hub.connectionCount(for: user.id) == 0)
                try await socket.close()
            }
        }
    }

    /// NOTIFY refuses 8,000 bytes; a larger event must still arrive, on the other instance too.
    @Test(.enabled(if: PostgresTestDatabases.anyURL != nil, "needs PostgreSQL; scripts/test provides it"))
    func anEventTooLargeForNotifyStillArrives() async throws {
        try await withKindred(running: true, postgres: true) { kindred in
            try await kindred.withSibling { sibling, siblingURL in
                // setup
                let user = try await kindred.signUp("largeevents")
                let socket = try await RealtimeClient.connect(kindred, baseURL: siblingURL, token: user.accessToken)
                // Past NOTIFY's 8,000 bytes, within the test client's 16 KiB frame.
                let bio = String(repeating: "Ω long bio ", count: 750)
                let profile = Components.Schemas.Profile(id: user.id, username: user.username, displayName: "Large", bio: bio)

                // act
                await kindred.app.kindred.events.publish(.profileUpdated(profile), to: user.id)

                // validate
                let event = try await socket.next()
                guard case .profile_updated(let payload) = event else { Issue.record("expected profile.updated, got \(event)"); return }
                #expect(payload.profile.bio == bio)
                #expect(bio.utf8.count > 8_000)
                try await socket.close()
            }
        }
    }

    /// One call tells many people (a post's followers, a book's members); someone with no socket
    /// open is simply skipped.
    @Test func oneEventReachesManyPeopleInOneCall() async throws {
        try await withKindred(running: true) { kindred in
            let baseURL = try #require(kindred.baseURL)
            var people: [TestUser] = []
            var sockets: [RealtimeClient] = []
            for name in ["fanone", "fantwo", "fanthree"] {
                let person = try await kindred.signUp(name)
                people.append(person)
                sockets.append(try await RealtimeClient.connect(kindred, baseURL: baseURL, token: person.accessToken))
            }
            let offline = try await kindred.signUp("fanoffline")
            let profile = Components.Schemas.Profile(id: offline.id, username: offline.username, displayName: "Shared", bio: "to all")

            await kindred.app.kindred.events.publish(.profileUpdated(profile), to: people.map(\.id) + [offline.id])

            for socket in sockets {
                let event = try await socket.next()
                guard case .profile_updated(let payload) = event else { Issue.record("expected profile.updated, got \(event)"); return }
                #expect(payload.profile.displayName == "Shared")
                try await socket.close()
            }
        }
    }

    /// Across instances a fan-out to hundreds is split into notifications that fit NOTIFY, and an
    /// event too large for one is still delivered to each recipient.
    @Test(.enabled(if: PostgresTestDatabases.anyURL != nil, "needs PostgreSQL; scripts/test provides it"))
    func aFanOutCrossesInstancesWhateverItsSize() async throws {
        try await withKindred(running: true, postgres: true) { kindred in
            try await kindred.withSibling { _, siblingURL in
                // setup: two listeners on the other instance, hidden among 400 other recipients
                let first = try await kindred.signUp("fanfirst")
                let second = try await kindred.signUp("fansecond")
                let firstSocket = try await RealtimeClient.connect(kindred, baseURL: siblingURL, token: first.accessToken)
                let secondSocket = try await RealtimeClient.connect(kindred, baseURL: siblingURL, token: second.accessToken)
                let others = (0..<200).map { _ in UUID() }
                let recipients = others + [first.id] + others.map { _ in UUID() } + [second.id]
                let small = Components.Schemas.Profile(id: first.id, username: first.username, displayName: "Many", bio: "small")
                let large = Components.Schemas.Profile(id: first.id, username: first.username, displayName: "Large",
                                                       bio: String(repeating: "Ω long bio ", count: 750))

                // act
                await kindred.app.kindred.events.publish(.profileUpdated(small), to: recipients)
                await kindred.app.kindred.events.publish(.profileUpdated(large), to: [first.id, second.id])

                // validate: each listener gets both, in order
                for socket in [firstSocket, secondSocket] {
                    for expected in ["Many", "Large"] {
                        let event = try await socket.next()
                        guard case .profile_updated(let payload) = event else { Issue.record("expected profile.updated, got \(event)"); return }
                        #expect(payload.profile.displayName == expected)
                    }
                    try await socket.close()
                }
            }
        }
    }
}

/// A WebSocket client over a real socket, collecting the server's events in order.
final class RealtimeClient: Sendable {
    private let socket: WebSocket
    private let received: NIOLockedValueBox<[Components.Schemas.RealtimeEvent]>
    private let texts: NIOLockedValueBox<[String]>

    private init(socket: WebSocket, received: NIOLockedValueBox<[Components.Schemas.RealtimeEvent]>, texts: NIOLockedValueBox<[String]>) {
        self.socket = socket
        self.received = received
        self.texts = texts
    }

    /// Every text frame as it came over the wire, read or not: what a leak test searches.
    var frames: [String] { texts.withLockedValue { $0 } }

    static func connect(_ kindred: TestKindred, baseURL: URL, token: String) async throws -> RealtimeClient {
        let ticket = try await kindred.send(.POST, "/realtime/tickets", token: token).decode(Components.Schemas.RealtimeTicket.self)
        return try await connect(path: ticket.path, baseURL: baseURL)
    }

    static func connect(path: String, baseURL: URL) async throws -> RealtimeClient {
        let received = NIOLockedValueBox<[Components.Schemas.RealtimeEvent]>([])
        let texts = NIOLockedValueBox<[String]>([])
        let url = "ws://\(baseURL.host ?? "127.0.0.1"):\(baseURL.port ?? 80)\(path)"
        // The connect future can finish before the upgrade callback runs, so wait for the socket itself.
        let upgraded = MultiThreadedEventLoopGroup.singleton.next().makePromise(of: WebSocket.self)
        WebSocket.connect(to: url, on: MultiThreadedEventLoopGroup.singleton) { socket in
            socket.onText { _, text in
                texts.withLockedValue { $0.append(text) }
                if let event = try? JSONDecoder.realtime.decode(Components.Schemas.RealtimeEvent.self, from: Data(text.utf8)) {
                    received.withLockedValue { $0.append(event) }
                }
            }
            upgraded.succeed(socket)
        }.cascadeFailure(to: upgraded)
        return RealtimeClient(socket: try await upgraded.futureResult.get(), received: received, texts: texts)
    }

    /// The oldest unread event, waiting up to 90 seconds for one to arrive: on PostgreSQL an event
    /// crosses LISTEN/NOTIFY, which hundreds of tests at once on two cores once held past five, and
    /// on a slower machine past thirty. An event that arrives returns at once; only a missing one
    /// waits this long.
    func next() async throws -> Components.Schemas.RealtimeEvent {
        for _ in 0..<4500 {
            if let event = received.withLockedValue({ $0.isEmpty ? nil : $0.removeFirst() }) { return event }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw RealtimeTimeout()
    }

    /// Waits for the server to close the socket, and says with what code.
    @discardableResult
    func waitUntilClosed() async throws -> WebSocketErrorCode? {
        try await socket.onClose.get()
        return socket.closeCode
    }

    func close() async throws {
        try await socket.close()
    }

    struct RealtimeTimeout: Error {}
}
