import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import OpenAPIRuntime

/// Posts a JSON request to a provider and reads its Server-Sent Events, with the configured
/// timeout applied to the first byte and to every gap between chunks. SSE framing is parsed by
/// OpenAPIRuntime's decoder, the same one the SDK uses for our own stream.
struct LLMHTTPClient: Sendable {
    let client: HTTPClient

    /// A client of its own: its read timeout is the provider timeout, which must also cover the
    /// quiet gaps inside a streamed body (a request deadline stops counting once headers arrive).
    static func make(timeout: TimeInterval, eventLoopGroup: any EventLoopGroup) -> LLMHTTPClient {
        let amount = TimeAmount.milliseconds(Int64(timeout * 1000))
        var configuration = HTTPClient.Configuration(timeout: .init(connect: amount, read: amount))
        configuration.decompression = .disabled
        return LLMHTTPClient(client: HTTPClient(eventLoopGroupProvider: .shared(eventLoopGroup), configuration: configuration))
    }

    func shutdown() async throws {
        try await client.shutdown()
    }

    /// The response's events. Error statuses become `LLMError.rejected`; the provider's own error
    /// text is logged (with the key masked) and goes no further.
    func events(
        url: String, headers: HTTPHeaders, body: some Encodable & Sendable, timeout: TimeInterval,
        secret: SecretString?, logger: Logger
    ) async throws -> ServerSentEventsDeserializationSequence<ServerSentEventsLineDeserializationSequence<AsyncMapSequence<HTTPClientResponse.Body, ArraySlice<UInt8>>>> {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers = headers
        request.headers.replaceOrAdd(name: "Content-Type", value: "application/json")
        request.headers.replaceOrAdd(name: "Accept", value: "text/event-stream")
        request.body = .bytes(ByteBuffer(data: try JSONEncoder().encode(body)))
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1000)), logger: logger)
        } catch {
            // Before any response, a dropped or refused connection means the provider is unreachable.
            let failure = Self.map(error)
            throw failure == .interrupted ? LLMError.unreachable : failure
        }
        guard (200..<300).contains(response.status.code) else {
            let text = (try? await response.body.collect(upTo: 64 * 1024)).map { String(buffer: $0) } ?? ""
            logger.warning("The language model answered \(response.status.code): \(Self.masked(text, secret: secret).prefix(500))")
            throw LLMError.rejected(status: Int(response.status.code))
        }
        // Body errors surface through `reply`, which maps them like every other failure.
        return response.body.map { ArraySlice($0.readableBytesView) }.asDecodedServerSentEvents()
    }

    /// What one provider event means: text to pass on, and whether the reply is complete.
    struct Reading: Sendable {
        var text: String?
        var finished = false
        static let nothing = Reading()
    }

    /// Streams a provider's reply: posts `body`, reads each event with `read`, and fails with
    /// `interrupted` if the stream ends before an event said the reply was complete.
    func reply(
        url: String, headers: HTTPHeaders, body: some Encodable & Sendable, configuration: LLMConfiguration,
        logger: Logger, read: @escaping @Sendable (String) throws -> Reading
    ) -> AsyncThrowingStream<String, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let events = try await events(url: url, headers: headers, body: body, timeout: configuration.timeout,
                                                  secret: configuration.apiKey, logger: logger)
                    var finished = false
                    for try await event in events {
                        guard let data = event.data else { continue }
                        let reading = try read(data)
                        if let text = reading.text, !text.isEmpty { continuation.yield(text) }
                        if reading.finished { finished = true; break }
                    }
                    guard finished else { throw LLMError.interrupted }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: Self.map(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    static func map(_ error: any Error) -> LLMError {
        if let error = error as? LLMError { return error }
        if let error = error as? HTTPClientError {
            if error == .readTimeout || error == .deadlineExceeded || error == .connectTimeout { return .timedOut }
            if error == .remoteConnectionClosed || error == .bodyLengthMismatch { return .interrupted }
        }
        return .interrupted
    }

    static func masked(_ text: String, secret: SecretString?) -> String {
        guard let secret, !secret.value.isEmpty else { return text }
        return text.replacingOccurrences(of: secret.value, with: "[redacted]")
    }
}
