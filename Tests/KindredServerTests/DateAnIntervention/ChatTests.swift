import KindredAPI
import Foundation
import KindredTestSupport
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

/// Chat over HTTP: the stream's events, what is saved when, failures, retries, limits and secrets.
@Suite("Date An Intervention chat")
struct ChatTests {
    static let key = "sk-live-SECRET-never-shown-4242"

    /// The parsed Server-Sent Events of a collected response: (event, data JSON).
    static func events(_ response: TestingHTTPResponse) -> [(name: String, data: [String: Any])] {
        response.body.string.components(separatedBy: "\n\n").compactMap { block in
            var name = "message", data = ""
            for line in block.split(separator: "\n") {
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data += line.dropFirst(6) }
            }
            guard !data.isEmpty, let json = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any] else { return nil }
            return (name, json)
        }
    }

    /// A Kindred whose chats go to a mock OpenAI-compatible provider, and a user matched with `id`.
    static func withMockProvider(
        timeout: TimeInterval = 5, perMinute: Int = 20,
        _ test: (TestKindred, MockLLMServer, TestUser, String) async throws -> Void
    ) async throws {
        let mock = try await MockLLMServer.start(.openAI)
        do {
            try await withKindred(adjust: {
                $0.dateAnIntervention.llm = LLMConfiguration(provider: .openai, baseURL: mock.baseURL, apiKey: SecretString(key), model: "mock",
                                          timeout: timeout, maxTokens: 100)
                $0.dateAnIntervention.chatMessagesPerMinute = perMinute
            }) { kindred in
                let user = try await kindred.signUp()
                let id = "biochar"
                let swipe = try await kindred.send(.POST, "/date-an-intervention/swipes", token: user.accessToken,
                                                   json: ["interventionId": id, "direction": "like"])
                #expect(swipe.status == .created)
                try await test(kindred, mock, user, id)
            }
        } catch {
            try? await mock.shutdown()
            throw error
        }
        try await mock.shutdown()
    }

    static func send(_ kindred: TestKindred, _ user: TestUser, _ id: String, _ text: String, clientMessageId: String? = nil) async throws -> TestingHTTPResponse {
        var body = ["text": text]
        body["clientMessageId"] = clientMessageId
        return try await kindred.send(.POST, "/date-an-intervention/chats/\(id)/messages", token: user.accessToken, json: body)
    }

    static func chat(_ kindred: TestKindred, _ user: TestUser, _ id: String) async throws -> Components.Schemas.InterventionChat {
        try await kindred.send(.GET, "/date-an-intervention/chats/\(id)", token: user.accessToken).decode(Components.Schemas.InterventionChat.self)
    }

    @Test func theReplyStreamsAndBothMessagesAreSaved() async throws {
        try await Self.withMockProvider { kindred, mock, user, id in
            mock.respond(with: .reply(["Hi,", " I'm", " Biochar."]))
            let response = try await Self.send(kindred, user, id, "Hello there")
            #expect(response.status == .ok)
            #expect(response.headers.contentType?.description.hasPrefix("text/event-stream") == true)
            let events = Self.events(response)
            #expect(events.map(\.name) == ["message", "delta", "delta", "delta", "reply"])
            #expect(events.filter { $0.name == "delta" }.compactMap { $0.data["text"] as? String } == ["Hi,", " I'm", " Biochar."])
            #expect(events.allSatisfy { $0.data["type"] as? String == $0.name })
            #expect((events.last?.data["message"] as? [String: Any])?["text"] as? String == "Hi, I'm Biochar.")

            let chat = try await Self.chat(kindred, user, id)
            #expect(chat.messages.map(\.role) == [.user, .assistant])
            #expect(chat.messages.map(\.text) == ["Hello there", "Hi, I'm Biochar."])
            #expect(chat.messages.last?.offline == false && chat.provider.kind == .openai && !chat.provider.offline)
            #expect(!chat.awaitingReply)
            // The model saw the character's instructions and the message.
            let sent = try #require(mock.received.last?.json["messages"] as? [any Sendable])
            #expect(((sent.first as? [String: any Sendable])?["content"] as? String)?.contains("You are Biochar") == true)
        }
    }

    @Test func aFailedModelKeepsTheMessageAndRetryAnswersIt() async throws {
        try await Self.withMockProvider { kindred, mock, user, id in
            mock.respond(with: .fail(status: 500, message: "boom"))
            let failed = Self.events(try await Self.send(kindred, user, id, "Are you permanent?"))
            #expect(failed.map(\.name) == ["message", "error"])
            let problem = try #require(failed.last?.data["problem"] as? [String: Any])
            #expect(problem["status"] as? Int == 502)
            #expect((problem["type"] as? String)?.hasSuffix("/upstream") == true)
            #expect((problem["detail"] as? String)?.contains("Your message is saved") == true)
            var chat = try await Self.chat(kindred, user, id)
            #expect(chat.messages.map(\.text) == ["Are you permanent?"] && chat.awaitingReply)

            mock.respond(with: .reply(["Mostly,", " for centuries."]))
            let retried = try await kindred.send(.POST, "/date-an-intervention/chats/\(id)/retry", token: user.accessToken)
            #expect(Self.events(retried).map(\.name) == ["delta", "delta", "reply"])
            chat = try await Self.chat(kindred, user, id)
            #expect(chat.messages.map(\.text) == ["Are you permanent?", "Mostly, for centuries."] && !chat.awaitingReply)
            // The question the model saw on the retry is the saved one.
            let sent = try #require(mock.received.last?.json["messages"] as? [any Sendable])
            #expect((sent.last as? [String: any Sendable])?["content"] as? String == "Are you permanent?")

            let nothingToRetry = try await kindred.send(.POST, "/date-an-intervention/chats/\(id)/retry", token: user.accessToken)
            #expect(nothingToRetry.status == .conflict)
        }
    }

    @Test func aSilentModelTimesOutWithA504() async throws {
        try await Self.withMockProvider(timeout: 0.5) { kindred, mock, user, id in
            mock.respond(with: .stallBeforeHeaders(.seconds(3)))
            let events = Self.events(try await Self.send(kindred, user, id, "Hello?"))
            #expect(events.map(\.name) == ["message", "error"])
            #expect((events.last?.data["problem"] as? [String: Any])?["status"] as? Int == 504)
            #expect(try await Self.chat(kindred, user, id).awaitingReply)
        }
    }

    @Test func aCutStreamSavesNoHalfReply() async throws {
        try await Self.withMockProvider { kindred, mock, user, id in
            mock.respond(with: .dropAfter(["I am half"]))
            let events = Self.events(try await Self.send(kindred, user, id, "Tell me everything"))
            // The piece sent before the drop may or may not be flushed first.
            #expect([["message", "delta", "error"], ["message", "error"]].contains(events.map(\.name)))
            #expect(try await Self.chat(kindred, user, id).messages.count == 1)
        }
    }

    @Test func theKeyNeverReachesAClient() async throws {
        try await Self.withMockProvider { kindred, mock, user, id in
            // The provider's error body echoes the key, as real ones partly do.
            mock.respond(with: .fail(status: 401, message: "Incorrect API key provided: \(Self.key)"))
            var responses = [try await Self.send(kindred, user, id, "hello")]
            responses.append(try await kindred.send(.POST, "/date-an-intervention/chats/\(id)/retry", token: user.accessToken))
            for path in ["/date-an-intervention/chats/\(id)", "/date-an-intervention/matches", "/date-an-intervention/deck",
                         "/date-an-intervention/interventions/\(id)", "/date-an-intervention/stats", "/health", "/me"] {
                responses.append(try await kindred.send(.GET, path, token: user.accessToken))
            }
            #expect(mock.received.first?.headers["authorization"] == "Bearer \(Self.key)", "the key does go to the provider")
            for response in responses {
                let everything = response.headers.map { "\($0.name): \($0.value)" }.joined() + response.body.string
                #expect(!everything.contains(Self.key))
                #expect(!everything.contains("Incorrect API key"))
            }
            #expect(!"\(kindred.configuration)".contains(Self.key), "a printed configuration redacts it")
        }
    }

    @Test func messagesAreRateLimitedPerPerson() async throws {
        try await Self.withMockProvider(perMinute: 2) { kindred, mock, user, id in
            mock.respond(with: .reply(["ok"]))
            for text in ["one", "two"] { #expect(try await Self.send(kindred, user, id, text).status == .ok) }
            let limited = try await Self.send(kindred, user, id, "three")
            #expect(limited.status == .tooManyRequests)
            #expect(Int(limited.headers.first(name: "Retry-After") ?? "") ?? 0 > 0)
            #expect(try await Self.chat(kindred, user, id).messages.count == 4, "the refused message is not saved")
            // Someone else is not limited by my messages.
            let other = try await kindred.signUp()
            _ = try await kindred.send(.POST, "/date-an-intervention/swipes", token: other.accessToken, json: ["interventionId": id, "direction": "like"])
            #expect(try await Self.send(kindred, other, id, "hi").status == .ok)
            kindred.clock.advance(by: 61)
            #expect(try await Self.send(kindred, user, id, "three again").status == .ok)
        }
    }

    @Test func aResentMessageIsNotSavedTwice() async throws {
        try await Self.withMockProvider { kindred, mock, user, id in
            mock.respond(with: .reply(["First answer."]))
            _ = try await Self.send(kindred, user, id, "Only once", clientMessageId: "c-1")
            mock.respond(with: .reply(["A different answer."]))
            let again = Self.events(try await Self.send(kindred, user, id, "Only once", clientMessageId: "c-1"))
            #expect(again.map(\.name) == ["message", "delta", "reply"])
            #expect(again[1].data["text"] as? String == "First answer.")
            #expect(try await Self.chat(kindred, user, id).messages.map(\.text) == ["Only once", "First answer."])
            #expect(mock.received.count == 1, "the model was asked once")
        }
    }

    @Test func anIdempotencyKeyDoesNotHoldTheStreamBack() async throws {
        try await Self.withMockProvider { kindred, mock, user, id in
            mock.respond(with: .reply(["Streamed,", " live."]))
            let headers: HTTPHeaders = ["Idempotency-Key": "chat-1"]
            let body = ["text": "Hello", "clientMessageId": "m-1"]
            for attempt in 1...2 {
                let response = try await kindred.send(.POST, "/date-an-intervention/chats/\(id)/messages", token: user.accessToken,
                                                      json: body, headers: headers)
                #expect(response.status == .ok, "attempt \(attempt): \(response.body.string)")
                #expect(response.headers.first(name: "Idempotent-Replayed") == nil, "a stream is never replayed from storage")
                #expect(Self.events(response).last?.name == "reply")
            }
            #expect(try await Self.chat(kindred, user, id).messages.count == 2, "the resend was recognised by its clientMessageId")
            #expect(mock.received.count == 1)
        }
    }

    @Test func badMessagesAreRefusedBeforeAnythingIsSaved() async throws {
        try await withKindred { kindred in
            let user = try await kindred.signUp()
            #expect(try await Self.send(kindred, user, "biochar", "Hi").status == .conflict, "not a match yet")
            _ = try await kindred.send(.POST, "/date-an-intervention/swipes", token: user.accessToken, json: ["interventionId": "biochar", "direction": "pass"])
            #expect(try await Self.send(kindred, user, "biochar", "Hi").status == .conflict, "a pass is not a match")
            #expect(try await Self.send(kindred, user, "no-such-thing", "Hi").status == .notFound)
            _ = try await kindred.send(.DELETE, "/date-an-intervention/swipes/last", token: user.accessToken)
            _ = try await kindred.send(.POST, "/date-an-intervention/swipes", token: user.accessToken, json: ["interventionId": "biochar", "direction": "superlike"])
            let empty = try await Self.send(kindred, user, "biochar", "   \n ")
            #expect(empty.status == .unprocessableEntity && empty.problem?.errors?.first?.field == "text")
            #expect(try await Self.send(kindred, user, "biochar", String(repeating: "a", count: 2_001)).status == .unprocessableEntity)
            #expect(try await Self.send(kindred, user, "biochar", "ok", clientMessageId: String(repeating: "c", count: 65)).status == .unprocessableEntity)
            #expect(try await Self.chat(kindred, user, "biochar").messages.isEmpty)
        }
    }

    @Test func withNoModelTheOfflineCharacterAnswers() async throws {
        try await withKindred { kindred in
            let user = try await kindred.signUp()
            _ = try await kindred.send(.POST, "/date-an-intervention/swipes", token: user.accessToken, json: ["interventionId": "cool-roofs", "direction": "like"])
            let events = Self.events(try await Self.send(kindred, user, "cool-roofs", "What are your risks?"))
            #expect(events.first?.name == "message" && events.last?.name == "reply")
            #expect(events.filter { $0.name == "delta" }.count > 5, "it streams word by word")
            let chat = try await Self.chat(kindred, user, "cool-roofs")
            #expect(chat.provider.offline && chat.provider.kind == .offline)
            #expect(chat.messages.last?.offline == true)
            #expect(chat.messages.last?.text.contains("Offline mode") == false, "the badge says it, not the character")
            // Another person's conversation with the same intervention is theirs alone.
            let other = try await kindred.signUp()
            #expect(try await Self.chat(kindred, other, "cool-roofs").messages.isEmpty)
        }
    }
}
