import Foundation
import NIOConcurrencyHelpers
import Vapor

/// A local stand-in for a language-model provider that speaks its real wire protocol: OpenAI's
/// Chat Completions stream (`data:` chunks, then `data: [DONE]`) or Anthropic's Messages stream
/// (`message_start` … `content_block_delta` … `message_stop`), with each one's error bodies.
/// Tests script what it does next and read back what it was sent.
public final class MockLLMServer: Sendable {
    public enum Wire: Sendable { case openAI, anthropic }

    public enum Behaviour: Sendable {
        /// Streams these pieces, then the protocol's end marker.
        case reply([String], pause: Duration = .zero)
        /// Answers with an error status and the provider's error body carrying `message`.
        case fail(status: Int, message: String)
        /// Sends nothing at all for this long.
        case stallBeforeHeaders(Duration)
        /// Streams these pieces, then goes quiet for this long.
        case stallAfter([String], Duration)
        /// Streams these pieces and ends the body cleanly, but without the end marker.
        case endEarly([String])
        /// Streams these pieces, then drops the connection mid-body.
        case dropAfter([String])
        /// Streams these pieces, then reports an error inside the stream.
        case errorAfter([String])
    }

    public struct Received: Sendable {
        public var headers: [String: String]
        public var json: [String: any Sendable]
    }

    public let wire: Wire
    private let app: Application
    private let state = NIOLockedValueBox<(behaviour: Behaviour, received: [Received])>((.reply(["Hello", " there."]), []))

    public var baseURL: String {
        "http://127.0.0.1:\(app.http.server.shared.localAddress?.port ?? 0)/v1"
    }

    public var received: [Received] { state.withLockedValue { $0.received } }

    public func respond(with behaviour: Behaviour) {
        state.withLockedValue { $0.behaviour = behaviour }
    }

    private init(wire: Wire, app: Application) {
        self.wire = wire
        self.app = app
    }

    public static func start(_ wire: Wire) async throws -> MockLLMServer {
        let app = try await Application.make(.testing)
        app.logger.logLevel = .critical
        let server = MockLLMServer(wire: wire, app: app)
        let path: [PathComponent] = wire == .openAI ? ["v1", "chat", "completions"] : ["v1", "messages"]
        app.on(.POST, path, body: .collect(maxSize: "1mb")) { request in try await server.handle(request) }
        do {
            try await app.asyncBoot()
            app.http.server.configuration.port = 0
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        } catch {
            try? await app.shutDownServing()
            throw error
        }
        return server
    }

    public func shutdown() async throws {
        try await app.shutDownServing()
    }

    private func handle(_ request: Request) async throws -> Response {
        let json = (try? JSONSerialization.jsonObject(with: Data(buffer: request.body.data ?? ByteBuffer()))) as? [String: Any] ?? [:]
        let headers = Dictionary(request.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        let behaviour = state.withLockedValue { state in
            state.received.append(Received(headers: headers, json: json.mapValues { Self.sendable($0) }))
            return state.behaviour
        }
        let frames = Frames(wire: wire)
        switch behaviour {
        case .fail(let status, let message):
            return Response(status: HTTPResponseStatus(statusCode: status), headers: ["Content-Type": "application/json"],
                            body: .init(string: frames.errorBody(status: status, message: message)))
        case .stallBeforeHeaders(let duration):
            try await Task.sleep(for: duration)
            return stream { _ in }
        case .reply(let pieces, let pause):
            return stream { writer in
                try await frames.opening(writer)
                for piece in pieces {
                    if pause > .zero { try await Task.sleep(for: pause) }
                    try await writer.write(.buffer(ByteBuffer(string: frames.delta(piece))))
                }
                try await writer.write(.buffer(ByteBuffer(string: frames.closing)))
            }
        case .stallAfter(let pieces, let duration):
            return stream { writer in
                try await frames.opening(writer, pieces: pieces)
                try await Task.sleep(for: duration)
            }
        case .endEarly(let pieces):
            return stream { writer in try await frames.opening(writer, pieces: pieces) }
        case .dropAfter(let pieces):
            return stream { writer in
                try await frames.opening(writer, pieces: pieces)
                throw Abort(.internalServerError, reason: "dropped on purpose")
            }
        case .errorAfter(let pieces):
            return stream { writer in
                try await frames.opening(writer, pieces: pieces)
                try await writer.write(.buffer(ByteBuffer(string: frames.streamError)))
            }
        }
    }

    private func stream(_ body: @escaping @Sendable (any AsyncBodyStreamWriter) async throws -> Void) -> Response {
        Response(status: .ok, headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"],
                 body: .init(asyncStream: { writer in
                     do {
                         try await body(writer)
                         try await writer.write(.end)
                     } catch {
                         try await writer.write(.error(error))
                     }
                 }))
    }

    private static func sendable(_ value: Any) -> any Sendable {
        switch value {
        case let value as String: value
        case let value as NSNumber: value.doubleValue
        case let value as [Any]: value.map(sendable)
        case let value as [String: Any]: value.mapValues(sendable)
        default: String(describing: value)
        }
    }
}

/// Each provider's stream framing, as its documentation shows it.
private struct Frames {
    let wire: MockLLMServer.Wire

