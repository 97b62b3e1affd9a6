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
