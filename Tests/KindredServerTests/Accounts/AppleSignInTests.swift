import _CryptoExtras
import Crypto
import Foundation
import JWTKit
import KindredAPI
import KindredTestSupport
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

/// Sign in with Apple against a local JWKS server with keys the test makes: the same HTTP fetch
/// and RS256 verification as against appleid.apple.com.
@Suite("Sign in with Apple")
struct AppleSignInTests {
    @Test func aValidTokenCreatesTheAccountAndLaterFindsIt() async throws {
        try await withAppleKeys { kindred, apple in
            // act
            let first = try await apple.signIn(kindred, token: try await apple.token(subject: "001.apple.ada", email: "ada@privaterelay.appleid.com"))
            let second = try await apple.signIn(kindred, token: try await apple.token(subject: "001.apple.ada"))
            // validate
            #expect(first.status == .ok)
            #expect(second.status == .ok)
            let firstMe = try first.decode(Components.Schemas.AuthSession.self).me
            let secondMe = try second.decode(Components.Schemas.AuthSession.self).me
            #expect(firstMe.id == secondMe.id)
            #expect(firstMe.hasApple && !firstMe.hasPassword)
            #expect(firstMe.email == "ada@privaterelay.appleid.com")
            #expect(firstMe.profile.username.hasPrefix("ada"))
            #expect(apple.fetches == 1, "keys are cached between sign-ins")
        }
    }

    @Test(arguments: [
        ("wrong audience", TokenFlaw.wrongAudience),
        ("expired", .expired),
        ("bad signature", .badSignature),
        ("nonce mismatch", .nonceMismatch),
        ("wrong issuer", .wrongIssuer),
        ("unknown kid", .unknownKid),
    ])
    func aFlawedTokenIsRefused(_ name: String, _ flaw: TokenFlaw) async throws {
        try await withAppleKeys { kindred, apple in
            let token = try await apple.token(subject: "001.apple.mallory", flaw: flaw)
            let response = try await apple.signIn(kindred, token: token, rawNonce: flaw == .nonceMismatch ? "another nonce" : apple.rawNonce)
            #expect(response.status == .unauthorized, "\(name)")
            #expect(response.problem?.kind == "invalid-token", "\(name)")
            #expect(try await UserCount.of(kindred) == 0, "\(name): no account was made")
        }
    }

    @Test func rotatedKeysAreFetchedAgainOnAnUnknownKid() async throws {
        try await withAppleKeys { kindred, apple in
            #expect(try await apple.signIn(kindred, token: try await apple.token(subject: "001.apple.rot")).status == .ok)
            // Apple publishes a new key and signs with it.
            try apple.rotate()
            let response = try await apple.signIn(kindred, token: try await apple.token(subject: "001.apple.rot"))
            #expect(response.status == .ok)
            #expect(apple.fetches == 2)
        }
    }

    @Test func withoutBundleIDsAppleSignInIsUnavailable() async throws {
        try await withAppleKeys(bundleIDs: []) { kindred, apple in
            let response = try await apple.signIn(kindred, token: try await apple.token(subject: "001.apple.x"))
            #expect(response.status == .serviceUnavailable)
            #expect(response.problem != nil)
        }
    }

    @Test func anEmailAlreadyUsedByAPasswordAccountIsNotAttached() async throws {
        try await withAppleKeys { kindred, apple in
            let existing = try await kindred.signUp("owner")
            let response = try await apple.signIn(kindred, token: try await apple.token(subject: "001.apple.other", email: existing.email))
            let me = try response.decode(Components.Schemas.AuthSession.self).me
            #expect(me.id != existing.id)
            #expect(me.email == nil)
        }
    }
}

enum TokenFlaw: Sendable {
    case none, wrongAudience, expired, badSignature, nonceMismatch, wrongIssuer, unknownKid
}

enum UserCount {
    static func of(_ kindred: TestKindred) async throws -> Int {
        try await User.query(on: kindred.app.db).count()
    }
}

