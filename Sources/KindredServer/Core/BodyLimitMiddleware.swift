import HTTPTypes
import OpenAPIRuntime

/// Caps request bodies per operation while they stream in, so an oversized body is refused with
/// 413 before it is held in memory. JSON bodies are small; uploads have their own limit.
struct BodyLimitMiddleware: ServerMiddleware {
    static let jsonLimit = 64 << 10

    static func limit(for operationID: String) -> Int {
        operationID == "uploadMedia" ? MediaService.uploadLimit : KindredApps.operations[operationID]?.bodyLimit ?? jsonLimit
    }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try Self.requireAcceptable(request, operationID: operationID)
        guard let body else { return try await next(request, nil, metadata) }
        let limit = Self.limit(for: operationID)
        if case .known(let length) = body.length, length > limit { throw AppError.payloadTooLarge(limit: limit) }
        let limited = HTTPBody(LimitedSequence(base: body, limit: limit), length: body.length, iterationBehavior: .single)
        return try await next(request, limited, metadata)
    }
}

extension BodyLimitMiddleware {
    /// What an operation answers besides JSON and problems, as its app's policy says.
    static let otherTypes: [String: [String]] = KindredApps.operations.mapValues(\.answers)

    /// The generated server checks `Accept` only after the handler has acted; checking first
    /// means a client that cannot read the answer changes nothing.
    static func requireAcceptable(_ request: HTTPRequest, operationID: String) throws {
        guard let accept = request.headerFields[.accept], !accept.isEmpty else { return }
        let types = ["*/*", "application/*", "application/json", "application/problem+json"] + (otherTypes[operationID] ?? [])
        let acceptable = accept.split(separator: ",").contains { range in
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first, types.contains(type) else { return false }
            return !parts.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "") == "q=0" }
        }
        if !acceptable {
            let answer = ((otherTypes[operationID] ?? []).first.map { "`\($0)` or " } ?? "") + "`application/json`"
            throw AppError(.notAcceptable, .notAcceptable, "This operation answers in \(answer); send an Accept it includes, or leave Accept out.")
        }
    }
}

private struct LimitedSequence: AsyncSequence, Sendable {
    typealias Element = HTTPBody.ByteChunk
    let base: HTTPBody
    let limit: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: HTTPBody.AsyncIterator
        let limit: Int
        var seen = 0

        mutating func next() async throws -> HTTPBody.ByteChunk? {
            guard let chunk = try await base.next() else { return nil }
            seen += chunk.count
            if seen > limit { throw AppError.payloadTooLarge(limit: limit) }
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), limit: limit)
    }
}
