import Foundation

/// Which language model answers chats, and how long to wait for it.
public struct LLMConfiguration: Sendable {
    public enum Provider: String, Sendable, CaseIterable {
        /// Answers from the intervention's own profile; needs nothing, so the app works out of the box.
        case offline
        /// Any OpenAI-compatible Chat Completions endpoint (OpenAI, Ollama, llama.cpp, vLLM, …).
        case openai
        /// Anthropic's Messages API.
        case anthropic
    }

    public var provider: Provider
    /// The API root, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1` (no trailing slash).
    public var baseURL: String
    public var apiKey: SecretString?
    public var model: String
    /// How long to wait for the first byte, and then between streamed chunks.
    public var timeout: TimeInterval
    public var maxTokens: Int

    public static let offline = LLMConfiguration(provider: .offline, baseURL: "", apiKey: nil, model: "", timeout: 30, maxTokens: 400)

    static func read(_ reader: inout EnvironmentReader) -> LLMConfiguration {
        let raw = reader.string("KINDRED_LLM_PROVIDER", default: "offline").lowercased()
        guard let provider = Provider(rawValue: raw) else {
            reader.problems.append("KINDRED_LLM_PROVIDER must be one of \(Provider.allCases.map(\.rawValue).joined(separator: ", ")); it is \"\(raw)\".")
            return .offline
        }
        let defaults: (url: String, model: String) = switch provider {
        case .offline: ("", "")
        case .openai: ("https://api.openai.com/v1", "gpt-4o-mini")
        case .anthropic: ("https://api.anthropic.com/v1", "claude-3-5-haiku-latest")
        }
        var baseURL = reader.string("KINDRED_LLM_BASE_URL", default: defaults.url)
        while baseURL.hasSuffix("/") { baseURL.removeLast() }
        if provider != .offline, !(baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://")) {
            reader.problems.append("KINDRED_LLM_BASE_URL must start with http:// or https://.")
        }
        let apiKey = reader.optionalString("KINDRED_LLM_API_KEY").map(SecretString.init)
        if provider == .anthropic, apiKey == nil {
            reader.problems.append("KINDRED_LLM_API_KEY is required for the anthropic provider.")
        }
        return LLMConfiguration(
            provider: provider,
            baseURL: baseURL,
            apiKey: apiKey,
            model: reader.string("KINDRED_LLM_MODEL", default: defaults.model),
            timeout: TimeInterval(reader.integer("KINDRED_LLM_TIMEOUT_SECONDS", default: 30, range: 1...600)),
            maxTokens: reader.integer("KINDRED_LLM_MAX_TOKENS", default: 400, range: 16...8192))
    }
}
