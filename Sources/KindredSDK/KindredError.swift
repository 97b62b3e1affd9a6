import Foundation
import OpenAPIRuntime

/// Everything the SDK throws. Server problems keep their RFC 9457 body, so an app can show the
/// `detail`, highlight `errors[].field`, or switch on `kind`.
public enum KindredError: Error, Sendable {
    /// The server answered with a problem (4xx or 5xx).
    case problem(Problem)
    /// There is no session, or the server ended it (sign-out elsewhere, revocation, theft detection).
    case signedOut
    /// The server answered something the contract does not describe.
    case unexpectedResponse(status: Int)
    /// The request never got an answer (offline, DNS, timeout) even after retries.
    case transport(String)

    /// The problem's stable kind, e.g. `validation` or `invalid-credentials`.
    public var kind: String? {
        guard case .problem(let problem) = self else { return nil }
        return problem._type.split(separator: "/").last.map(String.init)
    }

    /// The HTTP status of a problem the server answered with.
    public var status: Int? {
        guard case .problem(let problem) = self else { return nil }
        return problem.status
    }

    /// The device could not reach the server (as opposed to the server saying no).
    public var isOffline: Bool {
        if case .transport = self { return true }
        return false
    }

    public var fieldErrors: [String: String] {
        guard case .problem(let problem) = self else { return [:] }
        return Dictionary((problem.errors ?? []).map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
    }

    /// Unwraps the generated client's wrapper so callers see one error type.
    static func from(_ error: any Error) -> any Error {
        if let error = error as? KindredError { return error }
        if let error = error as? ClientError {
            if let underlying = error.underlyingError as? KindredError { return underlying }
            if error.response == nil { return KindredError.transport(String(describing: error.underlyingError)) }
        }
        return error
    }
}

extension KindredError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .problem(let problem): problem.detail ?? problem.title
        case .signedOut: "You are signed out. Sign in again."
        case .unexpectedResponse(let status): "The server answered unexpectedly (\(status))."
        case .transport: "Kindred could not be reached. Check your connection."
        }
    }
}
