import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// Sends one encrypted message to one browser subscription (RFC 8030 §5), identified with VAPID.
struct WebPushSender: Sendable {
    let client: HTTPClient
    let key: VAPIDKey
    let logger: Logger

    typealias Outcome = PushOutcome

    struct Message: Sendable {
        var endpoint: String
        /// The subscription's `keys.p256dh` and `keys.auth`, decoded.
        var userAgentPublicKey: [UInt8]
        var authSecret: [UInt8]
        var payload: [UInt8]
        /// How long the push service may hold it for a browser that is offline.
        var timeToLive: Int = 24 * 60 * 60
        /// `Urgency` (RFC 8030 §5.3): `normal` unless a person waits on it.
        var urgency = "normal"
        /// `Topic` (RFC 8030 §5.4): a newer message with the same topic replaces an undelivered one.
        var topic: String?
    }

    func send(_ message: Message, now: Date) async -> Outcome {
        guard let url = URL(string: message.endpoint), url.scheme == "https" || url.scheme == "http" else { return .gone }
        let body: [UInt8]
        let authorization: String
        do {
            body = try WebPushEncryption.encrypt(message.payload, userAgentPublicKey: message.userAgentPublicKey,
                                                 authSecret: message.authSecret)
            // Twelve hours: well inside RFC 8292's 24, so a push service's clock ahead of ours
            // still accepts it.
            authorization = try key.authorization(for: url, expiresAt: now.addingTimeInterval(12 * 60 * 60))
        } catch WebPushEncryption.Problem.payloadTooLarge {
            // The message's fault, not the subscription's: it stays.
            logger.error("A push message above \(WebPushEncryption.maximumPlaintext) bytes was not sent")
            return .refused(413)
        } catch {
            // Keys no browser made, or an endpoint without an origin: nothing can ever reach it.
            logger.warning("A push subscription could not be written to: \(error)")
            return .gone
        }
        var request = HTTPClientRequest(url: message.endpoint)
        request.method = .POST
        request.headers.add(name: "TTL", value: String(message.timeToLive))
        request.headers.add(name: "Urgency", value: message.urgency)
        if let topic = message.topic { request.headers.add(name: "Topic", value: topic) }
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "Authorization", value: authorization)
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let response = try await client.execute(request, timeout: .seconds(15), logger: logger)
            // The body says nothing we act on; it is drained so the connection can be reused.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            switch response.status.code {
            case 200..<300: return .delivered
            case 404, 410: return .gone
            case 429, 500..<600: return .retryLater
            default:
                // The endpoint is the subscription's secret: only its host is logged.
                logger.warning("A push service refused a message: \(response.status.code) from \(url.host ?? "?")")
                return .refused(response.status.code)
            }
        } catch {
            logger.info("A push service did not answer: \(url.host ?? "?"): \(error)")
            return .retryLater
        }
    }
}
