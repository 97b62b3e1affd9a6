import Foundation
import Logging
import NIOHTTP1

/// Anthropic's Messages API, streamed (`content_block_delta` events until `message_stop`).
struct AnthropicMessagesProvider: LLMProvider {
    static let apiVersion = "2023-06-01"

    let configuration: LLMConfiguration
    let client: LLMHTTPClient
    let logger: Logger

    var kind: LLMConfiguration.Provider { .anthropic }

    struct Body: Encodable, Sendable {
        struct Message: Encodable, Sendable { var role: String; var content: String }
        var model: String
        var max_tokens: Int
        var system: String
        var messages: [Message]
        var stream = true
    }

    private struct Event: Decodable {
        struct Delta: Decodable { var type: String?; var text: String? }
        var type: String
        var delta: Delta?
    }

    static func body(for request: LLMRequest, model: String) -> Body {
        Body(model: model, max_tokens: request.maxTokens, system: request.system,
             messages: request.messages.map { .init(role: $0.role.rawValue, content: $0.text) })
    }

    func reply(to request: LLMRequest) -> AsyncThrowingStream<String, any Error> {
        var headers = HTTPHeaders()
        headers.add(name: "x-api-key", value: configuration.apiKey?.value ?? "")
        headers.add(name: "anthropic-version", value: Self.apiVersion)
        return client.reply(url: configuration.baseURL + "/messages", headers: headers,
                            body: Self.body(for: request, model: configuration.model),
                            configuration: configuration, logger: logger, read: Self.read)
    }

    @Sendable static func read(_ data: String) throws -> LLMHTTPClient.Reading {
        guard let event = try? JSONDecoder().decode(Event.self, from: Data(data.utf8)) else { throw LLMError.malformed }
        switch event.type {
        case "content_block_delta":
            return .init(text: event.delta?.type == "text_delta" ? event.delta?.text : nil)
        case "message_stop":
            return .init(finished: true)
        case "error":
            throw LLMError.failedMidStream
        default:
            return .nothing  // message_start, content_block_start/stop, message_delta, ping
        }
    }
}
