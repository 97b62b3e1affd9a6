import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import NIOHTTP1
import NIOPosix
import Testing
@testable import KindredServer

/// Web Push's wire protocol: the payload encryption reproduces RFC 8291's own example byte for
/// byte, and messages sent to a push service on loopback (`Support/push_service.py`, which checks
/// VAPID with the cryptography package and decrypts with http_ece) arrive readable, with what a
/// push service answers turned into what becomes of the subscription.
@Suite("Web Push: RFC 8291 encryption and VAPID, against a checking push service")
struct WebPushTests {
    static func bytes(_ text: String) throws -> [UInt8] { Array(try #require(Data(base64URLEncoded: text))) }

    @Test func theRFCsExampleComesOutByteForByte() throws {
        // RFC 8291 Appendix A.
        let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
        #expect(Secrets.base64URL(sender.publicKey.x963Representation)
                == "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")
        let body = try WebPushEncryption.encrypt(
            Array("When I grow up, I want to be a watermelon".utf8),
            userAgentPublicKey: Self.bytes("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
            authSecret: Self.bytes("BTBZMqHH6r4Tts7J_aSIgg"), senderKey: sender, salt: Self.bytes("DGv6ra1nlYgDCS1FRnbzlw"))
        #expect(Secrets.base64URL(body) == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    }

    @Test func badSubscriptionKeysAndOversizedPayloadsAreRefused() throws {
        let browser = P256.KeyAgreement.PrivateKey()
        let point = Array(browser.publicKey.x963Representation)
        #expect(throws: WebPushEncryption.Problem.badAuthSecret) {
            try WebPushEncryption.encrypt([1], userAgentPublicKey: point, authSecret: [1, 2, 3])
        }
        #expect(throws: WebPushEncryption.Problem.badUserAgentKey) {
            try WebPushEncryption.encrypt([1], userAgentPublicKey: [4] + Array(repeating: 7, count: 64), authSecret: Array(repeating: 1, count: 16))
        }
        #expect(throws: WebPushEncryption.Problem.payloadTooLarge) {
            try WebPushEncryption.encrypt(Array(repeating: 65, count: WebPushEncryption.maximumPlaintext + 1), userAgentPublicKey: point,
                                          authSecret: Array(repeating: 1, count: 16))
        }
        // The largest payload fills the push services' 4,096 bytes exactly.
        let largest = try WebPushEncryption.encrypt(Array(repeating: 65, count: WebPushEncryption.maximumPlaintext),
                                                    userAgentPublicKey: point, authSecret: Array(repeating: 1, count: 16))
        #expect(largest.count == 4096)
    }

    @Test func theVAPIDTokenIsAnES256JWTForTheEndpointsOrigin() throws {
        let key = VAPIDKey(privateKey: P256.Signing.PrivateKey(), subject: "mailto:ops@kindred.example")
        let expires = Date(timeIntervalSince1970: 1_900_000_000)
        let header = try key.authorization(for: try #require(URL(string: "https://push.example.net:8443/send/abc?x=1")), expiresAt: expires)
        let fields = header.dropFirst("vapid ".count).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let token = try #require(fields.first { $0.hasPrefix("t=") }?.dropFirst(2))
        #expect(fields.contains("k=\(key.publicKey)"))
        let parts = token.split(separator: ".").map(String.init)
        try #require(parts.count == 3)
        let claims = try JSONSerialization.jsonObject(with: Data(Self.bytes(parts[1]))) as? [String: Any]
        #expect(claims?["aud"] as? String == "https://push.example.net:8443")
        #expect(claims?["exp"] as? Int == 1_900_000_000)
        #expect(claims?["sub"] as? String == "mailto:ops@kindred.example")
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: Self.bytes(parts[2]))
        #expect(key.privateKey.publicKey.isValidSignature(signature, for: Array("\(parts[0]).\(parts[1])".utf8)))
    }

