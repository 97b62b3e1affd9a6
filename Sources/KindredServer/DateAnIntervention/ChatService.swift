import Fluent
import FluentSQL
import Foundation
import Vapor

/// Conversations with matches: history, and sending a message whose reply streams from the
/// configured language model. The message is saved before the model is asked, so a failed or
/// slow model never loses it; the reply is saved once it is complete.
struct ChatService {
    enum Event: Sendable {
        case message(InterventionChatMessageRecord)
        case delta(String)
        case reply(InterventionChatMessageRecord)
        case failed(AppError)
    }

    static let messageLimit = 2_000
    static let clientMessageIDLimit = 64
    /// Messages loaded to build a prompt; the token budget then trims them further.
    static let historyWindow = 40
    static func rateScope(_ userID: UUID) -> String { "date-an-intervention.chat:" + userID.uuidString.lowercased() }

    let context: ServiceContext
    let app: DateAnInterventionServices
    private var database: any Database { context.database }

    func chat(with interventionID: String, for userID: UUID) async throws -> (InterventionProfile, [InterventionChatMessageRecord]) {
        guard let profile = try await DeckService(context: context, interventions: app.interventions).catalogue().profile(interventionID) else {
            throw AppError.notFound("intervention")
        }
        guard let conversation = try await conversation(userID, interventionID) else { return (profile, []) }
        let messages = try await InterventionChatMessageRecord.query(on: database).filter(\.$conversation.$id == conversation.requireID())
            .sort(\.$createdAt).all()
        return (profile, messages)
    }

    /// Checks and saves the message, then streams the reply. Anything wrong with the request
    /// throws here, before the stream starts, so it is an ordinary problem response.
    func send(_ rawText: String, clientMessageID: String?, to interventionID: String, by userID: UUID) async throws -> AsyncStream<Event> {
        let text = rawText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw AppError.validation(field: "text", "Write something first.") }
        guard text.count <= Self.messageLimit else {
            throw AppError.validation(field: "text", "A message is at most \(Self.messageLimit) characters.")
        }
        if let clientMessageID, clientMessageID.isEmpty || clientMessageID.count > Self.clientMessageIDLimit {
            throw AppError.validation(field: "clientMessageId", "clientMessageId is 1 to \(Self.clientMessageIDLimit) characters.")
        }
        let profile = try await matchedProfile(interventionID, for: userID)
        let conversation = try await openConversation(userID, interventionID)
        let conversationID = try conversation.requireID()