    func opening(_ writer: any AsyncBodyStreamWriter, pieces: [String] = []) async throws {
        let start = switch wire {
        case .openAI:
            chunk(#"{"role":"assistant","content":""}"#, finish: nil)
        case .anthropic:
            event("message_start", #"{"type":"message_start","message":{"id":"msg_mock","type":"message","role":"assistant","content":[],"model":"mock","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":25,"output_tokens":1}}}"#)
                + event("content_block_start", #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#)
                + event("ping", #"{"type": "ping"}"#)
        }
        try await writer.write(.buffer(ByteBuffer(string: start)))
        for piece in pieces { try await writer.write(.buffer(ByteBuffer(string: delta(piece)))) }
    }

    func delta(_ text: String) -> String {
        let quoted = String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
        return switch wire {
        case .openAI: chunk(#"{"content":\#(quoted)}"#, finish: nil)
        case .anthropic: event("content_block_delta", #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":\#(quoted)}}"#)
        }
    }

    var closing: String {
        switch wire {
        case .openAI:
            chunk("{}", finish: "stop") + "data: [DONE]\n\n"
        case .anthropic:
            event("content_block_stop", #"{"type":"content_block_stop","index":0}"#)
                + event("message_delta", #"{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":15}}"#)
                + event("message_stop", #"{"type":"message_stop"}"#)
        }
    }

    var streamError: String {
        switch wire {
        case .openAI: #"data: {"error":{"message":"The server had an error while processing your request.","type":"server_error","param":null,"code":null}}"# + "\n\n"
        case .anthropic: event("error", #"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#)
        }
    }

    func errorBody(status: Int, message: String) -> String {
        let quoted = String(decoding: try! JSONEncoder().encode(message), as: UTF8.self)
        return switch wire {
        case .openAI: #"{"error":{"message":\#(quoted),"type":"invalid_request_error","param":null,"code":"\#(status == 401 ? "invalid_api_key" : "error")"}}"#
        case .anthropic: #"{"type":"error","error":{"type":"\#(status == 401 ? "authentication_error" : "overloaded_error")","message":\#(quoted)}}"#
        }
    }

    private func chunk(_ delta: String, finish: String?) -> String {
        let reason = finish.map { "\"\($0)\"" } ?? "null"
        return #"data: {"id":"chatcmpl-mock","object":"chat.completion.chunk","created":1700000000,"model":"mock-model","choices":[{"index":0,"delta":\#(delta),"finish_reason":\#(reason)}]}"# + "\n\n"
    }

    private func event(_ name: String, _ data: String) -> String {
        "event: \(name)\ndata: \(data)\n\n"
    }
}
