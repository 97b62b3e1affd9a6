import Foundation
import Testing
@testable import KindredServer

/// The signer against the signatures AWS publishes: its Signature Version 4 test suite (a
/// `service` in `us-east-1` at 2015-08-30 12:36:00 UTC, key `AKIDEXAMPLE`) and the S3 API
/// reference's worked examples (`examplebucket`, 2013-05-24). A signature covers the whole
/// canonical request, so each match is evidence for every rule that built it.
@Suite("AWS Signature Version 4 against AWS's published vectors")
struct AWSSigV4Tests {
    static let suiteDate = Date(timeIntervalSince1970: 1_440_938_160)  // 2015-08-30T12:36:00Z
    static let suite = AWSSigV4(credentials: .init(accessKeyID: "AKIDEXAMPLE",
                                                   secretAccessKey: SecretString("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")),
                                region: "us-east-1", service: "service")
    static let s3Date = Date(timeIntervalSince1970: 1_369_353_600)  // 2013-05-24T00:00:00Z
    static let s3 = AWSSigV4(credentials: .init(accessKeyID: "AKIAIOSFODNN7EXAMPLE",
                                                secretAccessKey: SecretString("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")),
                             region: "us-east-1", service: "s3")
    static let emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let method: String
        let path: String
        var query: [(name: String, value: String)] = []
        var headers: [(name: String, value: String)] = []
        var body = ""
        let signedHeaders: String
        let signature: String
        var testDescription: String { name }
    }

    static let vectors: [Vector] = [
        Vector(name: "get-vanilla", method: "GET", path: "/", signedHeaders: "host;x-amz-date",
               signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        Vector(name: "get-unreserved", method: "GET", path: "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
               signedHeaders: "host;x-amz-date", signature: "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f"),
        Vector(name: "get-vanilla-query-order-key-case", method: "GET", path: "/",
               query: [("Param2", "value2"), ("Param1", "value1")], signedHeaders: "host;x-amz-date",
               signature: "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"),
        Vector(name: "get-vanilla-query-order-value", method: "GET", path: "/",
               query: [("Param1", "value2"), ("Param1", "value1")], signedHeaders: "host;x-amz-date",
               signature: "5772eed61e12b33fae39ee5e7012498b51d56abc0abb7c60486157bd471c4694"),
        Vector(name: "get-vanilla-utf8-query", method: "GET", path: "/", query: [("\u{1234}", "bar")], signedHeaders: "host;x-amz-date",
               signature: "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04"),
        Vector(name: "get-header-value-order", method: "GET", path: "/",
               headers: [("My-Header1", "value4"), ("My-Header1", "value1"), ("My-Header1", "value3"), ("My-Header1", "value2")],
               signedHeaders: "host;my-header1;x-amz-date", signature: "08c7e5a9acfcfeb3ab6b2185e75ce8b1deb5e634ec47601a50643f830c755c01"),
        Vector(name: "get-header-key-duplicate", method: "GET", path: "/",
               headers: [("My-Header1", "value2"), ("My-Header1", "value2"), ("My-Header1", "value1")],
               signedHeaders: "host;my-header1;x-amz-date", signature: "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea"),
        Vector(name: "get-header-value-trim", method: "GET", path: "/", headers: [("My-Header1", " value1"), ("My-Header2", "\"a   b   c\"")],
               signedHeaders: "host;my-header1;my-header2;x-amz-date",
               signature: "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736"),
        Vector(name: "post-x-www-form-urlencoded", method: "POST", path: "/",
               headers: [("Content-Type", "application/x-www-form-urlencoded")], body: "Param1=value1",
               signedHeaders: "content-type;host;x-amz-date", signature: "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a"),
    ]

    @Test(arguments: vectors)
    func theTestSuitesRequestsSignAsPublished(_ vector: Vector) {
        let request = AWSSigV4.Request(method: vector.method, path: vector.path, query: vector.query,
                                       headers: [("Host", "example.amazonaws.com")] + vector.headers)
        let added = Self.suite.sign(request, payloadHash: AWSSigV4.hexSHA256(Array(vector.body.utf8)), at: Self.suiteDate)
        #expect(added.first { $0.name == "X-Amz-Date" }?.value == "20150830T123600Z")
        #expect(added.first { $0.name == "Authorization" }?.value
                    == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
                        + "SignedHeaders=\(vector.signedHeaders), Signature=\(vector.signature)")
    }

    @Test func aSessionTokenIsSignedAsTheSuiteSigns() {
        var signer = Self.suite
        signer = AWSSigV4(credentials: .init(accessKeyID: "AKIDEXAMPLE", secretAccessKey: signer.credentials.secretAccessKey,
                                             sessionToken: "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267"),
                          region: "us-east-1", service: "service")
        let added = signer.sign(.init(method: "GET", path: "/", headers: [("Host", "example.amazonaws.com")]), payloadHash: Self.emptyHash,
                                at: Self.suiteDate)
        #expect(added.first { $0.name == "X-Amz-Security-Token" }?.value == "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267")
        #expect(added.first { $0.name == "Authorization" }?.value
                    == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
                        + "SignedHeaders=host;x-amz-date;x-amz-security-token, "
                        + "Signature=07ec1639c89043aa0e3e2de82b96708f198cceab042d4a97044c66dd9f74e7f8")
    }

    /// The S3 reference's GetObject example, step by step: the canonical request, the string to
    /// sign and the signature it publishes.
    @Test func s3sGetObjectExampleSignsAsPublished() {
        let request = AWSSigV4.Request(method: "GET", path: "/test.txt",
                                       headers: [("Host", "examplebucket.s3.amazonaws.com"), ("Range", "bytes=0-9"),
                                                 ("x-amz-content-sha256", Self.emptyHash), ("x-amz-date", "20130524T000000Z")])
        let canonical = AWSSigV4.canonicalRequest(request, payloadHash: Self.emptyHash)
        #expect(canonical.text == """
            GET
            /test.txt

            host:examplebucket.s3.amazonaws.com
            range:bytes=0-9
            x-amz-content-sha256:\(Self.emptyHash)
            x-amz-date:20130524T000000Z

            host;range;x-amz-content-sha256;x-amz-date
            \(Self.emptyHash)
            """)
        let toSign = AWSSigV4.stringToSign(canonical: canonical.text, scope: Self.s3.scope("20130524T000000Z"), timestamp: "20130524T000000Z")
        #expect(toSign == "AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n"
                    + "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972")
        #expect(Self.s3.signature(toSign, day: "20130524") == "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
        // Signing the request adds the same date (once) and that signature.
        let unsigned = AWSSigV4.Request(method: "GET", path: "/test.txt",
                                        headers: [("Host", "examplebucket.s3.amazonaws.com"), ("Range", "bytes=0-9"),
                                                  ("x-amz-content-sha256", Self.emptyHash)])
        let added = Self.s3.sign(unsigned, payloadHash: Self.emptyHash, at: Self.s3Date)
        #expect(added.first { $0.name == "Authorization" }?.value.hasSuffix(
            "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41") == true)
    }

    @Test func s3sPresignedURLExampleSignsAsPublished() {
        let query = Self.s3.presignedQuery(.init(method: "GET", path: "/test.txt", headers: [("Host", "examplebucket.s3.amazonaws.com")]),
                                           expires: 86_400, at: Self.s3Date)
        #expect(query == "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request"
                    + "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host"
                    + "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404")
    }

    @Test func keysAreSignedAsS3SignsThem() {
        // Each segment encoded once; nothing normalised away.
        #expect(AWSSigV4.canonicalPath("/bucket/photos/a b+c.jpg") == "/bucket/photos/a%20b%2Bc.jpg")
        #expect(AWSSigV4.canonicalPath("/bucket/a//b/../c") == "/bucket/a//b/../c")
        #expect(AWSSigV4.canonicalPath("/bucket/\u{1234}") == "/bucket/%E1%88%B4")
        #expect(AWSSigV4.canonicalQuery([("prefix", "users/ab"), ("list-type", "2"), ("continuation-token", "a=b")])
                    == "continuation-token=a%3Db&list-type=2&prefix=users%2Fab")
        #expect(AWSSigV4.canonicalQuery([("uploads", "")]) == "uploads=")
        // The secret never prints.
        #expect(!"\(Self.s3.credentials)".contains("EXAMPLEKEY"))
    }
}
