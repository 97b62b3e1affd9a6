import Foundation
import KindredTestSupport
import Logging
import NIOPosix
import Testing
@testable import KindredServer

/// Both HTTP providers against local servers speaking each real wire protocol.
@Suite("Language-model providers")
struct LLMProviderTests {
    static let key = "sk-test-DO-NOT-LEAK-0123456789"

    static func request(_ text: String = "Hello?") throws -> LLMRequest {
        let profile = try #require(try InterventionCatalogueFile.bundled().interventions.first)
        return ChatPrompt.request(for: profile, messages: [.init(role: .user, text: text)], maxTokens: 64)
    }

    /// Runs `test` with a provider of `wire`'s kind pointed at a fresh mock.
    static func withProvider(_ wire: MockLLMServer.Wire, timeout: TimeInterval = 5,
                             _ test: (any LLMProvider, MockLLMServer) async throws -> Void) async throws {
        let mock = try await MockLLMServer.start(wire)
        let client = LLMHTTPClient.make(timeout: timeout, eventLoopGroup: MultiThreadedEventLoopGroup.singleton)
        let configuration = LLMConfiguration(provider: wire == .openAI ? .openai : .anthropic, baseURL: mock.baseURL,
                                             apiKey: SecretString(key), model: "mock-model", timeout: timeout, maxTokens: 64)
        do {
            try await test(configuration.makeProvider(client: client, logger: Logger(label: "test")), mock)
        } catch {
            try? await client.shutdown()
            try? await mock.shutdown()
            throw error
        }
        try await client.shutdown()
        try await mock.shutdown()
    }

    /// The pieces a provider streamed, and how it ended.
    static func collect(_ provider: any LLMProvider, _ request: LLMRequest) async -> (pieces: [String], failure: LLMError?) {
        var pieces: [String] = []
        do {
            for try await piece in provider.reply(to: request) { pieces.append(piece) }
            return (pieces, nil)
        } catch {
            return (pieces, error as? LLMError)
        }
    }

    @Test(arguments: [MockLLMServer.Wire.openAI, .anthropic])
    func streamsEveryPieceInOrder(_ wire: MockLLMServer.Wire) async throws {
        try await Self.withProvider(wire) { provider, mock in
            // setup
            mock.respond(with: .reply(["I reflect", " sunlight,", " ", "honestly.", " ✨ \"quoted\"\n"], pause: .milliseconds(5)))
            // act
            let (pieces, failure) = await Self.collect(provider, try Self.request())
            // validate
            #expect(failure == nil)
            #expect(pieces == ["I reflect", " sunlight,", " ", "honestly.", " ✨ \"quoted\"\n"])
        }
    }

    @Test func openAIGetsTheDocumentedRequest() async throws {
        try await Self.withProvider(.openAI) { provider, mock in
            _ = await Self.collect(provider, try Self.request("What are your risks?"))
            let sent = try #require(mock.received.first)
            #expect(sent.headers["authorization"] == "Bearer \(Self.key)")
            #expect(sent.json["model"] as? String == "mock-model")
            #expect(sent.json["stream"] as? Double == 1)
            #expect(sent.json["max_tokens"] as? Double == 64)
            let messages = try #require(sent.json["messages"] as? [any Sendable])
            let roles = messages.compactMap { ($0 as? [String: any Sendable])?["role"] as? String }
            #expect(roles == ["system", "user"])
            #expect((messages.last as? [String: any Sendable])?["content"] as? String == "What are your risks?")
        }
    }

    @Test func anthropicGetsTheDocumentedRequest() async throws {
        try await Self.withProvider(.anthropic) { provider, mock in
            _ = await Self.collect(provider, try Self.request("What are your risks?"))
            let sent = try #require(mock.received.first)
            #expect(sent.headers["x-api-key"] == Self.key)
            #expect(sent.headers["anthropic-version"] == "2023-06-01")
            #expect(sent.headers["authorization"] == nil)
            #expect((sent.json["system"] as? String)?.contains("Stay in character") == true)
            #expect(sent.json["stream"] as? Double == 1)
            let messages = try #require(sent.json["messages"] as? [any Sendable])
            #expect(messages.count == 1)
            #expect((messages.first as? [String: any Sendable])?["role"] as? String == "user")
        }
    }