/// Plays Apple: holds RSA keys, serves them as a JWKS over HTTP, and signs identity tokens.
final class FakeApple: Sendable {
    static let audience = "app.kindred.tests"
    let rawNonce = "raw-nonce-" + UUID().uuidString
    private let state: NIOLockedValueBox<(keys: [(kid: String, key: JWTKit.Insecure.RSA.PrivateKey)], fetches: Int)>

    init() throws {
        state = .init((keys: [("key-1", try Self.makeKey())], fetches: 0))
    }

    var fetches: Int { state.withLockedValue { $0.fetches } }

    func rotate() throws {
        let key = try Self.makeKey()
        state.withLockedValue { $0.keys.append(("key-\($0.keys.count + 1)", key)) }
    }

    func jwks() throws -> String {
        let keys = state.withLockedValue { state -> [(kid: String, key: JWTKit.Insecure.RSA.PrivateKey)] in
            state.fetches += 1
            return state.keys
        }
        let entries = try keys.map { kid, key -> String in
            let (modulus, exponent) = try key.publicKey.getKeyPrimitives()
            return #"{"kty":"RSA","kid":"\#(kid)","use":"sig","alg":"RS256","n":"\#(modulus.base64URL)","e":"\#(exponent.base64URL)"}"#
        }
        return #"{"keys":[\#(entries.joined(separator: ","))]}"#
    }

    func token(subject: String, email: String? = nil, flaw: TokenFlaw = .none) async throws -> String {
        let (kid, key) = try state.withLockedValue { state -> (String, JWTKit.Insecure.RSA.PrivateKey) in
            guard let newest = state.keys.last else { throw Abort(.internalServerError) }
            return newest
        }
        let now = Date()
        let claims = AppleIdentityToken(
            issuer: .init(value: flaw == .wrongIssuer ? "https://evil.example.com" : "https://appleid.apple.com"),
            audience: .init(value: [flaw == .wrongAudience ? "com.someone.else" : Self.audience]),
            expires: .init(value: flaw == .expired ? now.addingTimeInterval(-60) : now.addingTimeInterval(600)),
            issuedAt: .init(value: now.addingTimeInterval(-5)),
            subject: .init(value: subject),
            nonce: SHA256.hash(data: Array(rawNonce.utf8)).map { String(format: "%02x", $0) }.joined(),
            email: email
        )
        let signingKey = flaw == .badSignature ? try Self.makeKey() : key
        let signingKid = flaw == .unknownKid ? "never-published" : kid
        let keys = await JWTKeyCollection().add(rsa: signingKey, digestAlgorithm: .sha256, kid: JWKIdentifier(string: signingKid))
        return try await keys.sign(claims, kid: JWKIdentifier(string: signingKid))
    }

    func signIn(_ kindred: TestKindred, token: String, rawNonce: String? = nil) async throws -> TestingHTTPResponse {
        try await kindred.send(.POST, "/auth/apple", json: ["identityToken": token, "rawNonce": rawNonce ?? self.rawNonce])
    }

    private static func makeKey() throws -> JWTKit.Insecure.RSA.PrivateKey {
        try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
    }
}

/// Runs `test` with a Kindred app whose Apple JWKS URL points at a local HTTP server.
func withAppleKeys(bundleIDs: [String] = [FakeApple.audience], _ test: (TestKindred, FakeApple) async throws -> Void) async throws {
    let apple = try FakeApple()
    let keyServer = try await Application.make(.testing)
    keyServer.logger.logLevel = .warning
    keyServer.http.server.configuration.port = 0
    keyServer.get("auth", "keys") { _ in
        Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(string: try apple.jwks()))
    }
    try await keyServer.server.start(address: .hostname("127.0.0.1", port: 0))
    do {
        let port = try #require(keyServer.http.server.shared.localAddress?.port)
        try await withKindred(adjust: {
            $0.apple.jwksURL = "http://127.0.0.1:\(port)/auth/keys"
            $0.apple.bundleIDs = bundleIDs
        }) { kindred in
            try await test(kindred, apple)
        }
    } catch {
        try? await keyServer.shutDownServing()
        throw error
    }
    try await keyServer.shutDownServing()
}

private extension Data {
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
