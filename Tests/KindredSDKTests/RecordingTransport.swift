import Foundation
import HTTPTypes
import NIOConcurrencyHelpers
import OpenAPIRuntime
import OpenAPIURLSession

/// The real URLSession transport, recording what went over the wire and optionally failing the
/// first few attempts of an operation as if the network dropped.
final class RecordingTransport: ClientTransport, Sendable {
    struct Sent: Sendable {
        let operationID: String
        let request: HTTPRequest
    }

    struct Dropped: Error {}

    private let base = URLSessionTransport()
    private let state = NIOLockedValueBox<(sent: [Sent], failures: [String: Int])>((sent: [], failures: [:]))

    var sent: [Sent] { state.withLockedValue { $0.sent } }

    func sent(_ operationID: String) -> [Sent] { sent.filter { $0.operationID == operationID } }

    /// The next `count` attempts of `operationID` fail before reaching the server.
    func drop(_ operationID: String, times count: Int) {
        state.withLockedValue { $0.failures[operationID] = count }
    }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        let shouldFail = state.withLockedValue { state -> Bool in
            state.sent.append(Sent(operationID: operationID, request: request))
            guard let remaining = state.failures[operationID], remaining > 0 else { return false }
            state.failures[operationID] = remaining - 1
            return true
        }
        if shouldFail { throw Dropped() }
        return try await base.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }
}
