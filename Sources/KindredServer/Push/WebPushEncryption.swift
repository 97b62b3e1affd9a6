import Crypto
import Foundation

/// Message encryption for Web Push (RFC 8291): the payload sealed for one browser subscription,
/// as the `aes128gcm` content coding (RFC 8188) with one record.
///
/// The push service relays the body without being able to read it: only the browser holding the
/// subscription's private key and its authentication secret can. A fresh key pair and salt per
/// message (RFC 8291 §3.2) make two messages with the same text look unrelated.
enum WebPushEncryption {
    /// RFC 8188's record size: one record holds any payload we send (the push services' limit
    /// is 4,096 bytes of body).
    static let recordSize: UInt32 = 4096
    /// The most plaintext one record carries: the record size less the delimiter, the tag and
    /// the header (RFC 8291 §4 keeps the whole body within 4,096 bytes).
    static let maximumPlaintext = Int(recordSize) - 1 - 16 - (16 + 4 + 1 + 65)

    enum Problem: Error, Equatable {
        /// The subscription's `p256dh` is not an uncompressed P-256 point.
        case badUserAgentKey
        /// The subscription's `auth` is not 16 bytes.
        case badAuthSecret
        case payloadTooLarge
    }

    /// The body to POST to the subscription's endpoint.
    static func encrypt(_ plaintext: [UInt8], userAgentPublicKey: [UInt8], authSecret: [UInt8]) throws(Problem) -> [UInt8] {
        try encrypt(plaintext, userAgentPublicKey: userAgentPublicKey, authSecret: authSecret,
                    senderKey: P256.KeyAgreement.PrivateKey(), salt: Secrets.randomBytes(16))
    }

    /// With the sender's key and salt given: RFC 8291's example (Appendix A) is reproduced with
    /// its own, every message gets fresh ones.
    static func encrypt(_ plaintext: [UInt8], userAgentPublicKey: [UInt8], authSecret: [UInt8],
                        senderKey: P256.KeyAgreement.PrivateKey, salt: [UInt8]) throws(Problem) -> [UInt8] {
        guard plaintext.count <= maximumPlaintext else { throw .payloadTooLarge }
        guard authSecret.count == 16 else { throw .badAuthSecret }
        guard userAgentPublicKey.count == 65, userAgentPublicKey.first == 0x04,
              let userAgentKey = try? P256.KeyAgreement.PublicKey(x963Representation: userAgentPublicKey),
              let shared = try? senderKey.sharedSecretFromKeyAgreement(with: userAgentKey)
        else { throw .badUserAgentKey }
        let senderPublicKey = Array(senderKey.publicKey.x963Representation)

        // §3.3: the input keying material binds the shared secret to both keys and the auth secret.
        let keyInfo = Array("WebPush: info".utf8) + [0] + userAgentPublicKey + senderPublicKey
        let inputKey = shared.withUnsafeBytes { secret in
            hkdf(salt: authSecret, inputKeyMaterial: Array(secret), info: keyInfo, length: 32)
        }
        // RFC 8188 §2.2 and §2.3: the content-encryption key and the nonce.
        let key = hkdf(salt: salt, inputKeyMaterial: inputKey, info: Array("Content-Encoding: aes128gcm".utf8) + [0], length: 16)
        let nonce = hkdf(salt: salt, inputKeyMaterial: inputKey, info: Array("Content-Encoding: nonce".utf8) + [0], length: 12)

        // One record, the last: the plaintext and the 0x02 delimiter, no padding.
        let sealed: AES.GCM.SealedBox
        do {
            sealed = try AES.GCM.seal(plaintext + [2], using: SymmetricKey(data: key), nonce: AES.GCM.Nonce(data: nonce))
        } catch {
            // Only a nonce of the wrong length fails, and ours is always 12 bytes.
            preconditionFailure("AES-GCM refused a 12-byte nonce: \(error)")
        }
        var header = salt
        withUnsafeBytes(of: recordSize.bigEndian) { header += $0 }
        header.append(UInt8(senderPublicKey.count))
        header += senderPublicKey
        return header + Array(sealed.ciphertext) + Array(sealed.tag)
    }

    private static func hkdf(salt: [UInt8], inputKeyMaterial: [UInt8], info: [UInt8], length: Int) -> [UInt8] {
        let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: inputKeyMaterial), salt: salt, info: info,
                                         outputByteCount: length)
        return key.withUnsafeBytes { Array($0) }
    }
}
