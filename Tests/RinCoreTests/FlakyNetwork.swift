import Foundation
import HTTPTypes
import NIOConcurrencyHelpers
import OpenAPIRuntime
import RinCore

/// The SDK's real transport with the ways a phone's network fails a model: going offline, losing
/// the answer to a request the server did act on, and holding some requests back (those whose
/// path and query contain a text) before they reach the server, so a test can see what a model
/// shows before the server answers, or make an older answer arrive after a newer one.
final class FlakyNetwork: ClientTransport, Sendable {
    struct Offline: Error {}
    struct AnswerLost: Error {}

    private struct State {
        var offline = false
        var loseAnswers: [String: Int] = [:]
        var sent: [HTTPRequest] = []
        var slow: [String: Duration] = [:]
        /// Held texts, with the requests waiting for each to be let go.
        var held: [String: [CheckedContinuation<Void, Never>]] = [:]
    }

    private let base = KindredSession.defaultTransport
    private let state = NIOLockedValueBox(State())

    var offline: Bool {
        get { state.withLockedValue { $0.offline } }
        set { state.withLockedValue { $0.offline = newValue } }
    }

    /// The requests sent, oldest first.
    var sent: [HTTPRequest] { state.withLockedValue { $0.sent } }
    /// Their paths with queries.
    var sentPaths: [String] { sent.map { $0.path ?? "" } }

    /// The next `count` answers to `operationID` are dropped after the server has acted.
    func loseAnswers(to operationID: String, times count: Int) {
        state.withLockedValue { $0.loseAnswers[operationID] = count }
    }

    /// Requests whose path contains `text` reach the server `delay` late.
    func slow(_ text: String, by delay: Duration?) {
        state.withLockedValue { $0.slow[text] = delay }
    }

    /// Requests whose path contains `text` wait, unsent, until `release(text)`.
    func hold(_ text: String) {
        state.withLockedValue { $0.held[text] = $0.held[text] ?? [] }
    }

    func release(_ text: String) {
        let waiting = state.withLockedValue { $0.held.removeValue(forKey: text) ?? [] }
        waiting.forEach { $0.resume() }
    }

    /// How many requests wait on `text`.
    func waiting(on text: String) -> Int {
        state.withLockedValue { $0.held[text]?.count ?? 0 }
    }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        if offline { throw Offline() }
        let path = request.path ?? ""
        let delay = state.withLockedValue { state -> Duration? in
            state.sent.append(request)
            return state.slow.first { path.contains($0.key) }?.value
        }
        if let delay { try await Task.sleep(for: delay) }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let wait = state.withLockedValue { state -> Bool in
                guard let text = state.held.keys.first(where: { path.contains($0) }) else { return false }
                state.held[text, default: []].append(continuation)
                return true
            }
            if !wait { continuation.resume() }
        }
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
