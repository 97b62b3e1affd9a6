import Foundation
import KindredTestSupport
import RinCore
import Testing
@testable import KindredServer

/// The network and the score through the SDK, as the apps call them.
@Suite("Rin network and score through the SDK")
struct RinNetworkSessionTests {
    @Test func linksPathsAndTheScoreArriveThroughTheSDK() async throws {
        try await withKindred(running: true) { kindred in
            let base = try #require(kindred.baseURL)
            let ada = KindredSession(serverURL: base), bea = KindredSession(serverURL: base), cyra = KindredSession(serverURL: base)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada", displayName: "Ada")
            try await bea.signUp(email: "bea@example.com", password: "bea-secret", username: "bea", displayName: "Bea")
            try await cyra.signUp(email: "cyra@example.com", password: "cyra-secret", username: "cyra", displayName: "Cyra")
            let (adaBook, beaBook) = (try await ada.rinSettings().primaryProfileId, try await bea.rinSettings().primaryProfileId)
            let cyraBook = try await cyra.rinSettings().primaryProfileId

            // Ada takes Bea's card; Bea and Cyra hold each other by username.
            _ = try await ada.addRinCard(try await bea.rinShareLink(of: beaBook).token)
            let beaHoldsCyra = try await bea.createRinContact(in: beaBook, .init(displayName: "Cyra"))
            _ = try await bea.linkRinContact(beaHoldsCyra.id, toUsername: "cyra")
            let cyraHoldsBea = try await cyra.createRinContact(in: cyraBook, .init(displayName: "Bea"))
            _ = try await cyra.linkRinContact(cyraHoldsBea.id, toUsername: "bea")

            let network = try await ada.rinNetwork()
            #expect(network.links == 1 && network.oneWay == 0 && network.showing == 0 && network.twoHop == nil)
            let links = try await ada.rinLinks(limit: 10)
            #expect(links.items.map(\.person.profileId) == [beaBook] && links.items[0].kind == .card && links.nextCursor == nil)
            #expect(try await ada.rinPaths(to: cyraBook).isEmpty, "Bea does not show how she connects people")

            let settings = try await bea.updateRinSettings(showsConnections: true)
            #expect(settings.showsConnections)
            #expect(try await ada.rinPaths(to: cyraBook).map { $0.map(\.profileId) } == [[beaBook]])
            #expect(try await ada.rinLinks().items.first?.bridges == 1)

            let score = try await ada.rinScore()
            #expect(score.official == nil && score.provisional.parts.links == 1 && score.provisional.parts.twoHop == 1)
            #expect(score.provisional.parts.verifiedCoverage == 1, "a card taken is a verified channel")
            #expect(score.explanations.count == 4)
            #expect(try await ada.rinScoreHistory().isEmpty)
            try await RinScoreJob.run(kindred.app.context)
            let official = try await ada.rinScore()
            #expect(official.official?.value == official.provisional)
            #expect(try await ada.rinScoreHistory().map(\.score) == [official.provisional.score])

            // The security inbox: a sign-in from Ada's second installation needs her.
            let second = KindredSession(serverURL: base, installation: "ada-second-installation")
            try await second.signIn(email: "ada@example.com", password: "analytical", device: "Ada's tablet")
            let inbox = try await ada.rinSecurity()
            #expect(inbox.action == 1 && inbox.unread == 1)
            let alerts = try await ada.rinSecurityItems(.alerts, filter: .action)
            #expect(alerts.items.map { $0.alert?.device } == ["Ada's tablet"])
            #expect(try await ada.markRinSecurityRead().unread == 0)
            try await ada.answerAccountAlert(try #require(alerts.items.first?.alert?.id), wasMe: true)
            #expect(try await ada.rinSecurity().action == 0)

            // A profile of my own is refused with the server's words.
            await #expect(throws: KindredError.self) { try await ada.rinPaths(to: adaBook) }
        }
    }
}
