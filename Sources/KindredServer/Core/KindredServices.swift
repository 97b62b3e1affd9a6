import Crypto
import Foundation
import Vapor

/// The app-wide services, built once by `configure` and reached from any request.
/// Tests replace the clock to move time forward.
struct KindredServices: Sendable {
    let configuration: KindredConfiguration
    /// What `openapi.yaml` says about bounds, security and methods, enforced as written.
    let contract: Contract
    let accessTokens: AccessTokens
    /// Sessions lately found active, so a signed-in request need not read them again.
    let sessions: SessionCache
    let passwords: PasswordHasher
    let mediaStore: any MediaStore
    let mediaURLs: MediaURLSigner
    /// Links to finished data exports.
    let exportURLs: MediaURLSigner
    let apple: AppleIdentityVerifier
    let events: any EventBus
    let hub: RealtimeHub
    /// E-mail, sent after the answer (`MailDelivery`).
    let mail: MailDelivery
    /// Push notifications: the queue and this instance's worker.
    let push: PushDelivery
    /// What `/metrics` shows (`KindredMetrics`).
    let metrics: KindredMetrics
    /// QR images of shared links, drawn once each.
    let qrImages: QRImages
    let clock: @Sendable () -> Date

    var now: Date { clock() }
}

extension Application {
    private struct ServicesKey: StorageKey { typealias Value = KindredServices }

    var kindred: KindredServices {
        get { configured(ServicesKey.self) }
        set { storage[ServicesKey.self] = newValue }
    }

    /// Something `configure` stores (the foundation's services, an app's). Missing, `configure`
    /// never ran: a programming error, not a state to handle.
    func configured<Key: StorageKey>(_ key: Key.Type) -> Key.Value {
        guard let value = storage[key] else { fatalError("configure(_:_:) has not run: \(Key.Value.self) is missing.") }
        return value
    }
}

extension Request {
    var kindred: KindredServices { application.kindred }
}

/// Keys for different purposes are derived from the one master secret, so a leak of one
/// (say, a media URL signature) says nothing about another.
enum DerivedKey: String {
    case accessToken = "kindred/access-token/v1"
    case mediaURL = "kindred/media-url/v1"
    case dataExportURL = "kindred/data-export-url/v1"
    case refreshSuccessor = "kindred/refresh-successor/v1"

    func key(from secret: [UInt8]) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret),
            info: Array(rawValue.utf8),
            outputByteCount: 32
        )
    }
}

enum Secrets {
    /// Hex SHA-256, for storing tokens that only need to be recognised, never read back.
    static func sha256Hex(_ string: String) -> String {
        Array(SHA256.hash(data: Array(string.utf8))).hexString
    }

    /// A URL-safe random token, 256 bits of entropy unless asked for fewer bytes.
    static func randomToken(bytes count: Int = 32) -> String {
        base64URL(randomBytes(count))
    }

    /// Base64url without padding (RFC 4648 §5): safe in URLs, cookies and headers.
    static func base64URL<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Bytes from the kernel's generator (`getrandom`), which needs no file descriptor: when a
    /// flood has used them all up, Foundation's `UUID()` quietly returns zeros, and this does not.
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in generator.next() }
    }

    /// A version 4 UUID from `randomBytes`.
    static func randomUUID() -> UUID {
        var bytes = randomBytes(16)
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
