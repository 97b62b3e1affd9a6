import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Turns any problem+json answer into `KindredError.problem`, so each call site only handles
/// its success case.
struct ProblemMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.code >= 400 else { return (response, responseBody) }
        guard let responseBody,
              response.headerFields[.contentType]?.hasPrefix("application/problem+json") == true,
              let data = try? await Data(collecting: responseBody, upTo: 1 << 20),
              let problem = try? JSONDecoder().decode(Problem.self, from: data)
        else { throw KindredError.unexpectedResponse(status: response.status.code) }
        throw KindredError.problem(problem)
    }
}
