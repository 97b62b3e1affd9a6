import Fluent
import Foundation
import SQLKit

/// A link e-mailed to an account's address: to prove the address, or to choose a new password.
/// Only the token's hash is kept, so the table cannot be read for working links; a link works
/// once, until it expires, and only for the address it was sent to.
final class EmailLink: Model, @unchecked Sendable {
    static let schema = "email_links"

    enum Purpose: String, Codable, Sendable {
        case verifyEmail = "verify_email"
        case resetPassword = "reset_password"
        /// A new address proposed for the account (`EmailService.changeEmail`, on a server that
        /// confirms addresses): opening the link makes it the account's.
        case changeEmail = "change_email"
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "purpose") var purpose: Purpose
    @Field(key: "token_hash") var tokenHash: String
    /// The address the link went to: a verification proves that address, not whatever the
    /// account's is when the link is opened.
    @Field(key: "email") var email: String
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "used_at") var usedAt: Date?
    /// Who used it: of two requests racing with one link, the one whose mark is here won.
    @OptionalField(key: "used_by") var usedBy: UUID?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $purpose, $tokenHash, $email, $createdAt, $expiresAt, $usedAt, $usedBy]
    }

    init() {}

    init(userID: UUID, purpose: Purpose, tokenHash: String, email: String, at date: Date, lifetime: TimeInterval) {
        $user.id = userID
        self.purpose = purpose
        self.tokenHash = tokenHash
        self.email = email
        createdAt = date
        expiresAt = date.addingTimeInterval(lifetime)
    }
}

struct CreateEmailLinks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(EmailLink.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("purpose", .string, .required)
            .field("token_hash", .string, .required)
            .field("email", .string, .required)
            .field("created_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .field("used_at", .datetime)
            .field("used_by", .uuid)
            .unique(on: "token_hash")
            .create()
        try await database.schema(User.schema).field("email_verified_at", .datetime).update()
        try await database.sql().create(index: "email_links_user").on(EmailLink.schema).column("user_id").column("purpose").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).deleteField("email_verified_at").update()
        try await database.schema(EmailLink.schema).delete()
    }
}
