import Crypto
import Foundation

/// Voluntary Application Server Identification (RFC 8292): the key the server signs its push
/// requests with, whose public half browsers are given when they subscribe
/// (`applicationServerKey`), so a push service accepts messages for that subscription from us
/// alone.
struct VAPIDKey: Sendable {
    let privateKey: P256.Signing.PrivateKey
    /// Who runs the server, for the push service's operator: `mailto:` or an `https:` URL.
    let subject: String

    /// The key derived from the master secret: every instance has the same one without being
    /// given it, and it lasts as long as the secret (a new key would orphan every browser's
    /// subscription, which names the key it was made for).
    static func derived(from secret: [UInt8], subject: String) -> VAPIDKey {
        // One candidate in about 2^32 is no valid scalar; the next counter then gives one.
        var attempt = 0
        while true {
            let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: secret),
                                             info: Array("kindred/vapid/v1/\(attempt)".utf8), outputByteCount: 32)
            if let privateKey = try? P256.Signing.PrivateKey(rawRepresentation: key.withUnsafeBytes { Array($0) }) {
                return VAPIDKey(privateKey: privateKey, subject: subject)
            }
            attempt += 1
        }
    }

    /// The public key as browsers take it: the uncompressed point, base64url.
    var publicKey: String { Secrets.base64URL(privateKey.publicKey.x963Representation) }

    /// The `Authorization` header for a request to `endpoint`, good until `expiresAt` (RFC 8292
    /// §2: at most 24 hours ahead).
    func authorization(for endpoint: URL, expiresAt: Date) throws -> String {
        guard let scheme = endpoint.scheme, let host = endpoint.host else { throw VAPIDError.endpointWithoutOrigin }
        let port = endpoint.port.map { ":\($0)" } ?? ""
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let claims = try JSONSerialization.data(withJSONObject: [
            "aud": "\(scheme)://\(host)\(port)",
            "exp": Int(expiresAt.timeIntervalSince1970),
            "sub": subject,
        ], options: [.sortedKeys, .withoutEscapingSlashes])
        let signingInput = Secrets.base64URL(Array(header.utf8)) + "." + Secrets.base64URL(claims)
        // JWS ES256 is r ‖ s, 64 bytes (RFC 7518 §3.4), which is swift-crypto's raw form.
        let signature = try privateKey.signature(for: Array(signingInput.utf8)).rawRepresentation
        return "vapid t=\(signingInput).\(Secrets.base64URL(signature)), k=\(publicKey)"
    }
}

enum VAPIDError: Error {
    case endpointWithoutOrigin
}
