import Foundation
import KindredTestSupport
import RinCore
import Testing
@testable import KindredServer

/// Every screen that follows Rin's events shares one socket: opened by the first, closed after
/// the last, each follower getting every event while it follows.
@MainActor
@Suite("Rin's one event stream")
struct RinEventsTests {
    @Test func screensShareOneSocketThatClosesAfterTheLastOne() async throws {
        try await withKindred(running: true) { kindred in
            let base = try #require(kindred.baseURL)
            let ada = KindredSession(serverURL: base), bea = KindredSession(serverURL: base)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            try await bea.signUp(email: "bea@example.com", password: "bea-secret", username: "bea")
            let adaID = try #require(await ada.userID)
            let book = try await ada.rinSettings().primaryProfileId
            let friends = try #require(try await ada.rinCircles(of: book).first { $0.kind == .friends })
            try await ada.addRinCircleMembers(friends.id, profiles: [try await bea.rinSettings().primaryProfileId])
            let address = try await ada.addRinField(to: book, .init(kind: .address, label: .home, value: "1 Hidden Lane"))
            let context = RinContext(session: ada, directory: nil)

            let heard = AskCounter()
            let first = Task { for await event in context.events() { if case .rin_ask_requested = event { await heard.add("first") } } }
            let second = Task { for await event in context.events() { if case .rin_ask_requested = event { await heard.add("second") } } }
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: adaID) == 1 }
            try await bea.askRinPerson(book, for: address.key)
            try await eventually { await heard.count("first") == 1 }
            try await eventually { await heard.count("second") == 1 }
            #expect(await kindred.app.kindred.hub.connectionCount(for: adaID) == 1, "two followers, one socket")

            // One screen closes: the other still hears; the last one closing closes the socket.
            await stop(first)
            let other = try await bea.rinPerson(book)
            #expect(other.askable.contains { $0.key == address.key && $0.requested })
            try await ada.approveRinAsk(try #require(try await ada.incomingRinAsks(of: book).items.first).id)
            #expect(try await bea.rinPerson(book).fields.contains { $0.value == "1 Hidden Lane" })
            await stop(second)
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: adaID) == 0 }

            // Following again opens a new one.
            let third = Task { for await _ in context.events() {} }
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: adaID) == 1 }
            await stop(third)
        }
    }
}

actor AskCounter {
    private var heard: [String: Int] = [:]
    func add(_ who: String) { heard[who, default: 0] += 1 }
    func count(_ who: String) -> Int { heard[who] ?? 0 }
}
