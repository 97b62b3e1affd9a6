import Foundation
import HTTPTypes
import OpenAPIRuntime

/// How hard to try before giving up on a request.
public struct RetryPolicy: Sendable {
    public var maximumAttempts: Int
    public var baseDelay: Duration
    public var maximumDelay: Duration

    public init(maximumAttempts: Int = 3, baseDelay: Duration = .milliseconds(250), maximumDelay: Duration = .seconds(8)) {
        self.maximumAttempts = maximumAttempts
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    public static let `default` = RetryPolicy()
    public static let never = RetryPolicy(maximumAttempts: 1)

    /// Full jitter: a random delay up to the exponential bound, so many clients do not retry in step.
    func delay(forAttempt attempt: Int, retryAfter: Duration?) -> Duration {
        if let retryAfter { return min(retryAfter, maximumDelay) }
        let bound = min(baseDelay * (1 << min(attempt, 16)), maximumDelay)
        let milliseconds = Double(bound.components.seconds) * 1000 + Double(bound.components.attoseconds) / 1e15
        return .milliseconds(Int.random(in: 0...max(1, Int(milliseconds))))
    }
}

/// Retries requests that are safe to repeat: reads, PUT and DELETE, and signed-in POSTs carrying
/// an `Idempotency-Key`. It retries lost connections and the statuses that mean "try later".
struct RetryMiddleware: ClientMiddleware {
    let policy: RetryPolicy
    static let retryableStatuses: Set<Int> = [408, 429, 502, 503, 504]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        // The server replays a POST's first answer only for a signed-in caller, so only those
        // POSTs are safe to send twice; a repeated sign-in would start a second session.
        let repeatable = [.get, .head, .options, .put, .delete].contains(request.method)
            || (request.headerFields[RequestMetadataMiddleware.idempotencyKey] != nil && request.headerFields[.authorization] != nil)
        // A body that can only be read once cannot be sent twice.
        guard repeatable, body?.iterationBehavior != .single, policy.maximumAttempts > 1 else {
            return try await next(request, body, baseURL)
        }
        var attempt = 1
        while true {
            do {
                let (response, responseBody) = try await next(request, body, baseURL)
                guard Self.retryableStatuses.contains(response.status.code), attempt < policy.maximumAttempts else {
                    return (response, responseBody)
                }
                let retryAfter = response.headerFields[.retryAfter].flatMap(Int.init).map { Duration.seconds($0) }
                // Asked to wait longer than we ever would: the caller hears it now, not after a stall.
                if let retryAfter, retryAfter > policy.maximumDelay { return (response, responseBody) }
                try await Task.sleep(for: policy.delay(forAttempt: attempt, retryAfter: retryAfter))
            } catch let error where !(error is CancellationError) && attempt < policy.maximumAttempts {
                try await Task.sleep(for: policy.delay(forAttempt: attempt, retryAfter: nil))
            }
            attempt += 1
        }
    }
}
