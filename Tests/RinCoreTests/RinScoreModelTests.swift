import Foundation
import KindredTestSupport
import NIOConcurrencyHelpers
import RinScore
import RinSecurity
import Testing
@testable import KindredServer

/// The Score and Security features against a real server: the score kept for offline viewing and
/// marked when a day old, the network and its setting, the inbox's sections and answers.
@MainActor
@Suite("Rin Score and Security in the app")
struct RinScoreModelTests {
    /// A device clock the test moves.
    final class DeviceClock: Sendable {
        let offset = NIOLockedValueBox<TimeInterval>(0)
        var now: Date { Date().addingTimeInterval(offset.withLockedValue { $0 }) }
    }

    @Test func theScoreIsKeptForOfflineAndMarkedWhenADayOld() async throws {
        try await withKindred(running: true) { kindred in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rin-score-" + UUID().uuidString)
            defer { try? FileManager.default.removeItem(at: directory) }
            let (ada, context, network) = try await RinCirclesTests.ada(kindred, directory: directory)
            let (bea, beaBook) = try await RinCirclesTests.person(kindred, "bea", "Bea")
            _ = try await ada.addRinCard(try await bea.rinShareLink(of: beaBook).token)

            let clock = DeviceClock()
            let model = ScoreModel(context: context, now: { clock.now })
            await model.load()
            #expect(model.error == nil && !model.isOffline)
            #expect(model.label == .provisional(asOf: try #require(model.kept?.fetchedAt)))
            #expect(model.shown?.parts.links == 1 && model.explanations.count == 4 && model.history.isEmpty)

            // The daily run: official, and the same as computed now.
            try await RinScoreJob.run(kindred.app.context)
            await model.load()
            let day = try #require(model.score?.official?.day)
            #expect(model.label == .official(day: day) && model.provisionalNow == nil)
            #expect(model.history.count == 1)

            // Offline, on a new launch: the kept copy, at once; a day later, not updated since.
            network.offline = true
            let relaunchedContext = RinContext(session: ada, directory: directory)
            await relaunchedContext.start()
            let relaunched = ScoreModel(context: relaunchedContext, now: { clock.now })
            await relaunched.load()
            #expect(relaunched.isOffline && relaunched.error != nil)
            #expect(relaunched.shown == model.shown && relaunched.label == .official(day: day))
            clock.offset.withLockedValue { $0 = 25 * 3600 }
            #expect(relaunched.label == .notUpdatedSince(day: day))
        }
    }

    @Test func theNetworkItsSettingAndPaths() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, context, _) = try await RinCirclesTests.ada(kindred)
            let (bea, beaBook) = try await RinCirclesTests.person(kindred, "bea", "Bea")
            let (cyra, cyraBook) = try await RinCirclesTests.person(kindred, "cyra", "Cyra")
            _ = try await ada.addRinCard(try await bea.rinShareLink(of: beaBook).token)
            _ = try await cyra.addRinCard(try await bea.rinShareLink(of: beaBook).token)

            let model = NetworkModel(context: context)
            await model.load()
            #expect(model.network?.links == 1 && model.links.map(\.person.profileId) == [beaBook])
            #expect(!model.showsConnections)
            await model.setShowsConnections(true)
            #expect(model.showsConnections && model.notice != nil)
            #expect(try await ada.rinSettings().showsConnections)
            #expect(try #require(await model.paths(to: cyraBook)).isEmpty, "Bea does not show it")
            _ = try await bea.updateRinSettings(showsConnections: true)
            #expect(await model.paths(to: cyraBook)?.map { $0.map(\.profileId) } == [[beaBook]])

            let coordinator = ScoreCoordinator(context: context)
            #expect(coordinator.open(.network) && coordinator.path == [.network])
            #expect(coordinator.open(.score) && coordinator.path.isEmpty)
            #expect(!coordinator.open(.circles))
        }
    }

    @Test func theInboxShowsWhatNeedsMeAndAnswersIt() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, context, _) = try await RinCirclesTests.ada(kindred)
            let second = KindredSession(serverURL: try #require(kindred.baseURL), installation: "ada-tablet-installation")
            try await second.signIn(email: "ada@example.com", password: "analytical", device: "Ada's tablet")

            let inbox = SecurityInboxModel(context: context)
            await inbox.load()
            #expect(inbox.error == nil)
            #expect(inbox.actionNeeded == 1 && inbox.count(.alerts).action == 1)
            #expect(inbox.summary?.unread == 0, "opening the inbox marks it read")
            let alert = try #require(inbox.items[.alerts]?.first)
            #expect(alert.state == .action && alert.alert?.device == "Ada's tablet")
            #expect(inbox.items[.disputes]?.isEmpty == true && inbox.items[.access]?.isEmpty == true)

            await inbox.answer(alert, wasMe: false)
            #expect(inbox.notice?.contains("signed out") == true)
            #expect(inbox.actionNeeded == 0)
            await #expect(throws: KindredError.self) { try await second.me() }
            await inbox.show(.resolved)
            #expect(inbox.items[.alerts]?.count == 2, "the answered alert and the sessions it ended")
            #expect(try await ada.me().profile.username == "ada")

            // A dispute from both sides: Bea, a friend who sees Ada's mobile, says it is hers.
            let book = try #require(context.settings?.primaryProfileId)
            let mobile = try await ada.addRinField(to: book, .init(kind: .phone, label: .mobile, value: "+44 20 7946 0018"))
            let (bea, beaBook) = try await RinCirclesTests.person(kindred, "bea", "Bea")
            let friends = try #require(try await ada.rinCircles(of: book).first { $0.kind == .friends })
            _ = try await ada.addRinCircleMembers(friends.id, profiles: [beaBook])
            let raised = try await bea.disputeRin(book, fieldKey: mobile.key, statement: "That number is mine.")
            #expect(raised.role == .claimant && raised.status == .open)
            await inbox.show(.action)
            let item = try #require(inbox.items[.disputes]?.first)
            #expect(item.dispute?.role == .subject && item.dispute?.field.value == "+442079460018")
            await inbox.answer(item, dispute: .keep("It has been mine for years."))
            #expect(inbox.notice?.contains("moderators") == true && inbox.items[.disputes]?.isEmpty == true)
            #expect(try await bea.rinDispute(raised.id).status == .answered)
            #expect(try await bea.withdrawRinDispute(raised.id).status == .withdrawn)

            let coordinator = SecurityCoordinator(context: context)
            #expect(coordinator.open(.security) && coordinator.isShowing)
        }
    }
}
