import Crypto
import Foundation

/// Expiring, tamper-evident media URLs: an HMAC over the file's public name and the expiry time.
/// Anyone holding the URL can fetch the file until it expires, so URLs are only handed to users
/// allowed to see it. The public name is the media id and extension, never the storage key: a
/// storage key begins with its owner's account id, which a URL must not tell (a second identity
/// an app lets a person keep would otherwise name the account behind it).
struct MediaURLSigner: Sendable {
    private let key: SymmetricKey
    let lifetime: TimeInterval
    static let pathPrefix = "/media-files/"

    init(secret: [UInt8], lifetime: TimeInterval) {
        key = DerivedKey.mediaURL.key(from: secret)
        self.lifetime = lifetime
    }

    func url(for publicName: String, now: Date) -> (url: String, expiresAt: Date) {
        // Rounding expiry up to the minute lets browsers cache one URL across quick re-renders.
        let expires = Int((now.timeIntervalSince1970 + lifetime) / 60 + 1) * 60
        let signature = sign(publicName, expires: expires)
        return (Self.pathPrefix + publicName + "?expires=\(expires)&signature=" + signature,
                Date(timeIntervalSince1970: TimeInterval(expires)))
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
