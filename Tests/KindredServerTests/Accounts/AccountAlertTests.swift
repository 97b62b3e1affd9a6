import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

/// Account alerts: a sign-in from a device the account has not used in 90 days, sessions ended
/// from another device, and the owner's answer.
@Suite("Account alerts: new devices and ended sessions, answered by the owner")
struct AccountAlertTests {
    typealias Schemas = Components.Schemas

    static func signIn(_ kindred: TestKindred, _ user: TestUser, installation: String? = nil, device: String? = nil) async throws -> Schemas.AuthSession {
        var body = ["email": user.email, "password": user.password, "refreshTokenDelivery": "body"]
        body["installation"] = installation
        body["device"] = device
        let response = try await kindred.send(.POST, "/auth/sign-in", json: body)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(Schemas.AuthSession.self)
    }

    static func alerts(_ kindred: TestKindred, token: String) async throws -> [Schemas.AccountAlert] {
        let response = try await kindred.send(.GET, "/me/alerts", token: token)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(Schemas.AccountAlertPage.self).items
    }

    static func answer(_ kindred: TestKindred, _ alert: UUID, wasMe: Bool, token: String) async throws -> TestingHTTPResponse {
        try await kindred.send(.POST, "/me/alerts/\(alert)/answer", token: token, json: ["wasMe": wasMe])
    }

    static let laptop = "laptop-installation-0001", phone = "phone-installation-00002"

    @Test func aSignInFromANewDeviceIsAnAlertOnTheOthers() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            #expect(try await Self.alerts(kindred, token: ada.accessToken).isEmpty, "a new account's first device is no alert")
            _ = try await Self.signIn(kindred, ada)
            #expect(try await Self.alerts(kindred, token: ada.accessToken).isEmpty, "the same device (by its label) again")

            // An installation the account never used: an alert.
            let laptop = try await Self.signIn(kindred, ada, installation: Self.laptop, device: "Ada's laptop")
            #expect(try await Self.alerts(kindred, token: ada.accessToken).map(\.device) == ["Ada's laptop"])
            // The same installation again, under another label: known.
            _ = try await Self.signIn(kindred, ada, installation: Self.laptop, device: "Renamed laptop")
            #expect(try await Self.alerts(kindred, token: ada.accessToken).count == 1)

            // Another installation: an alert, on every device, marked on the one it is about.
            let phone = try await Self.signIn(kindred, ada, installation: Self.phone, device: "Ada's phone")
            let seen = try await Self.alerts(kindred, token: laptop.accessToken)
            #expect(seen.map(\.kind) == [.newDevice, .newDevice])
            #expect(seen[0].device == "Ada's phone")
            #expect(!seen[0].isThisDevice && seen[1].isThisDevice && seen[0].answer == nil)
            #expect(try await Self.alerts(kindred, token: phone.accessToken).map(\.isThisDevice) == [true, false])
            #expect(try await AccountAlertService(context: kindred.app.context).unanswered(of: ada.id) == 2)
            // Nothing of the installation id is kept, only its hash.
            let keys = try await KnownDevice.query(on: kindred.app.db).all().map(\.keyHash)
            #expect(keys.count == 3 && keys.allSatisfy { $0.count == 64 && !$0.contains("installation") })

            // "This was me" closes it; the phone signing in again is known.
            let answered = try await Self.answer(kindred, seen[0].id, wasMe: true, token: laptop.accessToken)
            #expect(try answered.decode(Schemas.AccountAlert.self).answer == .wasMe)
            _ = try await Self.signIn(kindred, ada, installation: Self.phone)
            #expect(try await Self.alerts(kindred, token: laptop.accessToken).count == 2)
            #expect(try await AccountAlertService(context: kindred.app.context).unanswered(of: ada.id) == 1)

            // Unused for more than 90 days, the laptop is new again.
            kindred.clock.advance(by: 91 * 86_400)
            let back = try await Self.signIn(kindred, ada, installation: Self.laptop)
            #expect(try await Self.alerts(kindred, token: back.accessToken).count == 3)
        }
    }

    @Test func thisWasntMeEndsEveryOtherSessionAndCannotBeAnsweredFromThatDevice() async throws {
        try await withKindred { kindred in
            // Rin's penalty at the end fades by the day: a run that crossed midnight between the
            // answer and the score read it a day faded.
            kindred.clock.freeze()
            let ada = try await kindred.signUp("ada")
            let home = try await Self.signIn(kindred, ada, installation: Self.laptop)
            let stranger = try await Self.signIn(kindred, ada, installation: Self.phone, device: "Unknown phone")
            let alert = try #require(try await Self.alerts(kindred, token: home.accessToken).first { $0.device == "Unknown phone" })

            // From the device it is about: refused, whoever holds it.
            let fromThere = try await Self.answer(kindred, alert.id, wasMe: false, token: stranger.accessToken)
            #expect(fromThere.status == .conflict)
            #expect(try await kindred.send(.GET, "/me", token: stranger.accessToken).status == .ok)

            // From home: every other session ends, the answer stands, and the ending is on record.
            let answered = try await Self.answer(kindred, alert.id, wasMe: false, token: home.accessToken)
            #expect(answered.status == .ok)
            #expect(try answered.decode(Schemas.AccountAlert.self).answer == .notMe)
            #expect(try await kindred.send(.GET, "/me", token: stranger.accessToken).status == .unauthorized)
            #expect(try await kindred.send(.GET, "/me", token: ada.accessToken).status == .unauthorized, "the first device was signed out too")
            #expect(try await kindred.send(.GET, "/me", token: home.accessToken).status == .ok)
            let all = try await Self.alerts(kindred, token: home.accessToken)
            let ended = try #require(all.first { $0.kind == .sessionsRevoked })
            #expect(ended.count == 2 && ended.isThisDevice)
            #expect(try await Self.answer(kindred, alert.id, wasMe: true, token: home.accessToken)
                .decode(Schemas.AccountAlert.self).answer == .notMe, "\"this wasn't me\" cannot be taken back")
            #expect(try await Self.answer(kindred, ended.id, wasMe: true, token: home.accessToken).status == .conflict,
                    "an ending is for information only")

            // Someone else's alert is nobody's.
            let bea = try await kindred.signUp("bea")
            #expect(try await Self.answer(kindred, alert.id, wasMe: true, token: bea.accessToken).status == .notFound)
            #expect(try await Self.alerts(kindred, token: bea.accessToken).isEmpty)

            // Rin's Trust carries the soft penalty.
            #expect(try await kindred.send(.GET, "/rin/score", token: home.accessToken).decode(Schemas.RinScore.self)
                .provisional.parts.penaltyPoints == 8)
        }
    }

    @Test func endingOneOtherSessionIsOnRecordAndSigningOutIsNot() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let other = try await Self.signIn(kindred, ada, device: "Ada's tablet")
            #expect(try await kindred.send(.DELETE, "/me/sessions/\(other.sessionId)", token: ada.accessToken).status == .noContent)
            let alerts = try await Self.alerts(kindred, token: ada.accessToken)
            #expect(alerts.map(\.kind) == [.sessionsRevoked, .newDevice])
            #expect(alerts[0].count == 1)
            #expect(try await kindred.send(.POST, "/auth/sign-out", token: ada.accessToken).status == .noContent)
            let again = try await Self.signIn(kindred, ada, device: "Ada's tablet")
            #expect(try await Self.alerts(kindred, token: again.accessToken).count == 2, "signing oneself out is no alert; the tablet is known")
        }
    }
}
