import AsyncHTTPClient
import Crypto
import Foundation
import KindredAPI
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// Sends one notification to one iPhone or iPad through Apple's Push Notification service: HTTP/2
/// (AsyncHTTPClient negotiates it by ALPN) with a provider token, an ES256 JWT signed with the
/// team's `.p8` key, as Apple's "Sending notification requests to APNs" describes.
struct APNsSender: Sendable {
    let client: HTTPClient
    let settings: PushSettings.APNs
    let logger: Logger
    private let tokens: ProviderTokens

    init(client: HTTPClient, settings: PushSettings.APNs, logger: Logger) {
        self.client = client
        self.settings = settings
        self.logger = logger
        tokens = ProviderTokens(settings: settings)
    }

    /// `notification` to the device `token` (hex) on `environment`'s APNs, replacing an earlier one
    /// with the same `collapseID` on the lock screen; held by APNs until `expiresAt` for a device
    /// that is off.
    func send(_ notification: Components.Schemas.PushNotification, to token: String, environment: String,
              collapseID: String?, expiresAt: Date, now: Date) async -> PushOutcome {
        let body: [UInt8]
        do {
            body = try Self.payload(notification)
        } catch {
            return .refused(400)
        }
        guard body.count <= 4096 else {
            logger.error("An APNs payload above 4,096 bytes was not sent")
            return .refused(413)
        }
        let base = environment == "sandbox" ? settings.sandboxURL : settings.productionURL
        var request = HTTPClientRequest(url: "\(base)/3/device/\(token)")
        request.method = .POST
        request.headers.add(name: "authorization", value: "bearer \(tokens.current(now: now))")
        request.headers.add(name: "apns-topic", value: settings.topic)
        request.headers.add(name: "apns-push-type", value: "alert")
        request.headers.add(name: "apns-priority", value: "10")
        request.headers.add(name: "apns-expiration", value: String(Int(expiresAt.timeIntervalSince1970)))
        if let collapseID { request.headers.add(name: "apns-collapse-id", value: collapseID) }
        request.headers.add(name: "content-type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let response = try await client.execute(request, timeout: .seconds(15), logger: logger)
            let answer = try? await response.body.collect(upTo: 16 * 1024)
            let reason = answer.flatMap { try? JSONDecoder().decode(Refusal.self, from: Data(buffer: $0)) }?.reason ?? ""
            switch (response.status.code, reason) {
            case (200, _): return .delivered
            case (410, _), (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"): return .gone
            case (403, "ExpiredProviderToken"):
                // Our clock or Apple's moved: the next try signs a new token.
                tokens.discard()
                return .retryLater
            case (429, _), (500..<600, _): return .retryLater
            default:
                // The device token is the device's secret: only Apple's reason is logged.
                logger.warning("APNs refused a notification: \(response.status.code) \(reason)")
                return .refused(response.status.code)
            }
        } catch {
            logger.info("APNs did not answer: \(error)")
            return .retryLater
        }
    }

    /// Apple's `aps` dictionary, with Kindred's own keys beside it for the app to act on.
    static func payload(_ notification: Components.Schemas.PushNotification) throws -> [UInt8] {
        let aps: [String: Any] = [
            "alert": ["title": notification.title, "body": notification.body],
            "sound": "default",
            // Notifications of one kind are grouped together in Notification Center.
            "thread-id": notification.kind,
        ]
        let object: [String: Any] = ["aps": aps, "kind": notification.kind, "route": notification.route]
        return Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    private struct Refusal: Decodable { let reason: String }
}

/// The provider token, made again every 40 minutes: Apple refuses one older than an hour and
/// throttles a provider that makes a new one more often than every 20.
private final class ProviderTokens: Sendable {
    static let lifetime: TimeInterval = 40 * 60
    private let settings: PushSettings.APNs
    private let cached = NIOLockedValueBox<(token: String, issuedAt: Date)?>(nil)

    init(settings: PushSettings.APNs) {
        self.settings = settings
    }

    func current(now: Date) -> String {
        cached.withLockedValue { cached in
            if let cached, now.timeIntervalSince(cached.issuedAt) < Self.lifetime, cached.issuedAt <= now { return cached.token }
            let token = Self.sign(settings, issuedAt: now)
            cached = (token, now)
            return token
        }
    }

    func discard() {
        cached.withLockedValue { $0 = nil }
    }

    static func sign(_ settings: PushSettings.APNs, issuedAt: Date) -> String {
        let header = #"{"alg":"ES256","kid":"\#(settings.keyID)"}"#
        let claims = #"{"iss":"\#(settings.teamID)","iat":\#(Int(issuedAt.timeIntervalSince1970))}"#
        let signingInput = Secrets.base64URL(Array(header.utf8)) + "." + Secrets.base64URL(Array(claims.utf8))
        // P-256 signing fails only on a broken key, which configuration refused at start-up.
        let signature = (try? settings.key.signature(for: Array(signingInput.utf8)).rawRepresentation) ?? Data()
        return signingInput + "." + Secrets.base64URL(signature)
    }
}
