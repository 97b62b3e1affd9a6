import KindredAPI
import Vapor

/// Kindred's one error type. Every failure a client can see is one of these, rendered as RFC 9457
/// problem+json by `ProblemMiddleware`; its `kind` is the stable `type` URI clients switch on.
public struct AppError: Error, Sendable {
    public enum Kind: String, Sendable {
        case validation
        case malformedRequest = "malformed-request"
        case unauthenticated
        case invalidCredentials = "invalid-credentials"
        case invalidToken = "invalid-token"
        /// An e-mailed link that expired, was used, or was never sent (400, not 401: the
        /// session, if any, is fine).
        case invalidLink = "invalid-link"
        case notFound = "not-found"
        case conflict
        case tooManyRequests = "too-many-requests"
        case payloadTooLarge = "payload-too-large"
        case unsupportedMedia = "unsupported-media"
        case notAcceptable = "not-acceptable"
        case methodNotAllowed = "method-not-allowed"
        case forbidden
        /// A moderator suspended the account: signing in is refused.
        case accountSuspended = "account-suspended"
        case emailNotConfirmed = "email-not-confirmed"
        case unavailable
        /// The request's head or body arrived too slowly (see `FrontServer`).
        case requestTimeout = "request-timeout"
        /// A service we depend on (a language model) failed or timed out; retrying may work.
        case upstream
        case internalError = "internal"
    }

    public struct FieldError: Error, Sendable, Equatable {
        public var field: String
        public var message: String
    }

    public var kind: Kind
    public var status: HTTPResponseStatus
    public var detail: String
    public var fieldErrors: [FieldError]
    public var headers: HTTPHeaders

    public init(_ kind: Kind, _ status: HTTPResponseStatus, _ detail: String, fieldErrors: [FieldError] = [], headers: HTTPHeaders = [:]) {
        self.kind = kind
        self.status = status
        self.detail = detail
        self.fieldErrors = fieldErrors
        self.headers = headers
    }

    public static let typeBaseURI = "https://kindred.app/problems/"
    public var typeURI: String { Self.typeBaseURI + kind.rawValue }

    // MARK: - The common cases

    public static func validation(_ fieldErrors: [FieldError]) -> AppError {
        let detail = fieldErrors.count == 1 ? fieldErrors[0].message : "Some fields need another look."
        return AppError(.validation, .unprocessableEntity, detail, fieldErrors: fieldErrors)
    }

    public static func validation(field: String, _ message: String) -> AppError {
        validation([FieldError(field: field, message: message)])
    }

    public static func malformed(_ detail: String) -> AppError {
        AppError(.malformedRequest, .badRequest, detail)
    }

    public static let unauthenticated = AppError(.unauthenticated, .unauthorized, "Sign in to continue.")

    public static func invalidToken(_ detail: String = "The token is invalid or has expired.") -> AppError {
        AppError(.invalidToken, .unauthorized, detail)
    }

    /// Also the answer for another user's private thing: its existence is not confirmed.
    public static func notFound(_ what: String) -> AppError {
        AppError(.notFound, .notFound, "No \(what) was found.")
    }

    public static let accountSuspended = AppError(.accountSuspended, .forbidden,
        "This account is suspended, so it can't sign in. Write to the people who run this Kindred if you think that is a mistake.")

    public static func conflict(field: String, _ message: String) -> AppError {
        AppError(.conflict, .conflict, message, fieldErrors: [FieldError(field: field, message: message)])
    }

    public static func tooManyRequests(retryAfter seconds: Int) -> AppError {
        AppError(.tooManyRequests, .tooManyRequests, "Too many attempts. Try again in \(spoken(seconds: seconds)).",
                 headers: ["Retry-After": String(seconds)])
    }

    /// A wait as people say it: "a few seconds", "about 15 minutes", not "896 seconds".
    static func spoken(seconds: Int) -> String {
        switch seconds {
        case ..<10: return "a few seconds"
        case ..<60: return "\(seconds) seconds"
        case ..<90: return "about a minute"
        case ..<3300:
            let minutes = Int((Double(seconds) / 60).rounded())
            return "about \(minutes) minutes"
        case ..<5400: return "about an hour"
        default: return "about \(Int((Double(seconds) / 3600).rounded())) hours"
        }
    }

    public static func payloadTooLarge(limit: Int) -> AppError {
        AppError(.payloadTooLarge, .payloadTooLarge, "The body is larger than the \(ByteCountFormatter.kindred(limit)) allowed here.")
    }
}

extension AppError.Kind {
    var title: String {
        switch self {
        case .validation: "Invalid input"
        case .malformedRequest: "Malformed request"
        case .unauthenticated: "Not signed in"
        case .invalidCredentials: "Wrong email or password"
        case .invalidToken: "Invalid token"
        case .invalidLink: "Invalid link"
        case .notFound: "Not found"
        case .conflict: "Conflict"
        case .tooManyRequests: "Too many requests"
        case .payloadTooLarge: "Too large"
        case .unsupportedMedia: "Unsupported media"
        case .notAcceptable: "Not acceptable"
        case .methodNotAllowed: "Method not allowed"
        case .forbidden: "Forbidden"
        case .accountSuspended: "Account suspended"
        case .emailNotConfirmed: "E-mail address not confirmed"
        case .unavailable: "Unavailable"
        case .requestTimeout: "Request too slow"
        case .upstream: "No answer from a service we rely on"
        case .internalError: "Something went wrong"
        }
    }
}

extension ByteCountFormatter {
    static func kindred(_ bytes: Int) -> String {
        guard bytes >= 1 << 20 else { return "\(bytes >> 10) KiB" }
        // 2.5 MiB is not "2 MiB": a client sizing its body by the message must get the real limit.
        return bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}

extension AppError {
    /// The one rendering of a problem: a response's body (`ProblemMiddleware`), an error inside a
    /// stream, and the front listener's own refusals.
    func problem(instance: String?, requestID: String?) -> Components.Schemas.Problem {
        Components.Schemas.Problem(
            _type: typeURI, title: kind.title, status: Int(status.code), detail: detail, instance: instance, requestId: requestID,
            errors: fieldErrors.isEmpty ? nil : fieldErrors.map { .init(field: $0.field, message: $0.message) })
    }
}
