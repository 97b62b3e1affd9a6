import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Adds the access token to every call that needs one, refreshing it first when it is about to
/// expire; a 401 gets one refresh and one retry.
struct AuthenticationMiddleware: ClientMiddleware {
    /// Operations that work without a session.
    static let publicOperations: Set<String> = ["getHealth", "signUp", "signIn", "signInWithApple", "refreshSession",
                                                 "requestPasswordReset", "resetPassword", "confirmEmailVerification"]

    let tokens: @Sendable (_ rejected: String?) async throws -> String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard !Self.publicOperations.contains(operationID) else { return try await next(request, body, baseURL) }
        var request = request
        let token = try await tokens(nil)
        request.headerFields[.authorization] = "Bearer \(token)"
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status == .unauthorized, body?.iterationBehavior != .single else { return (response, responseBody) }
        // The token may have been revoked or expired in flight: refresh once and try again.
        let fresh = try await tokens(token)
        request.headerFields[.authorization] = "Bearer \(fresh)"
        return try await next(request, body, baseURL)
    }
}
