import Foundation
import Logging

/// One turn of a conversation, as a language model sees it.
struct LLMMessage: Sendable, Equatable {
    enum Role: String, Sendable { case user, assistant }
    var role: Role
    var text: String
}

/// What to ask: the character's instructions and the recent conversation, ending with a user turn.
struct LLMRequest: Sendable {
    var system: String
    var messages: [LLMMessage]
    var maxTokens: Int
    /// The offline provider answers from the profile itself instead of from the instructions.
    var intervention: InterventionProfile
}

/// A source of in-character replies. Each configured provider (OpenAI-compatible, Anthropic,
/// offline) streams the reply's text in pieces as they arrive and fails with an `LLMError`.
protocol LLMProvider: Sendable {
    var kind: LLMConfiguration.Provider { get }
    func reply(to request: LLMRequest) -> AsyncThrowingStream<String, any Error>
}

/// Why a provider gave no (complete) reply. Deliberately carries no text from the provider:
/// error bodies can echo request details, and none of that may reach a client.
enum LLMError: Error, Equatable {
    /// The provider answered with an error status (bad key, overloaded, rate-limited…).
    case rejected(status: Int)
    /// An error reported inside the stream.
    case failedMidStream
    /// Nothing arrived for longer than the configured timeout.
    case timedOut
    /// The stream ended before the provider said it was finished.
    case interrupted
    /// The connection could not be made.
    case unreachable
    /// The provider sent something that is not its documented format.
    case malformed
    /// The provider finished without saying anything.
    case empty

    /// What the person is told. The character's name makes it read as the app, not a stack trace.
    func appError(name: String) -> AppError {
        switch self {
        case .timedOut:
            AppError(.upstream, .gatewayTimeout, "\(name) took too long to answer. Your message is saved; try again.")
        case .rejected(let status) where status == 429:
            AppError(.upstream, .badGateway, "\(name) is getting a lot of messages right now. Your message is saved; try again in a moment.")
        default:
            AppError(.upstream, .badGateway, "\(name) couldn't answer just now. Your message is saved; try again.")
        }
    }
}

extension LLMConfiguration {
    /// The provider this configuration names. HTTP providers share `client`.
    func makeProvider(client: LLMHTTPClient, logger: Logger) -> any LLMProvider {
        switch provider {
        case .offline: OfflineProvider()
        case .openai: OpenAIChatProvider(configuration: self, client: client, logger: logger)
        case .anthropic: AnthropicMessagesProvider(configuration: self, client: client, logger: logger)
        }
    }
}
