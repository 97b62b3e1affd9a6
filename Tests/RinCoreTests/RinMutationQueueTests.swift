import Foundation
import KindredTestSupport
import RinCore
import Testing
@testable import KindredServer

@Suite("Rin's queue of changes made offline")
struct RinMutationQueueTests {
    static func file() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("rin-queue-\(UUID().uuidString)/queue.json")
    }

    @Test func changesMadeOfflineSurviveARelaunchAndLandInOrderWhenBackOnline() async throws {
        try await withKindred(running: true) { kindred in
            let network = FlakyNetwork()
            let ada = KindredSession(serverURL: try #require(kindred.baseURL), transport: network)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            let profile = try await ada.rinSettings().primaryProfileId
            let contact = try await ada.createRinContact(in: profile, .init(givenName: "Grace", familyName: "Hopper"))
            let family = try #require(try await ada.rinCircles(of: profile).first { $0.kind == .family })
            let file = Self.file()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }

            network.offline = true
            let queue = RinMutationQueue(session: ada, file: file)
            try await queue.enqueue(.updateContact(contact.id, .init(nickname: "Amazing Grace", favourite: true)))
            try await queue.enqueue(.addCircleMembers(circle: family.id, profiles: [], contacts: [contact.id]))
            try await queue.enqueue(.createContact(profile: profile, .init(displayName: "Alan Turing")))
            let offline = await queue.flush()
            #expect(offline.outcomes.isEmpty)
            #expect(offline.remaining == 3)
            #expect(offline.stoppedBy != nil)

            // The app is killed and opened again, online.
            network.offline = false
            let relaunched = RinMutationQueue(session: ada, file: file)
            #expect(await relaunched.pending.map(\.attempts) == [1, 0, 0])
            let online = await relaunched.flush()
            #expect(online.outcomes.count == 3)
            #expect(online.remaining == 0)
            #expect(await relaunched.pending.isEmpty)
            #expect(await RinMutationQueue(session: ada, file: file).pending.isEmpty)

            let grace = try await ada.rinContact(contact.id)
            #expect(grace.nickname == "Amazing Grace")
            #expect(grace.favourite)
            #expect(grace.circles.map(\.kind).contains(.family))
            #expect(try await ada.rinContacts(of: profile).items.map(\.displayName) == ["Grace Hopper", "Alan Turing"].sorted())
        }
    }

    @Test func aNewContactWhoseAnswerWasLostIsMadeOnceWhenSentAgain() async throws {
        try await withKindred(running: true) { kindred in
            let network = FlakyNetwork()
            let ada = KindredSession(serverURL: try #require(kindred.baseURL), transport: network, retryPolicy: .init(maximumAttempts: 2, baseDelay: .milliseconds(5)))
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            let profile = try await ada.rinSettings().primaryProfileId
            let queue = RinMutationQueue(session: ada, file: nil)
            let entry = try await queue.enqueue(.createContact(profile: profile, .init(displayName: "Charles Babbage")))

            // The server makes the contact, but the answer never arrives, neither to the first
            // attempt nor to the SDK's own retry: the change stays queued.
            network.loseAnswers(to: "createRinContact", times: 2)
            let lost = await queue.flush()
            #expect(lost.remaining == 1)
            let again = await queue.flush()
            #expect(again.remaining == 0)

            #expect(try await ada.rinContacts(of: profile).items.map(\.displayName) == ["Charles Babbage"])
            let keys = network.sent.filter { $0.method == .post && $0.path?.hasSuffix("/contacts") == true }
                .map { $0.headerFields[.init("Idempotency-Key")!] }
            #expect(keys.count == 3)
            #expect(Set(keys) == [entry.id.uuidString.lowercased()])
        }
    }

    @Test func aChangeTheServerRefusesForGoodIsReportedAndDoesNotHoldTheRest() async throws {
        try await withKindred(running: true) { kindred in
            let ada = KindredSession(serverURL: try #require(kindred.baseURL))
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            let profile = try await ada.rinSettings().primaryProfileId
            let gone = try await ada.createRinContact(in: profile, .init(displayName: "Gone"))
            try await ada.deleteRinContact(gone.id)
            let kept = try await ada.createRinContact(in: profile, .init(displayName: "Kept"))

            let queue = RinMutationQueue(session: ada, file: nil)
            try await queue.enqueue(.updateContact(kept.id, .init(displayName: String(repeating: "x", count: 501))))
            try await queue.enqueue(.updateContact(gone.id, .init(nickname: "ghost")))
            try await queue.enqueue(.deleteContact(gone.id))
            try await queue.enqueue(.updateContact(kept.id, .init(favourite: true)))
            let result = await queue.flush()

            #expect(result.remaining == 0)
            let rejected = result.outcomes.compactMap { outcome -> Int? in
                if case .rejected(_, let error) = outcome { return error.status }
                return nil
            }
            #expect(rejected == [422, 404])
            #expect(try await ada.rinContact(kept.id).favourite)
            #expect(try await ada.rinContact(kept.id).displayName == "Kept")
        }
    }

    @Test func twoFlushesAtOnceSendEachChangeOnce() async throws {
        try await withKindred(running: true) { kindred in
            let network = FlakyNetwork()
            let ada = KindredSession(serverURL: try #require(kindred.baseURL), transport: network)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            let profile = try await ada.rinSettings().primaryProfileId
            let file = Self.file()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let queue = RinMutationQueue(session: ada, file: file)
            for name in ["One", "Two", "Three", "Four"] { try await queue.enqueue(.createContact(profile: profile, .init(displayName: name))) }

            async let first = queue.flush()
            async let second = queue.flush()
            let results = await [first, second]

            #expect(results.allSatisfy { $0.remaining == 0 })
            #expect(network.sent.filter { $0.method == .post && $0.path?.hasSuffix("/contacts") == true }.count == 4)
            #expect(try await ada.rinContacts(of: profile).items.map(\.displayName) == ["Four", "One", "Three", "Two"])
        }
    }

    @Test func drainingWaitsOutAnOutageAndStopsWhenEmpty() async throws {
        try await withKindred(running: true) { kindred in
            let network = FlakyNetwork()
            let ada = KindredSession(serverURL: try #require(kindred.baseURL), transport: network)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            let profile = try await ada.rinSettings().primaryProfileId
            let queue = RinMutationQueue(session: ada, file: nil)
            try await queue.enqueue(.createContact(profile: profile, .init(displayName: "Patient")))
            network.offline = true
            let draining = Task { await queue.drain(firstWait: .milliseconds(20), longest: .milliseconds(80)) }
            try await Task.sleep(for: .milliseconds(200))
            #expect(await queue.pending.count == 1)
            network.offline = false
            let outcomes = await draining.value
            #expect(outcomes.count == 1)
            #expect(await queue.pending.isEmpty)
            #expect(await queue.pending.first.map(\.attempts) == nil)
        }
    }
}