    struct Subscription: Decodable {
        struct Keys: Codable { let p256dh: String; let auth: String }
        let id: String
        let endpoint: String
        let keys: Keys
    }

    struct Received: Decodable {
        let payload: String
        let ttl: String?
        let urgency: String?
        let topic: String?
        let vapid_key: String
        let sub: String
    }

    static func call(_ client: HTTPClient, _ method: HTTPMethod, _ url: String) async throws -> [UInt8] {
        var request = HTTPClientRequest(url: url)
        request.method = method
        let response = try await client.execute(request, timeout: .seconds(10))
        return Array(try await response.body.collect(upTo: 1 << 20).readableBytesView)
    }

    @Test(.enabled(if: PythonServer.enabled))
    func messagesArriveReadableAndThePushServicesAnswersDecideTheSubscriptionsFate() async throws {
        let server = try await PythonServer.start("push_service.py", [])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(try #require(server.fields.first))"
        // A refused connection is retried until the connect timeout: two seconds, not ten.
        let client = HTTPClient(eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton),
                                configuration: HTTPClient.Configuration(timeout: .init(connect: .seconds(2), read: .seconds(10))))
        let key = VAPIDKey(privateKey: P256.Signing.PrivateKey(), subject: "mailto:ops@kindred.example")
        let sender = WebPushSender(client: client, key: key, logger: Logger(label: "test"))
        do {
            let made = try JSONDecoder().decode(Subscription.self, from: Data(try await Self.call(client, .POST, base + "/subscriptions")))
            let text = #"{"kind":"kinnect.like","title":"Ada liked your post","url":"/kinnect/posts/1"}"#
            var message = WebPushSender.Message(endpoint: made.endpoint, userAgentPublicKey: try Self.bytes(made.keys.p256dh),
                                                authSecret: try Self.bytes(made.keys.auth), payload: Array(text.utf8))
            message.topic = "post-1"
            #expect(await sender.send(message, now: Date()) == .delivered)
            // The longest payload arrives too.
            var longest = message
            longest.payload = Array(String(repeating: "é", count: WebPushEncryption.maximumPlaintext / 2).utf8)
            #expect(await sender.send(longest, now: Date()) == .delivered)
            let received = try JSONDecoder().decode([Received].self,
                                                    from: Data(try await Self.call(client, .GET, base + "/subscriptions/\(made.id)/messages")))
            try #require(received.count == 2)
            #expect(received[0].payload == text && received[0].topic == "post-1" && received[0].ttl == "86400")
            #expect(received[0].vapid_key == key.publicKey && received[0].sub == "mailto:ops@kindred.example")
            #expect(received[1].payload == String(decoding: longest.payload, as: UTF8.self))

            // A message too long for one record is refused, and the subscription stays.
            var tooLong = message
            tooLong.payload = Array(repeating: 65, count: WebPushEncryption.maximumPlaintext + 1)
            #expect(await sender.send(tooLong, now: Date()) == .refused(413))
            // A busy push service: send again later.
            _ = try await Self.call(client, .POST, base + "/subscriptions/\(made.id)/busy")
            #expect(await sender.send(message, now: Date()) == .retryLater)
            // A token the push service cannot accept (a subject that is no contact) is refused.
            let stranger = WebPushSender(client: client, key: VAPIDKey(privateKey: P256.Signing.PrivateKey(), subject: "nobody"),
                                         logger: Logger(label: "test"))
            #expect(await stranger.send(message, now: Date()) == .refused(401))
            // The browser unsubscribed: the subscription is gone.
            _ = try await Self.call(client, .DELETE, base + "/subscriptions/\(made.id)")
            #expect(await sender.send(message, now: Date()) == .gone)
            // A push service that does not answer: later.
            var unanswered = message
            unanswered.endpoint = "http://127.0.0.1:1/push/\(made.id)"
            #expect(await sender.send(unanswered, now: Date()) == .retryLater)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }
}
