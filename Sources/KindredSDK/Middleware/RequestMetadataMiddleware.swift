import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Stamps every request with an `X-Request-ID` and every POST with an `Idempotency-Key`. It sits
/// outside the retry middleware, so a retried POST carries the same key and the server answers
/// it from its first response instead of acting twice.
struct RequestMetadataMiddleware: ClientMiddleware {
    static let requestID = HTTPField.Name("X-Request-ID")!
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if request.headerFields[Self.requestID] == nil {
            request.headerFields[Self.requestID] = UUID().uuidString.lowercased()
        }
        if request.method == .post, request.headerFields[Self.idempotencyKey] == nil {
            request.headerFields[Self.idempotencyKey] = IdempotencyKey.current ?? UUID().uuidString.lowercased()
        }
        return try await next(request, body, baseURL)
    }
}

/// The `Idempotency-Key` of the POSTs made inside `IdempotencyKey.$current.withValue(…)`. A
/// queue that sends the same change again after a relaunch or a lost answer gives it the key it
/// chose when the change was made, so the server acts once however often it arrives.
public enum IdempotencyKey {
    @TaskLocal public static var current: String?
}
