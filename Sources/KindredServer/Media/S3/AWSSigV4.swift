import Crypto
import Foundation

/// AWS Signature Version 4 (`AWS4-HMAC-SHA256`), which S3 and every S3-compatible store (MinIO,
/// R2, moto) check: in the `Authorization` header, or in a presigned URL's query. Written here
/// because no AWS SDK is among the allowed packages; `AWSSigV4Tests` holds it to the signatures
/// AWS publishes (its Signature Version 4 test suite and the S3 examples).
///
/// Paths are signed as S3 signs them: each segment percent-encoded once, nothing normalised
/// (a key `a//b` or `a/../b` is that key, not another).
struct AWSSigV4: Sendable {
    struct Credentials: Sendable {
        var accessKeyID: String
        var secretAccessKey: SecretString
        /// A temporary credential's token, sent as `X-Amz-Security-Token`.
        var sessionToken: String?
    }

    let credentials: Credentials
    let region: String
    /// `s3` for the media store.
    let service: String

    static let algorithm = "AWS4-HMAC-SHA256"
    /// The payload hash of a request whose body is not hashed (streamed uploads, presigned URLs).
    static let unsignedPayload = "UNSIGNED-PAYLOAD"

    /// A request to sign: its method, path (decoded: `/bucket/photos/a b.jpg`) and query pairs
    /// (decoded), and the headers to sign, `host` among them.
    struct Request: Sendable {
        var method: String
        var path: String
        var query: [(name: String, value: String)] = []
        var headers: [(name: String, value: String)]
    }

    /// The headers to add to `request` so it is signed: `X-Amz-Date`, the session token if any,
    /// and `Authorization`. `payloadHash` is the hex SHA-256 of the body or `unsignedPayload`;
    /// S3 also wants it sent as `x-amz-content-sha256` (the caller adds that header to `request`
    /// first, so it is signed).
    func sign(_ request: Request, payloadHash: String, at date: Date) -> [(name: String, value: String)] {
        let stamp = Self.timestamp(date)
        var request = request
        var added = [(name: "X-Amz-Date", value: stamp)]
        if let token = credentials.sessionToken { added.append((name: "X-Amz-Security-Token", value: token)) }
        request.headers += added
        let canonical = Self.canonicalRequest(request, payloadHash: payloadHash)
        let scope = self.scope(stamp)
        let signature = self.signature(Self.stringToSign(canonical: canonical.text, scope: scope, timestamp: stamp), day: String(stamp.prefix(8)))
        added.append((name: "Authorization",
                       value: "\(Self.algorithm) Credential=\(credentials.accessKeyID)/\(scope), SignedHeaders=\(canonical.signedHeaders), Signature=\(signature)"))
        return added
    }

    /// The query of a presigned URL for `request` (only `host` signed, the payload unsigned),
    /// valid for `expires` seconds from `date`: the request's own query pairs, then the
    /// `X-Amz-*` ones, encoded and ready to follow `?`.
    func presignedQuery(_ request: Request, expires: Int, at date: Date) -> String {
        let stamp = Self.timestamp(date)
        var request = request
        request.query += [(name: "X-Amz-Algorithm", value: Self.algorithm),
                          (name: "X-Amz-Credential", value: "\(credentials.accessKeyID)/\(scope(stamp))"),
                          (name: "X-Amz-Date", value: stamp),
                          (name: "X-Amz-Expires", value: String(expires)),
                          (name: "X-Amz-SignedHeaders", value: Self.canonicalHeaders(request.headers).signed)]
        if let token = credentials.sessionToken { request.query.append((name: "X-Amz-Security-Token", value: token)) }
        let canonical = Self.canonicalRequest(request, payloadHash: Self.unsignedPayload)
        let signature = self.signature(Self.stringToSign(canonical: canonical.text, scope: scope(stamp), timestamp: stamp),
                                       day: String(stamp.prefix(8)))
        return Self.canonicalQuery(request.query) + "&X-Amz-Signature=" + signature
    }

    // MARK: - The algorithm's steps, each checked on its own by the tests

    static func canonicalRequest(_ request: Request, payloadHash: String) -> (text: String, signedHeaders: String) {
        let headers = canonicalHeaders(request.headers)
        let text = [request.method.uppercased(), canonicalPath(request.path), canonicalQuery(request.query), headers.text,
                    headers.signed, payloadHash].joined(separator: "\n")
        return (text, headers.signed)
    }

    static func stringToSign(canonical: String, scope: String, timestamp: String) -> String {
        [algorithm, timestamp, scope, hexSHA256(Array(canonical.utf8))].joined(separator: "\n")
    }

    func scope(_ timestamp: String) -> String {
        "\(timestamp.prefix(8))/\(region)/\(service)/aws4_request"
    }

    /// HMAC chain: the day, the region, the service, `aws4_request`, then the string to sign.
    func signature(_ stringToSign: String, day: String) -> String {
        var key = SymmetricKey(data: Array(("AWS4" + credentials.secretAccessKey.value).utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key)))
        }
        return Array(HMAC<SHA256>.authenticationCode(for: Array(stringToSign.utf8), using: key)).hexString
    }

    /// Names lowercased and sorted; values trimmed, inner runs of spaces made one, repeats of a
    /// name joined by commas in the order given.
    static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> (text: String, signed: String) {
        var byName: [String: [String]] = [:]
        for (name, value) in headers {
            let collapsed = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            byName[name.lowercased(), default: []].append(collapsed.trimmingCharacters(in: .whitespaces))
        }
        let names = byName.keys.sorted()
        let text = names.map { "\($0):\(byName[$0]!.joined(separator: ","))\n" }.joined()
        return (text, names.joined(separator: ";"))
    }

    /// Each segment of the decoded path percent-encoded once, `/` kept.
    static func canonicalPath(_ path: String) -> String {
        let encoded = path.split(separator: "/", omittingEmptySubsequences: false).map { uriEncode(String($0)) }.joined(separator: "/")
        return encoded.hasPrefix("/") ? encoded : "/" + encoded
    }

    /// Pairs encoded, then sorted by name and value (byte order of the encoded forms).
    static func canonicalQuery(_ query: [(name: String, value: String)]) -> String {
        query.map { (uriEncode($0.name), uriEncode($0.value)) }
            .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            .map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    /// RFC 3986 percent-encoding of everything but the unreserved characters, upper-case hex.
    static func uriEncode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }

    static func hexSHA256(_ bytes: some DataProtocol) -> String {
        Array(SHA256.hash(data: bytes)).hexString
    }

    /// `20150830T123600Z`, in UTC.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
                      parts.minute ?? 0, parts.second ?? 0)
    }
}
