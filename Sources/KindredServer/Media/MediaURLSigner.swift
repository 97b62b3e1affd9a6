import Crypto
import Foundation

/// Expiring, tamper-evident media URLs: an HMAC over the file's public name and the expiry time.
/// Anyone holding the URL can fetch the file until it expires, so URLs are only handed to users
/// allowed to see it. The public name is the media id and extension, never the storage key: a
/// storage key begins with its owner's account id, which a URL must not tell (a second identity
/// an app lets a person keep would otherwise name the account behind it).
///
/// A data export's ZIP is signed the same way under its own key and path (`dataExports`), so a
/// signature for one kind of file never opens the other.
struct MediaURLSigner: Sendable {
    private let key: SymmetricKey
    let lifetime: TimeInterval
    let pathPrefix: String
    static let mediaPathPrefix = "/media-files/"
    static let exportPathPrefix = "/data-exports/"

    init(secret: [UInt8], lifetime: TimeInterval, purpose: DerivedKey = .mediaURL, pathPrefix: String = Self.mediaPathPrefix) {
        key = purpose.key(from: secret)
        self.lifetime = lifetime
        self.pathPrefix = pathPrefix
    }

    /// Data exports' links: good until the export goes (`url(for:expiresAt:)`).
    static func dataExports(secret: [UInt8]) -> MediaURLSigner {
        MediaURLSigner(secret: secret, lifetime: 0, purpose: .dataExportURL, pathPrefix: exportPathPrefix)
    }

    func url(for publicName: String, now: Date) -> (url: String, expiresAt: Date) {
        // Rounding expiry up to the minute lets browsers cache one URL across quick re-renders.
        let expires = Int((now.timeIntervalSince1970 + lifetime) / 60 + 1) * 60
        return (url(for: publicName, expires: expires), Date(timeIntervalSince1970: TimeInterval(expires)))
    }

    /// A URL good until `expiresAt` (to the second, rounded down).
    func url(for publicName: String, expiresAt: Date) -> String {
        url(for: publicName, expires: Int(expiresAt.timeIntervalSince1970))
    }

    private func url(for publicName: String, expires: Int) -> String {
        pathPrefix + publicName + "?expires=\(expires)&signature=" + sign(publicName, expires: expires)
    }

    func isValid(publicName: String, expires: Int, signature: String, now: Date) -> Bool {
        guard TimeInterval(expires) > now.timeIntervalSince1970,
              let supplied = [UInt8](hexString: signature) else { return false }
        let message = Array("\(publicName)\n\(expires)".utf8)
        return HMAC<SHA256>.isValidAuthenticationCode(supplied, authenticating: message, using: key)
    }

    private func sign(_ publicName: String, expires: Int) -> String {
        let message = Array("\(publicName)\n\(expires)".utf8)
        return Array(HMAC<SHA256>.authenticationCode(for: message, using: key)).hexString
    }
}
