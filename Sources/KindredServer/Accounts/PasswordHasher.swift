import NIOConcurrencyHelpers
import NIOPosix
import Vapor

/// Hashes and verifies passwords (bcrypt) on threads of its own.
///
/// bcrypt is slow on purpose, and on NIO's shared blocking pool it queued ahead of every SQLite
/// call, so a flood of anonymous sign-ups made everyone else's requests wait. Here it has its own
/// few threads and a bounded queue: past the bound a request is refused at once with 503 and
/// `Retry-After`, instead of waiting behind hundreds of others.
final class PasswordHasher: Sendable {
    private let pool: NIOThreadPool
    private let cost: Int
    private let queueLimit: Int
    private let waiting = NIOLockedValueBox(0)

    init(cost: Int, limits: KindredConfiguration.PasswordHashingLimits) {
        self.cost = cost
        queueLimit = limits.queueLimit
        pool = NIOThreadPool(numberOfThreads: limits.threads)
        pool.start()
    }

    func hash(_ password: String) async throws -> String {
        try await run { [cost] in try Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, created hash: String) async throws -> Bool {
        try await run { try Bcrypt.verify(password, created: hash) }
    }

    func shutdown() async throws {
        try await pool.shutdownGracefully()
    }

    /// How many hashes are running or queued now; tests wait on it to fill the queue exactly.
    var inFlight: Int { waiting.withLockedValue { $0 } }

    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let admitted = waiting.withLockedValue { count in
            guard count < queueLimit else { return false }
            count += 1
            return true
        }
        guard admitted else {
            throw AppError(.unavailable, .serviceUnavailable, "We are busy checking passwords right now. Try again in a moment.",
                           headers: ["Retry-After": "2"])
        }
        defer { waiting.withLockedValue { $0 -= 1 } }
        return try await pool.runIfActive(work)
    }
}
