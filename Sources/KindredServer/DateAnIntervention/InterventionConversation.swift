import Fluent
import Foundation

/// One person's conversation with one intervention. It outlives swipes: undoing or resetting
/// keeps it, and matching again picks it up.
final class InterventionConversation: Model, CreationStamped, @unchecked Sendable {
    static let schema = "date_an_intervention_conversations"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "intervention_id") var interventionID: String
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed rather than found by reflection for every row (see `User.properties`).
    var properties: [any AnyProperty] { [$id, $user, $interventionID, $createdAt] }

    init() {}

    init(userID: UUID, interventionID: String) {
        $user.id = userID
        self.interventionID = interventionID
    }
}

final class InterventionChatMessageRecord: Model, @unchecked Sendable {
    static let schema = "date_an_intervention_messages"

    enum Role: String, Codable, Sendable { case user, assistant }

    @ID(key: .id) var id: UUID?
    @Parent(key: "conversation_id") var conversation: InterventionConversation
    /// Repeated from the conversation so an account's messages are found (and deleted) directly.
    @Parent(key: "user_id") var user: User
    @Enum(key: "role") var role: Role
    @Field(key: "text") var text: String
    /// The sender's own id for a message, so a resend is recognised instead of saved twice.
    @OptionalField(key: "client_message_id") var clientMessageID: String?
    /// A reply written by the offline stand-in rather than a language model.
    @Field(key: "offline") var offline: Bool
    @Field(key: "created_at") var createdAt: Date

    /// Listed rather than found by reflection for every row (see `User.properties`).
    var properties: [any AnyProperty] { [$id, $conversation, $user, $role, $text, $clientMessageID, $offline, $createdAt] }

    init() {}

    init(conversationID: UUID, userID: UUID, role: Role, text: String, clientMessageID: String? = nil, offline: Bool = false, at date: Date) {
        $conversation.id = conversationID
        $user.id = userID
        self.role = role
        self.text = text
        self.clientMessageID = clientMessageID
        self.offline = offline
        createdAt = date
    }
}