    @Test(arguments: [MockLLMServer.Wire.openAI, .anthropic])
    func anErrorStatusIsRejectedWithoutItsText(_ wire: MockLLMServer.Wire) async throws {
        try await Self.withProvider(wire) { provider, mock in
            mock.respond(with: .fail(status: 401, message: "Incorrect API key provided: \(Self.key)"))
            let (pieces, failure) = await Self.collect(provider, try Self.request())
            #expect(pieces.isEmpty)
            #expect(failure == .rejected(status: 401))
            // What a client could ever see of it names neither the key nor the provider's words.
            let shown = try #require(failure).appError(name: "Biochar")
            #expect(!shown.detail.contains(Self.key) && !shown.detail.contains("Incorrect"))
            #expect(shown.status == .badGateway)

            mock.respond(with: .fail(status: 429, message: "Rate limit reached"))
            #expect(await Self.collect(provider, try Self.request()).failure == .rejected(status: 429))
        }
    }

    @Test(arguments: [MockLLMServer.Wire.openAI, .anthropic])
    func silenceBeforeTheAnswerTimesOut(_ wire: MockLLMServer.Wire) async throws {
        // Seconds, not fractions: the whole suite runs in parallel on two cores, and the mock's
        // first bytes must not look like silence.
        try await Self.withProvider(wire, timeout: 3) { provider, mock in
            mock.respond(with: .stallBeforeHeaders(.seconds(9)))
            let (pieces, failure) = await Self.collect(provider, try Self.request())
            #expect(pieces.isEmpty)
            // After its stall the mock answers in full, so `.timedOut` alone shows the timeout ended
            // the wait (a wall-clock bound would only measure how loaded the machine was).
            #expect(failure == .timedOut)
        }
    }

    @Test(arguments: [MockLLMServer.Wire.openAI, .anthropic])
    func silenceMidStreamTimesOutAfterWhatArrived(_ wire: MockLLMServer.Wire) async throws {
        try await Self.withProvider(wire, timeout: 3) { provider, mock in
            mock.respond(with: .stallAfter(["Half a"], .seconds(9)))
            let (pieces, failure) = await Self.collect(provider, try Self.request())
            #expect(pieces == ["Half a"])
            #expect(failure == .timedOut)
        }
    }

    @Test(arguments: [MockLLMServer.Wire.openAI, .anthropic])
    func aStreamEndingWithoutItsEndMarkerIsInterrupted(_ wire: MockLLMServer.Wire) async throws {
        try await Self.withProvider(wire) { provider, mock in
            mock.respond(with: .endEarly(["Cut", " off"]))
            let (pieces, failure) = await Self.collect(provider, try Self.request())
            #expect(pieces == ["Cut", " off"])
            #expect(failure == .interrupted)
        }
    }

    @Test(arguments: [MockLLMServer.Wire.openAI, .anthropic])
    func aDroppedConnectionIsInterrupted(_ wire: MockLLMServer.Wire) async throws {
        try await Self.withProvider(wire) { provider, mock in
            mock.respond(with: .dropAfter(["Gone"]))
            let (pieces, failure) = await Self.collect(provider, try Self.request())
            // What was sent before the drop may or may not be flushed first; nothing else may appear.
            #expect(["Gone"].starts(with: pieces))
            #expect(failure == .interrupted)
        }
    }

    @Test(arguments: [MockLLMServer.Wire.openAI, .anthropic])
    func anErrorInsideTheStreamFails(_ wire: MockLLMServer.Wire) async throws {
        try await Self.withProvider(wire) { provider, mock in
            mock.respond(with: .errorAfter(["Start"]))
            let (pieces, failure) = await Self.collect(provider, try Self.request())
            #expect(pieces == ["Start"])
            #expect(failure == .failedMidStream)
        }
    }

    @Test func anUnreachableProviderSaysSo() async throws {
        let client = LLMHTTPClient.make(timeout: 2, eventLoopGroup: MultiThreadedEventLoopGroup.singleton)
        // A port that was free a moment ago: nothing listens there.
        let configuration = LLMConfiguration(provider: .openai, baseURL: "http://127.0.0.1:9/v1", apiKey: nil,
                                             model: "m", timeout: 2, maxTokens: 16)
        let provider = configuration.makeProvider(client: client, logger: Logger(label: "test"))
        let (pieces, failure) = await Self.collect(provider, try Self.request())
        try await client.shutdown()
        #expect(pieces.isEmpty)
        #expect(failure == .unreachable)
    }
}
