import AsyncHTTPClient
import Crypto
import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import NIOHTTP1
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

/// Push notifications end to end: settings, a session's device, the queue, and messages that
/// arrive decrypted at a push service on loopback (`Support/push_service.py`) after a Kinnect
/// follow request or a Memories letter, as a browser's service worker would receive them.
@Suite("Push notifications: settings, devices, the queue, delivery")
struct PushNotificationTests {
    typealias Schemas = Components.Schemas

    /// A subscription made at the local push service, as a browser's `pushManager.subscribe` gives it.
    typealias Subscription = WebPushTests.Subscription

    struct Received: Decodable {
        let payload: String
        let topic: String?
        let ttl: String?
    }

    /// The push service, for one test.
    struct PushService: Sendable {
        let server: PythonServer
        let base: String

        static func start() async throws -> PushService {
            let server = try await PythonServer.start("push_service.py", [])
            return PushService(server: server, base: "http://127.0.0.1:\(try #require(server.fields.first))")
        }

        func call(_ method: HTTPMethod, _ path: String) async throws -> Data {
            Data(try await WebPushTests.call(.shared, method, base + path))
        }

        func subscribe() async throws -> Subscription {
            try JSONDecoder().decode(Subscription.self, from: try await call(.POST, "/subscriptions"))
        }

        func messages(_ subscription: Subscription) async throws -> [Schemas.PushNotification] {
            let received = try JSONDecoder().decode([Received].self, from: try await call(.GET, "/subscriptions/\(subscription.id)/messages"))
            return try received.map { try JSONDecoder().decode(Schemas.PushNotification.self, from: Data($0.payload.utf8)) }
        }

        func stop() {
            server.stop()
        }
    }

    /// Runs `body` with a Kindred whose push services are the local one, and that push service.
    static func withPush(_ body: (TestKindred, PushService) async throws -> Void) async throws {
        let push = try await PushService.start()
        do {
            try await withKindred(adjust: { $0.push.webPushServices = [try! #require(.init(push.base))] }) { kindred in
                try await body(kindred, push)
            }
        } catch {
            push.stop()
            throw error
        }
        push.stop()
    }

    /// `PUT /me/push-device`'s body for a browser, as the web client sends it.
    struct WebPushBody: Encodable {
        struct WebPush: Encodable { let endpoint: String; let keys: Subscription.Keys }
        let webPush: WebPush
        init(endpoint: String, p256dh: String, auth: String) {
            webPush = WebPush(endpoint: endpoint, keys: .init(p256dh: p256dh, auth: auth))
        }
    }

    /// `PATCH /me/notifications`'s body.
    struct KindsBody: Encodable {
        struct Change: Encodable { let kind: String; let enabled: Bool }
        let kinds: [Change]
        init(_ changes: (String, Bool)...) { kinds = changes.map { Change(kind: $0.0, enabled: $0.1) } }
    }

    static func register(_ subscription: Subscription, for user: TestUser, on kindred: TestKindred) async throws -> TestingHTTPResponse {
        try await kindred.send(.PUT, "/me/push-device", token: user.accessToken,
                               json: WebPushBody(endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth))
    }

    static func sendQueued(_ kindred: TestKindred) async throws -> PushDelivery.Tally {
        try await kindred.app.kindred.push.sendAllDue(kindred.app.context)
    }

    // MARK: - Settings

    @Test func everyKindIsOnUntilTurnedOffAndAnUnknownKindIsRefused() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let settings = try await kindred.send(.GET, "/me/notifications", token: ada.accessToken).decode(Schemas.NotificationSettings.self)
            #expect(settings.kinds.map(\.kind) == ["kinnect.follow-requests", "kinnect.likes", "kinnect.comments", "memories.letters"])
            #expect(settings.kinds.allSatisfy { $0.enabled })
            // The key browsers subscribe with: an uncompressed P-256 point, the one the server signs with.
            let key = try #require(Data(base64URLEncoded: settings.webPushKey))
            #expect(key.count == 65 && key.first == 4)
            #expect(settings.webPushKey == kindred.app.kindred.push.webPush.key.publicKey)

            // act: likes off (said twice: the last word wins), letters off then on again
            let changed = try await kindred.send(.PATCH, "/me/notifications", token: ada.accessToken, json: KindsBody(
                ("kinnect.likes", true), ("kinnect.likes", false), ("memories.letters", false)))
            #expect(changed.status == .ok, "\(changed.body.string)")
            _ = try await kindred.send(.PATCH, "/me/notifications", token: ada.accessToken, json: KindsBody(("memories.letters", true)))
            let now = try await kindred.send(.GET, "/me/notifications", token: ada.accessToken).decode(Schemas.NotificationSettings.self)
            #expect(now.kinds.filter { !$0.enabled }.map(\.kind) == ["kinnect.likes"])
            #expect(try await NotificationMute.query(on: kindred.app.db).count() == 1)

            // An unknown kind changes nothing.
            let unknown = try await kindred.send(.PATCH, "/me/notifications", token: ada.accessToken, json: KindsBody(
                ("kinnect.comments", false), ("kinnect.everything", false)))
            #expect(unknown.status == .unprocessableEntity)
            #expect(unknown.problem?.detail.contains("kinnect.everything") == true)
            #expect(try await NotificationMute.query(on: kindred.app.db).count() == 1)
            // Another person's settings are their own.
            let bob = try await kindred.signUp("bob")
            let bobs = try await kindred.send(.GET, "/me/notifications", token: bob.accessToken).decode(Schemas.NotificationSettings.self)
            #expect(bobs.kinds.allSatisfy { $0.enabled })
            #expect(try await kindred.send(.GET, "/me/notifications").status == .unauthorized)
        }
    }

