import Foundation
import KindredSDK
import KindredTestSupport
@testable import KindredServer
import Testing

@Suite("Account alerts through the SDK")
struct AccountAlertSessionTests {
    @Test func aSecondInstallationIsAnAlertAndThisWasntMeSignsItOut() async throws {
        try await withKindred(running: true) { kindred in
            let base = try #require(kindred.baseURL)
            let laptop = KindredSession(serverURL: base, installation: "sdk-laptop-installation-1")
            let stranger = KindredSession(serverURL: base, installation: "sdk-unknown-installation-2")
            try await laptop.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            #expect(try await laptop.accountAlerts().items.isEmpty)

            try await stranger.signIn(email: "ada@example.com", password: "analytical", device: "Unknown phone")
            let alerts = try await laptop.accountAlerts().items
            #expect(alerts.count == 1 && alerts[0].kind == .newDevice && alerts[0].device == "Unknown phone" && !alerts[0].isThisDevice)
            await #expect(throws: KindredError.self) { try await stranger.answerAccountAlert(alerts[0].id, wasMe: false) }

            let answered = try await laptop.answerAccountAlert(alerts[0].id, wasMe: false)
            #expect(answered.answer == .notMe)
            await #expect(throws: KindredError.self) { try await stranger.me() }
            #expect(try await laptop.me().profile.username == "ada")
            #expect(try await laptop.accountAlerts().items.map(\.kind) == [.sessionsRevoked, .newDevice])
        }
    }
}
