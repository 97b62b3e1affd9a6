import AsyncHTTPClient
import Crypto
import Foundation
import KindredAPI
import KindredTestSupport
import Logging
import NIOHTTP1
import NIOPosix
import NIOSSL
import Testing
import VaporTesting
@testable import KindredServer

/// Notifications to iPhones: Apple's protocol (HTTP/2 over TLS, an ES256 provider token, the
/// `apns-*` headers and the `aps` payload) spoken to a local stand-in that checks each of them as
/// APNs does (`Support/apns_server.py`, Python's h2), and through Kindred from an act to a device.
@Suite("APNs: HTTP/2 and provider tokens, against a checking server")
struct APNsTests {
    static let teamID = "TEAM4KINDR", keyID = "KEY4KINDRE", topic = "app.kindred.tests"

    struct Apple: Sendable {
        let server: PythonServer
        let control: String
        let url: String
        let caFile: String
        let key: P256.Signing.PrivateKey
        let folder: URL

        static func start() async throws -> Apple {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kindred-apns-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let key = P256.Signing.PrivateKey()
            let publicKey = folder.appendingPathComponent("provider.pem")
            try key.publicKey.pemRepresentation.write(to: publicKey, atomically: true, encoding: .utf8)
            let ca = folder.appendingPathComponent("ca.pem").path
            let server = try await PythonServer.start("apns_server.py", [publicKey.path, APNsTests.teamID, APNsTests.keyID, APNsTests.topic, ca])
            try #require(server.fields.count == 2)
            return Apple(server: server, control: "http://127.0.0.1:\(server.fields[1])", url: "https://127.0.0.1:\(server.fields[0])",
                         caFile: ca, key: key, folder: folder)
        }

        var settings: PushSettings.APNs {
            var settings = PushSettings.APNs(key: key, keyID: APNsTests.keyID, teamID: APNsTests.teamID, topic: APNsTests.topic)
            settings.productionURL = url
            settings.sandboxURL = url
            settings.trustRootsFile = caFile
            return settings
        }

        func stop() {
            server.stop()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    struct Received: Decodable {
        let headers: [String: String]
        let payload: Payload
        struct Payload: Decodable {
            struct APS: Decodable {
                struct Alert: Decodable { let title: String; let body: String }
                let alert: Alert
                let sound: String?
                let threadId: String?
                enum CodingKeys: String, CodingKey { case alert, sound, threadId = "thread-id" }
            }
            let aps: APS
            let kind: String
            let route: String
        }
    }

    /// The stand-in's control port (plain HTTP/1.1).
    static func call(_ method: HTTPMethod, _ url: String) async throws -> Data {
        Data(try await WebPushTests.call(.shared, method, url))
    }

    static func received(_ apple: Apple, token: String) async throws -> [Received] {
        try JSONDecoder().decode([Received].self, from: try await call(.GET, "\(apple.control)/devices/\(token)/messages"))
    }

    static func client(trusting caFile: String) -> HTTPClient {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .file(caFile)
        return HTTPClient(eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton),
                          configuration: .init(tlsConfiguration: tls, timeout: .init(connect: .seconds(2), read: .seconds(10))))
    }

    static let notification = Components.Schemas.PushNotification(
        kind: "kinnect.likes", title: "Kinnect", body: "ada liked your post.", route: "/kinnect/activity", tag: "post-1")

    @Test(.enabled(if: PythonServer.enabled))
    func notificationsArriveOverOneHTTP2ConnectionAndAppleAnswersDecideTheDevicesFate() async throws {
        let apple = try await Apple.start()
        defer { apple.stop() }
        let client = Self.client(trusting: apple.caFile)
        do {
            let sender = APNsSender(client: client, settings: apple.settings, logger: Logger(label: "test"))
            let token = String(repeating: "a1", count: 32)
            let expires = Date().addingTimeInterval(3600)

            // act: three notifications to one device
            for _ in 0..<3 {
                #expect(await sender.send(Self.notification, to: token, environment: "production", collapseID: "post-1",
                                          expiresAt: expires, now: Date()) == .delivered)
            }

            // validate: Apple's headers and payload, over one connection (HTTP/2 takes them all)
            let received = try await Self.received(apple, token: token)
            try #require(received.count == 3)
            let first = received[0]
            #expect(first.headers[":method"] == "POST" && first.headers[":path"] == "/3/device/\(token)")
            #expect(first.headers["apns-topic"] == Self.topic && first.headers["apns-push-type"] == "alert")
            #expect(first.headers["apns-collapse-id"] == "post-1" && first.headers["apns-priority"] == "10")
            #expect(first.headers["apns-expiration"] == String(Int(expires.timeIntervalSince1970)))
            #expect(first.payload.aps.alert.title == "Kinnect" && first.payload.aps.alert.body == "ada liked your post.")
            #expect(first.payload.aps.threadId == "kinnect.likes" && first.payload.kind == "kinnect.likes")
            #expect(first.payload.route == "/kinnect/activity")
            struct Stats: Decodable { let connections: Int }
            #expect(try JSONDecoder().decode(Stats.self, from: try await Self.call(.GET, "\(apple.control)/stats")).connections == 1)

