import Crypto
import Foundation
import KindredSDK
import KindredTestSupport
@testable import KindredServer
import Testing

@Suite("Push notifications through the SDK")
struct PushSessionTests {
    @Test func settingsAndThisSessionsDevice() async throws {
        try await withKindred(running: true) { kindred in
            let phone = KindredSession(serverURL: try #require(kindred.baseURL), tokenStore: MemoryTokenStore(),
                                       retryPolicy: .init(baseDelay: .milliseconds(5)))
            _ = try await phone.signUp(email: "sdk-push@example.com", password: "first password", username: "sdk_push")

            // Settings: every kind on, then letters off.
            let settings = try await phone.notificationSettings()
            #expect(settings.kinds.contains { $0.kind == "memories.letters" && $0.enabled && $0.app == "memories" })
            let changed = try await phone.setNotifications(["memories.letters": false, "kinnect.likes": true])
            #expect(changed.kinds.filter { !$0.enabled }.map(\.kind) == ["memories.letters"])
            do {
                try await phone.setNotifications(["memories.everything": false])
                Issue.record("an unknown kind was accepted")
            } catch let error as KindredError {
                #expect(error.status == 422)
            }

            // This session's device: a browser subscription, then none.
            #expect(try await phone.pushDevice() == nil)
            let device = try await phone.registerForPush(
                webPushEndpoint: "https://fcm.googleapis.com/fcm/send/sdk-test",
                p256dh: Secrets.base64URL(P256.KeyAgreement.PrivateKey().publicKey.x963Representation),
                auth: Secrets.base64URL(Secrets.randomBytes(16)))
            #expect(device.kind == .webPush)
            #expect(try await phone.pushDevice()?.kind == .webPush)
            // A server without an APNs key says so, and the device stays as it was.
            do {
                try await phone.registerForPush(deviceToken: Data(repeating: 0xAB, count: 32), sandbox: true)
                Issue.record("an APNs token was accepted by a server without a key")
            } catch let error as KindredError {
                #expect(error.status == 409)
            }
            #expect(try await phone.pushDevice()?.kind == .webPush)
            try await phone.unregisterForPush()
            #expect(try await phone.pushDevice() == nil)
        }
    }
}
