import Crypto
import Fluent
import Vapor

/// Makes a POST safe to retry: the first response to a signed-in user's `Idempotency-Key` is
/// stored for 24 hours and replayed for repeats, without running the handler again.
struct IdempotencyMiddleware: AsyncMiddleware {
    static let header: HTTPHeaders.Name = "Idempotency-Key"
    static let retention: TimeInterval = 24 * 3600
    /// The foundation's own operations that are never stored: a ticket is a secret kept only as
    /// a hash, and storing its response would keep it in clear. Apps say so in their policies.
    static let foundationNeverReplayed: Set<String> = ["createRealtimeTicket"]

    static func replays(_ operationID: String) -> Bool {
        !foundationNeverReplayed.contains(operationID) && KindredApps.operations[operationID]?.replaysIdempotently != false
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.method == .POST, let key = request.headers.first(name: Self.header) else {
            return try await next.respond(to: request)
        }
        guard (1...255).contains(key.count), key.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw AppError.malformed("The Idempotency-Key header must be 1 to 255 visible ASCII characters.")
        }
        // Anonymous POSTs (sign-up, sign-in) are not replayed: a replay would hand a session to
        // whoever repeats the key.
        guard let caller = try await Caller.optional(request) else { return try await next.respond(to: request) }
        // Outside the contract (no operation), or an answer that is never stored: nothing to keep.
        guard let operation = request.kindred.contract.operation(method: "POST", path: request.url.path),
              Self.replays(operation.id)
        else { return try await next.respond(to: request) }

        let limit = BodyLimitMiddleware.limit(for: operation.id)
        // Vapor's own `collect(max:)` keeps the bytes on the request, so the handler reads them
        // again. Draining the body as an async sequence instead (NIO's `collect(upTo:)`) leaves the
        // handler a spent stream whenever the body arrives in more than one read (any real photo,
        // any long message), and it waits for bytes that never come.
        let body = try await Self.collect(request, upTo: limit)
        var hasher = SHA256()
        hasher.update(data: Array((request.method.rawValue + " " + request.url.string + "\n").utf8))
        if let body { hasher.update(data: body.readableBytesView) }
        let fingerprint = Array(hasher.finalize()).hexString
        let now = request.kindred.now
        let records = IdempotencyRecord.query(on: request.db).filter(\.$user.$id == caller.userID).filter(\.$key == key)
        if let existing = try await records.first() {
            if existing.createdAt < now.addingTimeInterval(-Self.retention) {
                try await existing.delete(on: request.db)
            } else {
                return try replay(existing, fingerprint: fingerprint)
            }
        }
        let record = IdempotencyRecord(userID: caller.userID, key: key, fingerprint: fingerprint, createdAt: now)
        do {
            try await record.create(on: request.db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Self.inProgress
        }

        let response: Response
        do {
            response = try await next.respond(to: request)
        } catch {
            // A failed attempt is not remembered, so the client may retry with the same key.
            await forget(record, request: request)
            throw error
        }
        // Server failures and auth failures are not final answers: the client retries them.
        guard response.status.code < 500, response.status != .unauthorized else {
            await forget(record, request: request)
            return response
        }
        // An answer of unknown length that no policy announced cannot be kept whole without
        // holding the stream back: it goes out live, unremembered.
        guard response.body.count >= 0 else {
            request.logger.warning("\(operation.id) streamed an answer; mark it replaysIdempotently: false")
            await forget(record, request: request)
            return response
        }
        let collected = try await response.body.collect(on: request.eventLoop).get()
        record.status = Int(response.status.code)
        record.contentType = response.headers.first(name: .contentType)
        record.body = collected.map { Data(buffer: $0) } ?? Data()
        try await record.save(on: request.db)
        response.body = collected.map { .init(buffer: $0) } ?? .empty
        return response
    }

    private static func collect(_ request: Request, upTo limit: Int) async throws -> ByteBuffer? {
        if let length = request.headers.first(name: .contentLength).flatMap(Int.init), length > limit {
            throw AppError.payloadTooLarge(limit: limit)
        }
        do {
            return try await request.body.collect(max: limit).get()
        } catch let abort as Abort where abort.status == .payloadTooLarge {
            throw AppError.payloadTooLarge(limit: limit)
        }
    }

    /// Drops the pending record; if that fails, the key answers 409 until it expires, so say so.
    private func forget(_ record: IdempotencyRecord, request: Request) async {
        do { try await record.delete(on: request.db) } catch {
            request.logger.warning("Could not release an Idempotency-Key after a failed request: \(error)")
        }
    }

    private func replay(_ record: IdempotencyRecord, fingerprint: String) throws -> Response {
        guard record.fingerprint == fingerprint else {
            throw AppError(.validation, .unprocessableEntity, "This Idempotency-Key was already used for a different request.")
        }
        guard let status = record.status else { throw Self.inProgress }
        var headers: HTTPHeaders = ["Idempotent-Replayed": "true"]
        if let contentType = record.contentType { headers.contentType = HTTPMediaType(string: contentType) }
        return Response(status: HTTPResponseStatus(statusCode: status), headers: headers, body: .init(data: record.body ?? Data()))
    }

    private static let inProgress = AppError(.conflict, .conflict, "A request with this Idempotency-Key is still being handled. Retry shortly.")
}

extension HTTPMediaType {
    init?(string: String) {
        let parts = string.split(separator: ";", maxSplits: 1).first?.split(separator: "/") ?? []
        guard parts.count == 2 else { return nil }
        self.init(type: String(parts[0]).trimmingCharacters(in: .whitespaces), subType: String(parts[1]).trimmingCharacters(in: .whitespaces))
    }
}