            // Busy: later. Unregistered (the app was deleted): gone. A malformed token: gone.
            _ = try await Self.call(.POST, "\(apple.control)/busy")
            #expect(await sender.send(Self.notification, to: token, environment: "sandbox", collapseID: nil, expiresAt: expires, now: Date())
                    == .retryLater)
            _ = try await Self.call(.POST, "\(apple.control)/devices/\(token)/unregister")
            #expect(await sender.send(Self.notification, to: token, environment: "production", collapseID: nil, expiresAt: expires, now: Date())
                    == .gone)
            #expect(await sender.send(Self.notification, to: "abc", environment: "production", collapseID: nil, expiresAt: expires, now: Date())
                    == .gone)

            // Another team's key, or another app's topic, is refused (and the device kept).
            var stranger = apple.settings
            stranger.key = P256.Signing.PrivateKey()
            let forged = APNsSender(client: client, settings: stranger, logger: Logger(label: "test"))
            let other = String(repeating: "b2", count: 32)
            #expect(await forged.send(Self.notification, to: other, environment: "production", collapseID: nil, expiresAt: expires, now: Date())
                    == .refused(403))
            var otherApp = apple.settings
            otherApp.topic = "app.someone.else"
            #expect(await APNsSender(client: client, settings: otherApp, logger: Logger(label: "test"))
                .send(Self.notification, to: other, environment: "production", collapseID: nil, expiresAt: expires, now: Date()) == .refused(400))
            // A token signed more than an hour ago is refused as expired: a fresh one is made next time.
            #expect(await sender.send(Self.notification, to: other, environment: "production", collapseID: nil, expiresAt: expires,
                                      now: Date().addingTimeInterval(-2 * 3600)) == .retryLater)
            #expect(await sender.send(Self.notification, to: other, environment: "production", collapseID: nil, expiresAt: expires, now: Date())
                    == .delivered)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    @Test(.enabled(if: PythonServer.enabled))
    func aFollowRequestReachesAnIPhone() async throws {
        let apple = try await Apple.start()
        defer { apple.stop() }
        try await withKindred(adjust: { $0.push.apns = apple.settings }) { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let token = String(repeating: "C3", count: 32)
            let registered = try await kindred.send(.PUT, "/me/push-device", token: ada.accessToken, json: [
                "apns": ["token": token, "environment": "sandbox"],
            ])
            #expect(registered.status == .ok, "\(registered.body.string)")
            #expect(try registered.decode(Components.Schemas.PushDevice.self).kind == .apns)
            #expect(try await kindred.send(.PUT, "/me/push-device", token: bob.accessToken, json: [
                "apns": ["token": String(repeating: "z", count: 64), "environment": "sandbox"],
            ]).status == .unprocessableEntity)

            // act: bob asks to follow ada
            #expect(try await kindred.send(.POST, "/kinnect/follows", token: bob.accessToken, json: ["username": "ada"]).status == .created)
            #expect(try await kindred.app.kindred.push.sendAllDue(kindred.app.context) == PushDelivery.Tally(delivered: 1))

            // validate: the device (its token as Apple gives it, in lower case) has it
            let received = try await Self.received(apple, token: token.lowercased())
            #expect(received.map(\.payload.aps.alert.body) == ["bob asked to follow you."])
            #expect(received.first?.payload.route == "/kinnect/activity")

            // The app was deleted from the phone: the device goes at the next notification.
            _ = try await Self.call(.POST, "\(apple.control)/devices/\(token.lowercased())/unregister")
            await kindred.app.context.notify(ada.id, KinnectNotifications.notice(
                .liked, by: try #require(try await User.find(bob.id, on: kindred.app.db)), group: UUID())!)
            #expect(try await kindred.app.kindred.push.sendAllDue(kindred.app.context) == PushDelivery.Tally(gone: 1))
            #expect(try await kindred.send(.GET, "/me/push-device", token: ada.accessToken).status == .notFound)
        }
    }

    @Test func theKeyIsReadFromApplesFileAndAHalfConfigurationIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kindred-apns-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = P256.Signing.PrivateKey()
        let file = folder.appendingPathComponent("AuthKey_KEY4KINDRE.p8")
        try key.pemRepresentation.write(to: file, atomically: true, encoding: .utf8)
        let full = ["KINDRED_APNS_KEY_FILE": file.path, "KINDRED_APNS_KEY_ID": Self.keyID, "KINDRED_APNS_TEAM_ID": Self.teamID,
                    "KINDRED_APNS_TOPIC": Self.topic]
        let configuration = try KindredConfiguration.fromEnvironment(full, isProduction: false)
        let apns = try #require(configuration.push.apns)
        #expect(apns.key.rawRepresentation == key.rawRepresentation && apns.topic == Self.topic)
        #expect(apns.productionURL == "https://api.push.apple.com" && apns.sandboxURL == "https://api.sandbox.push.apple.com")
        #expect(!String(describing: apns).contains(key.pemRepresentation.dropFirst(40).prefix(20)))
        #expect(try KindredConfiguration.fromEnvironment([:], isProduction: false).push.apns == nil)

        var half = full
        half["KINDRED_APNS_TEAM_ID"] = nil
        #expect { try KindredConfiguration.fromEnvironment(half, isProduction: false) } throws: { error in
            String(describing: error).contains("KINDRED_APNS_TEAM_ID")
        }
        var unreadable = full
        unreadable["KINDRED_APNS_KEY_FILE"] = folder.appendingPathComponent("missing.p8").path
        #expect { try KindredConfiguration.fromEnvironment(unreadable, isProduction: false) } throws: { error in
            String(describing: error).contains("KINDRED_APNS_KEY_FILE")
        }
    }
}
