import Fluent
import Foundation

/// Sign-up on a server that confirms addresses first (`KindredConfiguration.signUpConfirmsEmail`):
/// a new address gets an account that waits for its link, and an address that already has one
/// gets a notice to its owner; both are answered alike, in about the same time, so sign-up no
/// longer tells anyone who is registered.
struct SignUpConfirmation {
    let context: ServiceContext

    func start(email: String, password: String, username: String, displayName: String) async throws -> AuthService.SignUpOutcome {
        let database = context.database
        // Usernames are public (profiles show them): saying one is taken tells nothing private.
        try await ProfileService.requireAvailable(username: username, on: database)
        // Hashed either way, so an address with an account answers in the time a new one takes.
        let hash = try await context.services.passwords.hash(password)
        let mail = EmailService(context: context)
        if let owner = try await User.query(on: database).filter(\.$email == email).first() {
            if owner.signUpPendingSince != nil {
                // A sign-up still waiting for its link is nobody's account yet: the newest one's
                // name stands (whoever opens the link sets the password, and sees that name).
                owner.username = username
                owner.displayName = displayName
                owner.passwordHash = hash
                try await ProfileService.mappingUniqueViolations { try await owner.save(on: database) }
            }
            try await mail.mailAddressClaimed(to: owner, by: .signUp)
            return .confirmationSent(email: email)
        }
        let user = User(email: email, passwordHash: hash, username: username, displayName: displayName)
        user.signUpPendingSince = context.now
        do {
            try await ProfileService.mappingUniqueViolations { try await user.create(on: database) }
        } catch let error as AppError where error.fieldErrors.first?.field == "email" {
            // The same address signed up twice at once: the first stands, and this one is
            // answered as it would have been a moment later.
            return .confirmationSent(email: email)
        }
        try await mail.mailVerification(user: user, email: email)
        return .confirmationSent(email: email)
    }

    /// Sign-ups nobody confirmed go a day after their link expired, freeing the username and
    /// the address.
    @discardableResult
    static func sweep(_ context: ServiceContext) async throws -> Int {
        let cutoff = context.now.addingTimeInterval(-(EmailService.verificationLifetime + 24 * 3600))
        let stale = try await User.query(on: context.database).filter(\.$signUpPendingSince < cutoff).all(\.$id)
        guard !stale.isEmpty else { return 0 }
        try await User.query(on: context.database).filter(\.$id ~~ stale).delete()
        return stale.count
    }
}

struct AddUsersSignUpPending: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema).field("sign_up_pending_since", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).deleteField("sign_up_pending_since").update()
    }
}
