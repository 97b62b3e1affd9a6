import Foundation
import KindredSDK
import Observation

/// A conversation with one match. The reply streams into `streamingReply` as it arrives. If the
/// language model fails, my message stays in `messages`, `error` says what happened and `retry()`
/// asks again; if the request never reached the server, `retry()` resends it under the same id,
/// so it is never saved twice.
@MainActor @Observable
public final class ChatModel {
    public let interventionID: String
    public private(set) var intervention: Intervention?
    public private(set) var messages: [ChatMessage] = []
    /// The reply so far, while it streams; nil when nothing is streaming.
    public private(set) var streamingReply: String?
    public private(set) var isSending = false
    /// No language model is configured: replies come from the profile itself.
    public private(set) var isOffline = false
    public private(set) var error: String?
    /// Something is unanswered (or unsent) and `retry()` would try again.
    public private(set) var canRetry = false

    private let session: KindredSession
    /// A message that never reached the server, kept for a resend with the same id.
    private var unsent: (text: String, clientMessageID: String)?

    public init(session: KindredSession, interventionID: String) {
        self.session = session
        self.interventionID = interventionID
    }

    /// My message while it has not reached the server (shown as sending, then not sent).
    public var pendingText: String? { unsent?.text }

    /// Waiting for the first words of a reply: show a typing indicator.
    public var isTyping: Bool { isSending && (streamingReply ?? "").isEmpty }

    public func load() async {
        do {
            let chat = try await session.chat(with: interventionID)
            intervention = chat.intervention
            messages = chat.messages
            isOffline = chat.provider.offline
            canRetry = chat.awaitingReply
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func send(_ text: String) async {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, !isSending else { return }
        let clientMessageID = UUID().uuidString
        unsent = (text, clientMessageID)
        await stream { try await self.session.sendChatMessage(text, to: self.interventionID, clientMessageID: clientMessageID) }
    }

    public func retry() async {
        guard !isSending else { return }
        if let unsent {
            await stream { try await self.session.sendChatMessage(unsent.text, to: self.interventionID, clientMessageID: unsent.clientMessageID) }
        } else {
            await stream { try await self.session.retryChatReply(self.interventionID) }
        }
    }

    private func stream(_ open: @escaping () async throws -> AsyncThrowingStream<ChatStreamEvent, any Error>) async {
        isSending = true
        error = nil
        canRetry = false
        defer {
            isSending = false
            streamingReply = nil
        }
        do {
            for try await event in try await open() {
                switch event {
                case .message(let event):
                    unsent = nil
                    if !messages.contains(where: { $0.id == event.message.id }) { messages.append(event.message) }
                    streamingReply = ""
                case .delta(let event):
                    unsent = nil
                    streamingReply = (streamingReply ?? "") + event.text
                case .reply(let event):
                    if !messages.contains(where: { $0.id == event.message.id }) { messages.append(event.message) }
                    if event.message.offline == true { isOffline = true }
                case .error(let event):
                    error = event.problem.detail ?? event.problem.title
                    canRetry = true
                }
            }
        } catch {
            self.error = error.localizedDescription
            // A refused message (validation, not a match) is not worth resending; a lost one is.
            if case KindredError.problem(let problem) = error, (400..<500).contains(problem.status), problem.status != 429 {
                unsent = nil
            }
            canRetry = unsent != nil || messages.last?.role == .user
        }
    }
}
