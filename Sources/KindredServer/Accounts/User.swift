import Fluent
import Foundation

/// An account and its public profile. Every other table holding a user's data cascades from here,
/// so deleting this row deletes everything the user has.
final class User: Model, CreationStamped, UpdateStamped, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?
    /// Lower-cased and trimmed; nil for Apple accounts that hid their email.
    @OptionalField(key: "email") var email: String?
    @OptionalField(key: "password_hash") var passwordHash: String?
    @OptionalField(key: "apple_subject") var appleSubject: String?
    /// Always lower case: usernames are compared case-insensitively.
    @Field(key: "username") var username: String
    @Field(key: "display_name") var displayName: String
    @Field(key: "bio") var bio: String
    @OptionalParent(key: "avatar_id") var avatar: MediaItem?
    @OptionalField(key: "created_at") var createdAt: Date?
    @OptionalField(key: "updated_at") var updatedAt: Date?
    /// Set by a moderator: the account cannot sign in, and nobody else sees its profile.
    @OptionalField(key: "suspended_at") var suspendedAt: Date?
    /// When the owner opened a link sent to `email`; nil for an address not proven yet (and
    /// reset when the address changes).
    @OptionalField(key: "email_verified_at") var emailVerifiedAt: Date?
    /// Set while an account made by sign-up waits for its address to be confirmed
    /// (`KindredConfiguration.signUpConfirmsEmail`): it cannot sign in until then, and goes if
    /// nobody confirms it (`SignUpConfirmation.sweep`).
    @OptionalField(key: "sign_up_pending_since") var signUpPendingSince: Date?

    /// Listed rather than found by reflection, which FluentKit otherwise does for every row it
    /// reads or writes (`Fields.properties`): a third of listing forty connections went to it.
    /// `ListedFieldsTests` holds this list to what reflection finds.
    var properties: [any AnyProperty] {
        [$id, $email, $passwordHash, $appleSubject, $username, $displayName, $bio, $avatar, $createdAt, $updatedAt, $suspendedAt,
         $emailVerifiedAt, $signUpPendingSince]
    }

    init() {}

    init(id: UUID? = nil, email: String?, passwordHash: String?, appleSubject: String? = nil, username: String, displayName: String) {
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.appleSubject = appleSubject
        self.username = username
        self.displayName = displayName
        self.bio = ""
    }
}