        if let clientMessageID, let earlier = try await InterventionChatMessageRecord.query(on: database)
            .filter(\.$conversation.$id == conversationID).filter(\.$clientMessageID == clientMessageID).first() {
            // A resend of a message we already have: answer with its saved reply, if there is one.
            if let reply = try await InterventionChatMessageRecord.query(on: database).filter(\.$conversation.$id == conversationID)
                .filter(\.$role == .assistant).filter(\.$createdAt > earlier.createdAt).sort(\.$createdAt).first() {
                return Self.replay([.message(earlier), .delta(reply.text), .reply(reply)])
            }
            return try await reply(as: profile, in: conversationID, after: earlier, by: userID)
        }
        let message = InterventionChatMessageRecord(conversationID: conversationID, userID: userID, role: .user, text: text,
                                        clientMessageID: clientMessageID, at: context.services.now)
        // One commit for the limit's count and the message: a single sync before the model is asked.
        try await database.writeTransaction { database in
            try await limit(userID, on: database)
            try await message.create(on: database)
        }
        return try await reply(as: profile, in: conversationID, after: message, by: userID, announce: true)
    }

    /// Asks again for a reply to the last message, when the model failed to answer it.
    func retry(_ interventionID: String, by userID: UUID) async throws -> AsyncStream<Event> {
        let profile = try await matchedProfile(interventionID, for: userID)
        guard let conversation = try await conversation(userID, interventionID),
              let last = try await InterventionChatMessageRecord.query(on: database).filter(\.$conversation.$id == conversation.requireID())
                .sort(\.$createdAt, .descending).first(),
              last.role == .user
        else { throw AppError(.conflict, .conflict, "There is no unanswered message to retry.") }
        return try await reply(as: profile, in: conversation.requireID(), after: last, by: userID)
    }

    private func reply(as profile: InterventionProfile, in conversationID: UUID, after message: InterventionChatMessageRecord,
                       by userID: UUID, announce: Bool = false) async throws -> AsyncStream<Event> {
        if !announce { try await limit(userID, on: database) }
        // Up to and including the message being answered (matched by id: stored dates lose precision).
        let messageID = try message.requireID()
        let recent = try await InterventionChatMessageRecord.query(on: database).filter(\.$conversation.$id == conversationID)
            .sort(\.$createdAt, .descending).limit(Self.historyWindow).all()
        let history = recent.drop { $0.id != messageID }.reversed()
            .map { LLMMessage(role: $0.role == .user ? .user : .assistant, text: $0.text) }
        let services = context.services
        let prompt = ChatPrompt.request(for: profile, messages: history, maxTokens: services.configuration.dateAnIntervention.llm.maxTokens)
        let provider = app.llm
        let database = context.database
        let logger = context.logger
        let (events, continuation) = AsyncStream<Event>.makeStream()
        if announce { continuation.yield(.message(message)) }
        // Not tied to the response: a reader who leaves mid-reply still finds it saved later.
        Task {
            var text = ""
            do {
                for try await piece in provider.reply(to: prompt) {
                    text += piece
                    continuation.yield(.delta(piece))
                }
                guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw LLMError.empty }
                // Never before the message it answers, even on a coarse or frozen clock.
                let at = max(services.now, message.createdAt.addingTimeInterval(0.001))
                let reply = InterventionChatMessageRecord(conversationID: conversationID, userID: userID, role: .assistant,
                                              text: text, offline: provider.kind == .offline, at: at)
                try await reply.create(on: database)
                continuation.yield(.reply(reply))
            } catch {
                let failure = (error as? LLMError) ?? LLMHTTPClient.map(error)
                logger.warning("\(provider.kind.rawValue) gave no reply for \(profile.id): \(failure)")
                continuation.yield(.failed(failure.appError(name: profile.name)))
            }
            continuation.finish()
        }
        return events
    }

    private func limit(_ userID: UUID, on database: any Database) async throws {
        let perMinute = context.services.configuration.dateAnIntervention.chatMessagesPerMinute
        try await RateLimiter(database: database, now: context.services.now)
            .hit(Self.rateScope(userID), userID: userID, limit: .init(count: perMinute, window: 60))
    }

    /// Only matches can be messaged; a retired intervention keeps its conversation but takes no more.
    private func matchedProfile(_ interventionID: String, for userID: UUID) async throws -> InterventionProfile {
        let (profile, swipe) = try await DeckService(context: context, interventions: app.interventions).detail(interventionID, for: userID)
        guard swipe?.isMatch == true else {
            throw AppError(.conflict, .conflict, "Match with \(profile.name) before messaging it: swipe right on its card.")
        }
        return profile
    }

    private func conversation(_ userID: UUID, _ interventionID: String) async throws -> InterventionConversation? {
        try await InterventionConversation.query(on: database).filter(\.$user.$id == userID).filter(\.$interventionID == interventionID).first()
    }

    private func openConversation(_ userID: UUID, _ interventionID: String) async throws -> InterventionConversation {
        if let existing = try await conversation(userID, interventionID) { return existing }
        let conversation = InterventionConversation(userID: userID, interventionID: interventionID)
        do {
            try await conversation.create(on: database)
            return conversation
        } catch {
            // Two first messages at once: the other one opened it.
            guard (error as? any DatabaseError)?.isConstraintFailure == true,
                  let existing = try await self.conversation(userID, interventionID)
            else { throw error }
            return existing
        }
    }

    private static func replay(_ events: [Event]) -> AsyncStream<Event> {
        AsyncStream { continuation in
            for event in events { continuation.yield(event) }
            continuation.finish()
        }
    }

    /// The newest message of one conversation, if it has any.
    static func latestMessage(of userID: UUID, with interventionID: String, on database: any Database) async throws -> InterventionChatMessageRecord? {
        guard let conversation = try await InterventionConversation.query(on: database).filter(\.$user.$id == userID)
            .filter(\.$interventionID == interventionID).first()
        else { return nil }
        return try await InterventionChatMessageRecord.query(on: database).filter(\.$conversation.$id == conversation.requireID())
            .sort(\.$createdAt, .descending).first()
    }

    /// Each conversation's newest message, by intervention, for the matches list.
    static func latestMessages(of userID: UUID, on database: any Database) async throws -> [String: InterventionChatMessageRecord] {
        let conversations = try await InterventionConversation.query(on: database).filter(\.$user.$id == userID).all()
        guard !conversations.isEmpty else { return [:] }
        let byID = Dictionary(uniqueKeysWithValues: try conversations.map { (try $0.requireID(), $0.interventionID) })
        // Each conversation's newest row, in one query rather than one per conversation.
        guard let sql = database as? any SQLDatabase else { return [:] }
        let newest = try await sql.raw("""
            SELECT m.* FROM \(ident: InterventionChatMessageRecord.schema) m WHERE m.user_id = \(bind: userID) AND m.created_at = (
                SELECT MAX(n.created_at) FROM \(ident: InterventionChatMessageRecord.schema) n WHERE n.conversation_id = m.conversation_id)
            """).all(decodingFluent: InterventionChatMessageRecord.self)
        var latest: [String: InterventionChatMessageRecord] = [:]
        for message in newest {
            if let interventionID = byID[message.$conversation.id] { latest[interventionID] = message }
        }
        return latest
    }
}
