import Fluent
import Foundation

/// Slows password guessing without locking the owner out.
///
/// Every attempt is counted before the password is checked, atomically (so a burst of parallel
/// guesses cannot all slip under the limit), and taken back when the password was right.
/// - Per account and address: a few attempts, so one attacker cannot keep guessing one account.
/// - Per address: more, across all accounts, so one address cannot spray many accounts.
/// - Per account from everywhere: a ceiling that only addresses which already failed for this
///   account hit. The owner signing in from a fresh address still gets in with the right
///   password, however many addresses an attacker has burned; the attacker gets one try per
///   fresh address.
struct SignInThrottle {
    let limiter: RateLimiter
    let limits: KindredConfiguration.SignInLimits

    init(database: any Database, limits: KindredConfiguration.SignInLimits, now: Date) {
        limiter = RateLimiter(database: database, now: now)
        self.limits = limits
    }

    /// The counted attempt, to take back once the password proved right.
    struct Attempt {
        fileprivate var hits: [UUID]
    }

    static func accountScope(email: String) -> String { "signin.account:" + Secrets.sha256Hex(email) }
    static func pairScope(email: String, address: String) -> String { "signin.pair:" + Secrets.sha256Hex(email) + "@" + address }
    static func addressScope(_ address: String) -> String { "signin.address:" + address }

    /// Counts the attempt, or throws 429 with `Retry-After` when one of the limits is reached.
    func begin(email: String, address: String) async throws -> Attempt {
        let window = limits.window
        let pair = Self.pairScope(email: email, address: address)
        let fresh = try await limiter.count(pair, window: window) == 0
        // A fresh address is counted toward the ceiling but never stopped by it.
        let ceiling = fresh ? Int.max : limits.perAccountCeiling
        let hits = try await limiter.hit([
            .init(scope: pair, limit: .init(count: limits.perAccount, window: window)),
            .init(scope: Self.addressScope(address), limit: .init(count: limits.perAddress, window: window)),
            .init(scope: Self.accountScope(email: email), limit: .init(count: ceiling, window: window)),
        ])
        return Attempt(hits: hits)
    }

    /// The password was right: the attempt does not count, and this address starts afresh.
    func succeeded(_ attempt: Attempt, email: String, address: String) async throws {
        try await limiter.release(attempt.hits)
        try await limiter.clear(scope: Self.pairScope(email: email, address: address))
    }

    /// Forgets everything counted against the account (it is being deleted). Address-only hits
    /// stay: they name no account, and deleting one must not reset an attacker's budget.
    func forget(email: String) async throws {
        try await limiter.clear(prefix: Self.accountScope(email: email))
        try await limiter.clear(prefix: "signin.pair:" + Secrets.sha256Hex(email) + "@")
    }
}
