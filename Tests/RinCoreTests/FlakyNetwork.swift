import Foundation
import HTTPTypes
import NIOConcurrencyHelpers
import OpenAPIRuntime
import RinCore

/// The SDK's real transport with a switch for going offline, and a way to lose the answer to a
/// request the server did act on: the two ways a phone's network fails a queued change.
final class FlakyNetwork: ClientTransport, Sendable {
    struct Offline: Error {}
    struct AnswerLost: Error {}

    private let base = KindredSession.defaultTransport
    private let state = NIOLockedValueBox<(offline: Bool, loseAnswers: [String: Int], sent: [HTTPRequest])>((false, [:], []))

    var offline: Bool {
        get { state.withLockedValue { $0.offline } }
        set { state.withLockedValue { $0.offline = newValue } }
    }

    var sent: [HTTPRequest] { state.withLockedValue { $0.sent } }

    /// The next `count` answers to `operationID` are dropped after the server has acted.
    func loseAnswers(to operationID: String, times count: Int) {
        state.withLockedValue { $0.loseAnswers[operationID] = count }
    }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        if offline { throw Offline() }
        state.withLockedValue { $0.sent.append(request) }
        let answer = try await base.send(request, body: body, baseURL: baseURL, operationID: operationID)
        let lose = state.withLockedValue { state -> Bool in
            guard let remaining = state.loseAnswers[operationID], remaining > 0 else { return false }
            state.loseAnswers[operationID] = remaining - 1
            return true
        }
        if lose { throw AnswerLost() }
        return answer
    }
}
