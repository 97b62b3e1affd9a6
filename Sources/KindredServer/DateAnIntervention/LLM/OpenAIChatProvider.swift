import Foundation
import Logging
import NIOHTTP1

/// Any OpenAI-compatible Chat Completions endpoint, streamed: OpenAI itself, and local servers
/// such as Ollama, llama.cpp or vLLM. The key is optional, since local servers need none.
struct OpenAIChatProvider: LLMProvider {
    let configuration: LLMConfiguration
    let client: LLMHTTPClient
    let logger: Logger

    var kind: LLMConfiguration.Provider { .openai }

    struct Body: Encodable, Sendable {
        struct Message: Encodable, Sendable { var role: String; var content: String }
        var model: String
        var messages: [Message]
        var stream = true
        var max_tokens: Int
    }

    private struct Chunk: Decodable {
        struct Choice: Decodable {
            struct Delta: Decodable { var content: String? }
            var delta: Delta?
            var finish_reason: String?
        }
        struct Failure: Decodable { var message: String? }
        var choices: [Choice]?
        var error: Failure?
    }

    static func body(for request: LLMRequest, model: String) -> Body {
        Body(model: model,
             messages: [.init(role: "system", content: request.system)] + request.messages.map { .init(role: $0.role.rawValue, content: $0.text) },
             max_tokens: request.maxTokens)
    }

    func reply(to request: LLMRequest) -> AsyncThrowingStream<String, any Error> {
        var headers = HTTPHeaders()
        if let key = configuration.apiKey { headers.add(name: "Authorization", value: "Bearer \(key.value)") }
        return client.reply(url: configuration.baseURL + "/chat/completions", headers: headers,
                            body: Self.body(for: request, model: configuration.model),
                            configuration: configuration, logger: logger, read: Self.read)
    }

    @Sendable static func read(_ data: String) throws -> LLMHTTPClient.Reading {
        // The stream's documented end; some compatible servers only send a finish_reason.
        if data.trimmingCharacters(in: .whitespaces) == "[DONE]" { return .init(finished: true) }
        guard let chunk = try? JSONDecoder().decode(Chunk.self, from: Data(data.utf8)) else { throw LLMError.malformed }
        if chunk.error != nil { throw LLMError.failedMidStream }
        let choices = chunk.choices ?? []
        return .init(text: choices.compactMap { $0.delta?.content }.joined(),
                     finished: choices.contains { $0.finish_reason != nil })
    }
}
