import Fluent
import Foundation

/// Limits failed sign-ins per account and per client address. Failures live in the database so
/// every server instance sees the same count.
struct SignInThrottle {
    let database: any Database
    let limits: KindredConfiguration.SignInLimits
    let now: Date

    static func accountScope(email: String) -> String { "account:" + Secrets.sha256Hex(email) }
    static func addressScope(_ address: String) -> String { "address:" + address }

    /// Throws 429 with `Retry-After` when either scope has used up its attempts in the window.
    func check(email: String, address: String) async throws {
        let windowStart = now.addingTimeInterval(-limits.window)
        // Failures (and the client addresses in them) are kept no longer than they count.
        try await SignInFailure.query(on: database).filter(\.$createdAt < windowStart).delete()
        for (scope, limit) in [(Self.accountScope(email: email), limits.perAccount), (Self.addressScope(address), limits.perAddress)] {
            let failures = try await SignInFailure.query(on: database)
                .filter(\.$scope == scope)
                .filter(\.$createdAt > windowStart)
                .sort(\.$createdAt, .ascending)
                .all()
            if let retryAfter = RateLimiter.retryAfter(failures.map(\.createdAt), limit: .init(count: limit, window: limits.window), now: now) {
                throw AppError.tooManyRequests(retryAfter: retryAfter)
            }
        }
    }

    func recordFailure(email: String, address: String) async throws {
        try await SignInFailure(scope: Self.accountScope(email: email), at: now).create(on: database)
        try await SignInFailure(scope: Self.addressScope(address), at: now).create(on: database)
    }

    func clear(email: String) async throws {
        try await SignInFailure.query(on: database).filter(\.$scope == Self.accountScope(email: email)).delete()
    }
}