    // MARK: - Devices

    @Test func aDeviceMustBeABrowsersPushServiceWithKeysABrowserMakes() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let point = Secrets.base64URL(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
            let auth = Secrets.base64URL(Secrets.randomBytes(16))
            func register(_ endpoint: String, p256dh: String = point, auth: String = auth) async throws -> TestingHTTPResponse {
                try await kindred.send(.PUT, "/me/push-device", token: ada.accessToken,
                                       json: WebPushBody(endpoint: endpoint, p256dh: p256dh, auth: auth))
            }
            // Hosts of the operator's own network, or anything not a push service, are refused:
            // the server would POST to them.
            for endpoint in ["http://127.0.0.1:6379/", "https://169.254.169.254/latest/meta-data", "https://localhost/x",
                             "https://fcm.googleapis.com.evil.example/fcm/send/x", "http://fcm.googleapis.com/fcm/send/x",
                             "https://fcm.googleapis.com:8443/fcm/send/x", "https://user@fcm.googleapis.com/fcm/send/x",
                             "https://notify.windows.com/w/x", "fcm.googleapis.com/fcm/send/x", "not a url"] {
                let refused = try await register(endpoint)
                #expect(refused.status == .unprocessableEntity, "\(endpoint) was accepted")
                #expect(refused.problem?.errors?.first?.field == "webPush.endpoint")
            }
            #expect(try await register("https://fcm.googleapis.com/fcm/send/x", p256dh: "BAAA").problem?.errors?.first?.field
                    == "webPush.keys.p256dh")
            #expect(try await register("https://fcm.googleapis.com/fcm/send/x", auth: "c2hvcnQ").problem?.errors?.first?.field
                    == "webPush.keys.auth")
            #expect(try await kindred.send(.GET, "/me/push-device", token: ada.accessToken).status == .notFound)

            // Browsers' own services are accepted: Chrome's, Edge's under its wildcard.
            let chrome = try await register("https://fcm.googleapis.com/fcm/send/abc:APA91b")
            #expect(chrome.status == .ok, "\(chrome.body.string)")
            #expect(try chrome.decode(Schemas.PushDevice.self).kind == .webPush)
            #expect(try await register("https://wns2-par02p.notify.windows.com/w/?token=BQYAAA").status == .ok)
            // The longest endpoint the contract allows is kept whole; one longer is refused.
            let longest = "https://fcm.googleapis.com/fcm/send/" + String(repeating: "x", count: 2048 - 36)
            #expect(try await register(longest).status == .ok)
            #expect(try await PushDevice.query(on: kindred.app.db).first()?.address == longest)
            #expect(try await register(longest + "x").status == .unprocessableEntity)
            // One device per session: the second replaced the first.
            #expect(try await PushDevice.query(on: kindred.app.db).count() == 1)
            #expect(try await kindred.send(.GET, "/me/push-device", token: ada.accessToken).status == .ok)

            // Neither or both kinds of device, and APNs on a server without a key, are refused.
            #expect(try await kindred.send(.PUT, "/me/push-device", token: ada.accessToken, json: [String: String]()).status
                    == .unprocessableEntity)
            let apns = try await kindred.send(.PUT, "/me/push-device", token: ada.accessToken, json: [
                "apns": ["token": String(repeating: "ab", count: 32), "environment": "production"],
            ])
            #expect(apns.status == .conflict)

            // Removed: nothing goes to this device any more.
            #expect(try await kindred.send(.DELETE, "/me/push-device", token: ada.accessToken).status == .noContent)
            #expect(try await kindred.send(.GET, "/me/push-device", token: ada.accessToken).status == .notFound)
            #expect(try await kindred.send(.DELETE, "/me/push-device", token: ada.accessToken).status == .noContent)
        }
    }

    // MARK: - Delivery

    @Test(.enabled(if: PythonServer.enabled))
    func aFollowRequestArrivesDecryptedAndATurnedOffKindDoesNot() async throws {
        try await Self.withPush { kindred, push in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let cleo = try await kindred.signUp("cleo")
            let browser = try await push.subscribe()
            #expect(try await Self.register(browser, for: ada, on: kindred).status == .ok)

            // act: bob asks to follow ada
            #expect(try await kindred.send(.POST, "/kinnect/follows", token: bob.accessToken, json: ["username": "ada"]).status == .created)
            #expect(try await PushDeliveryRow.query(on: kindred.app.db).count() == 1)
            let sent = try await Self.sendQueued(kindred)

            // validate: delivered, decrypted by the push service, and the queue is empty
            #expect(sent == PushDelivery.Tally(delivered: 1))
            let messages = try await push.messages(browser)
            try #require(messages.count == 1)
            #expect(messages[0].kind == "kinnect.follow-requests")
            #expect(messages[0].title == "Kinnect" && messages[0].body == "bob asked to follow you.")
            #expect(messages[0].route == "/kinnect/activity")
            #expect(try await PushDeliveryRow.query(on: kindred.app.db).count() == 0)

            // act: ada turns follow requests off; cleo asks too
            _ = try await kindred.send(.PATCH, "/me/notifications", token: ada.accessToken, json: KindsBody(("kinnect.follow-requests", false)))
            #expect(try await kindred.send(.POST, "/kinnect/follows", token: cleo.accessToken, json: ["username": "ada"]).status == .created)
            #expect(try await Self.sendQueued(kindred) == PushDelivery.Tally())
            #expect(try await push.messages(browser).count == 1)
            // The requester hears nothing of ada's device, and ada's act on it notifies only bob.
            let bobsBrowser = try await push.subscribe()
            #expect(try await Self.register(bobsBrowser, for: bob, on: kindred).status == .ok)
            #expect(try await kindred.send(.POST, "/kinnect/follow-requests/bob/confirm", token: ada.accessToken).status == .ok)
            #expect(try await Self.sendQueued(kindred) == PushDelivery.Tally(delivered: 1))
            #expect(try await push.messages(bobsBrowser).map(\.body) == ["ada accepted your request to follow them."])
            #expect(try await push.messages(browser).count == 1)
        }
    }

    @Test(.enabled(if: PythonServer.enabled))
    func aLetterArrivesOnEveryDeviceOfTheFriend() async throws {
        try await Self.withPush { kindred, push in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            // Bob is signed in twice (a phone and a laptop), each with its own subscription.
            let bobOnLaptop = try await kindred.signIn(bob, device: "Laptop")
            let phone = try await push.subscribe(), computer = try await push.subscribe()
            #expect(try await Self.register(phone, for: bob, on: kindred).status == .ok)
            #expect(try await Self.register(computer, for: bobOnLaptop, on: kindred).status == .ok)
            let book = try await kindred.befriend(ada, bob).book

            // act: ada sends a letter; a draft she only saves tells nobody
            _ = try await kindred.memoriesDraft(in: book.id, by: ada)
            #expect(try await PushDeliveryRow.query(on: kindred.app.db).count() == 0)
            _ = try await kindred.memoriesLetter(in: book.id, by: ada, text: "Dear Bob, the garden is in bloom")
            #expect(try await Self.sendQueued(kindred) == PushDelivery.Tally(delivered: 2))

            // validate: both devices have it, without the letter's words
            for device in [phone, computer] {
                let messages = try await push.messages(device)
                #expect(messages.map(\.kind) == ["memories.letters"])
                #expect(messages.first?.body == "ada sent you a letter.")
                #expect(messages.first?.route == "/memories/book/\(book.id.uuidString)")
                #expect(messages.first.map { !$0.body.contains("garden") } == true)
            }
        }
    }

    @Test(.enabled(if: PythonServer.enabled))
    func aGoneSubscriptionIsRemovedAndABusyServiceIsTriedAgainLater() async throws {
        try await Self.withPush { kindred, push in
            let ada = try await kindred.signUp("ada")
            let browser = try await push.subscribe()
            #expect(try await Self.register(browser, for: ada, on: kindred).status == .ok)
            let notice = KinnectNotifications.notice(.liked, by: try await User.find(ada.id, on: kindred.app.db).unwrap(), group: UUID())!

            // A busy push service: the message waits its back-off, then arrives.
            _ = try await push.call(.POST, "/subscriptions/\(browser.id)/busy")
            await kindred.app.context.notify(ada.id, notice)
            #expect(try await Self.sendQueued(kindred) == PushDelivery.Tally(retried: 1))
            #expect(try await Self.sendQueued(kindred) == PushDelivery.Tally(), "sent again before its back-off")
            kindred.clock.advance(by: PushDelivery.retryDelays[0] + 1)
            #expect(try await Self.sendQueued(kindred) == PushDelivery.Tally(delivered: 1))
            #expect(try await push.messages(browser).count == 1)

            // The browser unsubscribed: the device goes, with what was queued for it.
            _ = try await push.call(.DELETE, "/subscriptions/\(browser.id)")
            await kindred.app.context.notify(ada.id, notice)
            await kindred.app.context.notify(ada.id, notice)
            let gone = try await Self.sendQueued(kindred)
            #expect(gone.gone >= 1 && gone.delivered == 0)
            #expect(try await PushDevice.query(on: kindred.app.db).count() == 0)
            #expect(try await PushDeliveryRow.query(on: kindred.app.db).count() == 0)
            #expect(try await kindred.send(.GET, "/me/push-device", token: ada.accessToken).status == .notFound)
        }
    }

    @Test(.enabled(if: PythonServer.enabled))
    func anEndedSessionsDeviceHearsNothingAndASubscriptionFollowsWhoeverSignsIn() async throws {
        try await Self.withPush { kindred, push in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let browser = try await push.subscribe()
            #expect(try await Self.register(browser, for: ada, on: kindred).status == .ok)
            let notice = KinnectNotifications.notice(.liked, by: try await User.find(bob.id, on: kindred.app.db).unwrap(), group: UUID())!

            // Ada signs out, and bob signs in on the same browser, which has the same subscription.
            #expect(try await kindred.send(.POST, "/auth/sign-out", token: ada.accessToken).status == .noContent)
            await kindred.app.context.notify(ada.id, notice)
            #expect(try await PushDeliveryRow.query(on: kindred.app.db).count() == 0)
            #expect(try await Self.register(browser, for: bob, on: kindred).status == .ok)
            let devices = try await PushDevice.query(on: kindred.app.db).all()
            #expect(devices.map(\.$user.id) == [bob.id])

            // A device of a revoked session is swept with the housekeeping.
            let other = try await push.subscribe()
            let ada2 = try await kindred.signIn(ada)
            #expect(try await Self.register(other, for: ada2, on: kindred).status == .ok)
            #expect(try await kindred.send(.POST, "/auth/sign-out", token: ada2.accessToken).status == .noContent)
            #expect(try await PushDelivery.sweep(kindred.app.context) == 1)
            #expect(try await PushDevice.query(on: kindred.app.db).all().map(\.$user.id) == [bob.id])
        }
    }

    @Test(.enabled(if: PythonServer.enabled))
    func twoWorkersSendEachMessageOnce() async throws {
        try await Self.withPush { kindred, push in
            // setup: 60 people, each with a browser, and a notice queued for each
            var people: [(TestUser, Subscription)] = []
            for index in 0..<60 {
                let person = try await kindred.signUp("person\(index)")
                let browser = try await push.subscribe()
                #expect(try await Self.register(browser, for: person, on: kindred).status == .ok)
                people.append((person, browser))
            }
            let actor = try await User.find(people[0].0.id, on: kindred.app.db).unwrap()
            for (person, _) in people {
                await kindred.app.context.notify(person.id, KinnectNotifications.notice(.commented, by: actor, group: UUID())!)
            }

            // act: two workers (two instances) drain the queue at once
            async let one = Self.sendQueued(kindred)
            async let two = Self.sendQueued(kindred)
            let tallies = try await [one, two]

            // validate: 60 sent in all, each arrived exactly once
            #expect(tallies.map(\.delivered).reduce(0, +) == 60)
            for (_, browser) in people {
                #expect(try await push.messages(browser).count == 1)
            }
        }
    }
}

extension Optional {
    fileprivate func unwrap() throws -> Wrapped { try #require(self) }
}
