import Foundation
import JWTKit

/// Short-lived access tokens: HS256 JWTs naming the user and the session.
struct AccessTokens: Sendable {
    struct Claims: JWTPayload {
        var sub: SubjectClaim
        var sid: String
        var exp: ExpirationClaim
        var iat: IssuedAtClaim
        var iss: IssuerClaim

        /// Expiry is checked afterwards against the server's clock, which tests move.
        func verify(using _: some JWTAlgorithm) throws {
            guard iss.value == AccessTokens.issuer else {
                throw JWTError.claimVerificationFailure(failedClaim: iss, reason: "Not issued by Kindred")
            }
        }
    }

    struct Verified: Sendable {
        let userID: UUID
        let sessionID: UUID
    }

    static let issuer = "kindred"
    private let keys: JWTKeyCollection
    let lifetime: TimeInterval

    init(secret: [UInt8], lifetime: TimeInterval) async {
        let key = DerivedKey.accessToken.key(from: secret)
        keys = await JWTKeyCollection().add(hmac: HMACKey(key: key), digestAlgorithm: .sha256)
        self.lifetime = lifetime
    }

    func issue(userID: UUID, sessionID: UUID, now: Date) async throws -> (token: String, expiresAt: Date) {
        let expiresAt = now.addingTimeInterval(lifetime)
        let claims = Claims(
            sub: .init(value: userID.uuidString), sid: sessionID.uuidString,
            exp: .init(value: expiresAt), iat: .init(value: now), iss: .init(value: Self.issuer)
        )
        return (try await keys.sign(claims), expiresAt)
    }

    func verify(_ token: String, now: Date) async throws -> Verified {
        let claims: Claims
        do {
            claims = try await keys.verify(token, as: Claims.self)
            try claims.exp.verifyNotExpired(currentDate: now)
        } catch {
            throw AppError.invalidToken()
        }
        guard let userID = UUID(uuidString: claims.sub.value), let sessionID = UUID(uuidString: claims.sid) else {
            throw AppError.invalidToken()
        }
        return Verified(userID: userID, sessionID: sessionID)
    }
}
