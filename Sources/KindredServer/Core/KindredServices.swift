import Crypto
import Foundation
import Vapor

/// The app-wide services, built once by `configure` and reached from any request.
/// Tests replace the clock to move time forward.
struct KindredServices: Sendable {
    let configuration: KindredConfiguration
    let accessTokens: AccessTokens
    let mediaStore: any MediaStore
    let mediaURLs: MediaURLSigner
    let apple: AppleIdentityVerifier
    let events: any EventBus
    let hub: RealtimeHub
    /// Date An Intervention's catalogue, read once per process.
    let interventions: InterventionCatalogueCache
    /// Who answers Date An Intervention chats.
    let llm: any LLMProvider
    let clock: @Sendable () -> Date

    var now: Date { clock() }
}

extension Application {
    private struct ServicesKey: StorageKey { typealias Value = KindredServices }

    var kindred: KindredServices {
        get {
            guard let services = storage[ServicesKey.self] else {
                fatalError("configure(_:_:) has not run: Kindred's services are missing.")
            }
            return services
        }
        set { storage[ServicesKey.self] = newValue }
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
        SHA256.hash(data: Array(string.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// A URL-safe random token with 256 bits of entropy.
    static func randomToken() -> String {
        let bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
