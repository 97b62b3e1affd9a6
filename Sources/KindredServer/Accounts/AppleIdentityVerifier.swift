import Crypto
import Foundation
import JWTKit

/// Verifies Sign in with Apple identity tokens: the RS256 signature against Apple's published
/// keys, the issuer, the audience (our bundle ids), expiry, and the SHA-256 of the app's nonce.
actor AppleIdentityVerifier {
    struct Identity: Sendable {
        let subject: String
        let email: String?
    }

    typealias Fetch = @Sendable (String) async throws -> [UInt8]

    private let configuration: KindredConfiguration.AppleSignInConfiguration
    private let fetch: Fetch
    private let clock: @Sendable () -> Date
    private var keys: JWTKeyCollection?
    private var fetchedAt: Date = .distantPast

    init(configuration: KindredConfiguration.AppleSignInConfiguration, fetch: @escaping Fetch, clock: @escaping @Sendable () -> Date) {
        self.configuration = configuration
        self.fetch = fetch
        self.clock = clock
    }

    func verify(identityToken: String, rawNonce: String) async throws -> Identity {
        guard !configuration.bundleIDs.isEmpty else {
            throw AppError(.unavailable, .serviceUnavailable, "Sign in with Apple is not configured on this server.")
        }
        // The audience (one of our bundle ids) is checked along with the signature.
        let token = try await verifiedToken(identityToken)
        let expectedNonce = Secrets.sha256Hex(rawNonce)
        guard let nonce = token.nonce, nonce.lowercased() == expectedNonce else {
            throw AppError.invalidToken("The Apple identity token's nonce does not match this sign-in.")
        }
        return Identity(subject: token.subject.value, email: token.email)
    }

    /// Checks the signature with cached keys; an unknown `kid` means Apple rotated its keys, so
    /// they are fetched again (at most once per `minimumRefetchInterval`) and the check retried.
    private func verifiedToken(_ token: String) async throws -> AppleIdentityToken {
        let now = clock()
        if keys == nil || now.timeIntervalSince(fetchedAt) > configuration.keysLifetime {
            try await refreshKeys()
        }
        do {
            return try await check(token)
        } catch let error as JWTError where error.errorType == .unknownKID || error.errorType == .noKeyProvided {
            guard clock().timeIntervalSince(fetchedAt) >= configuration.minimumRefetchInterval else {
                throw AppError.invalidToken("The Apple identity token was signed with an unknown key.")
            }
            try await refreshKeys()
            do { return try await check(token) } catch { throw AppError.invalidToken("The Apple identity token is not valid.") }
        } catch {
            throw AppError.invalidToken("The Apple identity token is not valid.")
        }
    }

    private func check(_ token: String) async throws -> AppleIdentityToken {
        guard let keys else { throw AppError.invalidToken() }
        return try await keys.verify(token, as: AppleIdentityToken.self, expectedAudiences: configuration.bundleIDs)
    }

    private func refreshKeys() async throws {
        do {
            let json = try await fetch(configuration.jwksURL)
            let collection = JWTKeyCollection()
            try await collection.add(jwksJSON: String(decoding: json, as: UTF8.self))
            // Without a default key, a token naming an unpublished `kid` fails as unknown
            // instead of being tried against whichever key happened to load first.
            await collection.clearDefault()
            keys = collection
            fetchedAt = clock()
        } catch {
            throw AppError(.unavailable, .serviceUnavailable, "Apple's sign-in keys could not be fetched. Try again shortly.")
        }
    }
}
