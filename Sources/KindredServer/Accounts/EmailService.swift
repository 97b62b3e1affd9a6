import Fluent
import Foundation
import Vapor

/// What Kindred e-mails about an account: a link to prove the address (after sign-up, on asking,
/// after a change), a link to choose a new password, and notices of changes. Sending happens
/// after the answer (`MailDelivery`), so no answer waits on a mail server or says, by its
/// timing, whether an address has an account.
struct EmailService {
    let context: ServiceContext
    private var services: KindredServices { context.services }

    /// A verification link works for two days: long enough to find it after a weekend.
    static let verificationLifetime: TimeInterval = 48 * 3600
    /// A reset link works for an hour: it is a key to the account.
    static let resetLifetime: TimeInterval = 3600
    /// Links one account may be sent per hour of each kind: enough for a lost message or two,
    /// too few to turn Kindred into a way of flooding someone's inbox.
    static let linksPerHour = 5
    /// Wrong passwords when changing the address, per account per 15 minutes.
    static let passwordGuesses = RateLimiter.Limit(count: 5, window: 15 * 60)

    // MARK: - Verifying the address

    /// E-mails a new verification link to the account's address; earlier links keep working.
    func sendVerification(to userID: UUID) async throws {
        let user = try await ProfileService.user(userID, on: context.database)
        guard let email = user.email else { throw AppError.conflict(field: "email", "This account has no e-mail address to verify.") }
        guard user.emailVerifiedAt == nil else { throw AppError.conflict(field: "email", "This address is already verified.") }
        try await RateLimiter(database: context.database, now: context.now)
            .hit("email.verify:" + userID.uuidString, userID: userID, limit: .init(count: Self.linksPerHour, window: 3600))
        try await mailVerification(user: user, email: email)
    }

    /// Called after sign-up and after a change of address, without the per-hour limit (each
    /// has its own).
    func mailVerification(user: User, email: String) async throws {
        let token = try await newLink(.verifyEmail, userID: user.requireID(), email: email, lifetime: Self.verificationLifetime)
        send(to: email, name: user.displayName, subject: "Confirm your e-mail address", text: """
            Hello \(user.displayName),

            Please confirm that \(email) is your address on Kindred by opening this link:

            \(link("verify-email", token))

            The link works once, for 48 hours. If you did not make a Kindred account, ignore this \
            message: nothing happens without the link.
            """)
    }

    /// What someone tried to do with an address another account has.
    enum AddressClaim {
        case signUp, changeOfAddress
    }

    /// Someone tried to sign up with, or move their account to, the address of `owner`'s
    /// account: the owner is told it as a notice with the way back in, never the one who tried
    /// (whose answer is a new address's). A few an hour at most, quietly, so nobody can fill an
    /// inbox with them.
    func mailAddressClaimed(to owner: User, by claim: AddressClaim) async throws {
        guard let email = owner.email, let userID = owner.id else { return }
        do {
            try await RateLimiter(database: context.database, now: context.now)
                .hit("signup.taken:" + userID.uuidString, userID: userID, limit: .init(count: 3, window: 3600))
        } catch let error as AppError where error.kind == .tooManyRequests {
            return
        }
        // A sign-up of this address still waiting for its link: the link again is what helps.
        if owner.signUpPendingSince != nil { return try await mailVerification(user: owner, email: email) }
        let base = context.configuration.publicBaseURL
        let (subject, attempt) = switch claim {
        case .signUp: ("Someone tried to sign up with your address", "create a Kindred account with this address")
        case .changeOfAddress: ("Someone tried to use your address", "move another Kindred account to this address")
        }
        send(to: email, name: owner.displayName, subject: subject, text: """
            Hello \(owner.displayName),

            Someone, perhaps you, just tried to \(attempt). It already has an account: yours, \
            @\(owner.username). Nothing was changed.

            If it was you, sign in instead: \(base)/#/sign-in
            Forgot your password? Choose a new one: \(base)/#/forgot-password

            If it was not you, there is nothing to do: nobody learned that this address has an account.
            """)
    }

    /// Proves the address the link went to, if it is still the account's; or, for the link of
    /// a change of address, makes its address the account's. Gives the address.
    ///
    /// The link of a sign-up still waiting for it also sets the account's password, which the
    /// one opening it gives (`password`; without it, a 422 on that field asks for it and the link
    /// stays good). Otherwise whoever signed up first with someone else's address would own the
    /// account that person's click confirms: their later sign-up only sends this link again.
    /// Holding the mailbox is what proves the account, as with a reset link.
    func confirmVerification(token: String, password rawPassword: String? = nil) async throws -> String {
        let peeked = try await usable(token, for: [.verifyEmail, .changeEmail])
        var hash: String?
        let waiting = try await ProfileService.user(peeked.$user.id, on: context.database)
        if peeked.purpose == .verifyEmail, waiting.signUpPendingSince != nil {
            guard let rawPassword else {
                throw AppError.validation(field: "password", "Enter the password for @\(waiting.username) to finish signing up.")
            }
            let password = try AccountRules.password(rawPassword).mapError { AppError.validation([$0]) }.get()
            hash = try await services.passwords.hash(password)
        }
        let link = try await use(token, for: [.verifyEmail, .changeEmail])
        let user = try await ProfileService.user(link.$user.id, on: context.database)
        if link.purpose == .changeEmail { return try await completeChange(of: user, by: link) }
        guard user.email == link.email else { throw Self.invalidLink }
        if user.emailVerifiedAt == nil || user.signUpPendingSince != nil {
            user.emailVerifiedAt = user.emailVerifiedAt ?? context.now
            if user.signUpPendingSince != nil {
                // Peeked at as waiting, so a hash was made; a link used meanwhile is refused by `use`.
                guard let hash else { throw Self.invalidLink }
                user.passwordHash = hash
            }
            // A sign-up waiting for this link is an account from now on.
            user.signUpPendingSince = nil
            try await user.save(on: context.database)
        }
        return link.email
    }

    // MARK: - Resetting the password

    /// Mails a reset link if an account has `rawEmail`, and answers the same either way.
    /// The limit per client address applies to every request (429 says nothing of accounts);
    /// the limit per account is kept quietly: over it, nothing is sent, and nothing is said.
    func requestPasswordReset(email rawEmail: String, client: ClientInfo) async throws {
        let limiter = RateLimiter(database: context.database, now: context.now)
        try await limiter.hit("reset.address:" + client.address, limit: .init(count: 20, window: 3600))
        guard case .success(let email) = AccountRules.email(rawEmail),
              let user = try await User.query(on: context.database).filter(\.$email == email).first(),
              user.suspendedAt == nil, let userID = user.id
        else { return }
        do {
            try await limiter.hit("reset.account:" + userID.uuidString, userID: userID, limit: .init(count: Self.linksPerHour, window: 3600))
        } catch let error as AppError where error.kind == .tooManyRequests {
            return
        }
        let token = try await newLink(.resetPassword, userID: userID, email: email, lifetime: Self.resetLifetime)
        send(to: email, name: user.displayName, subject: "Reset your password", text: """
            Hello \(user.displayName),

            Someone, probably you, asked to reset the password of your Kindred account. To choose a \
            new one, open this link:

            \(link("reset-password", token))

            It works once, for an hour. Choosing a new password signs out every device. If you did \
            not ask, ignore this message: your password stays as it is.
            """)
    }

    /// Sets a new password with a reset link: every session ends (each device hears of it), the
    /// address counts as proven, and the sign-in limits on it are lifted.
    func resetPassword(token: String, password rawPassword: String) async throws {
        // Checked before the link is used up, so a too-short password does not cost the link; and
        // the link is looked at before the password is hashed, so made-up tokens cost no bcrypt.
        let password = try AccountRules.password(rawPassword).mapError { AppError.validation([$0]) }.get()
        _ = try await usable(token, for: [.resetPassword])
        let hash = try await services.passwords.hash(password)
        let link = try await use(token, for: [.resetPassword])
        let now = context.now
        let (user, ended) = try await context.database.writeTransaction { database in
            guard let user = try await User.find(link.$user.id, on: database), let userID = user.id else { throw Self.invalidLink }
            user.passwordHash = hash
            if user.email == link.email {
                // The link proves the address: a sign-up still waiting for it is done too.
                user.emailVerifiedAt = user.emailVerifiedAt ?? now
                user.signUpPendingSince = nil
            }
            try await user.save(on: database)
            let ended = try await UserSession.query(on: database).filter(\.$user.$id == userID).filter(\.$revokedAt == nil).all(\.$id)
            try await UserSession.query(on: database).filter(\.$user.$id == userID).filter(\.$revokedAt == nil)
                .set(\.$revokedAt, to: now).update()
            // Other reset links are keys to the old password's account: they go too.
            try await EmailLink.query(on: database).filter(\.$user.$id == userID).filter(\.$purpose == .resetPassword)
                .filter(\.$usedAt == nil).set(\.$usedAt, to: now).update()
            return (user, ended)
        }
        let userID = try user.requireID()
        for sessionID in ended { await context.events.publish(.sessionRevoked(sessionID: sessionID), to: userID) }
        if let email = user.email {
            try await SignInThrottle(database: context.database, limits: context.configuration.signInLimits, now: now).forget(email: email)
            send(to: email, name: user.displayName, subject: "Your password was changed", text: """
                Hello \(user.displayName),

                The password of your Kindred account was just changed with a link sent to this \
                address, and every device was signed out.

                If that was not you, reset it again from the sign-in page and check who can read \
                this mailbox.
                """)
        }
    }

    // MARK: - Changing the address

    /// What `changeEmail` did.
    enum EmailChangeOutcome {
        /// The account, with its new address (or its own, when it was already that).
        case changed(User)
        /// A link went to `email` (or, for an address with an account, its owner was told).
        case confirmationSent(email: String)
    }

    /// Changes the account's address after checking its password. On a server that confirms
    /// addresses (`signUpConfirmsEmail`), only by a link sent to the new address, answered alike
    /// whether another account has it (`proposeChange`). Otherwise at once: the new address
    /// starts unverified and gets a link, and the old one is told.
    func changeEmail(of userID: UUID, to rawEmail: String, password: String) async throws -> EmailChangeOutcome {
        let email = try AccountRules.email(rawEmail).mapError { AppError.validation([$0]) }.get()
        let user = try await ProfileService.user(userID, on: context.database)
        guard let hash = user.passwordHash else {
            throw AppError.conflict(field: "password", "This account signs in with Apple and has no password to confirm the change with.")
        }
        // Whoever holds a session could otherwise guess the password here, then take the account
        // by moving its address: wrong guesses are limited as sign-ins are.
        let limiter = RateLimiter(database: context.database, now: context.now)
        try await limiter.check("email.change:" + userID.uuidString, limit: Self.passwordGuesses)
        guard try await services.passwords.verify(password, created: hash) else {
            try await limiter.hit("email.change:" + userID.uuidString, userID: userID, limit: Self.passwordGuesses)
            // A field error, not 401: the session is fine, and a client must not sign out over it.
            throw AppError.validation(field: "password", "That password is not this account's.")
        }
        let old = user.email
        if old == email { return .changed(user) }
        if services.configuration.signUpConfirmsEmail {
            try await proposeChange(of: user, to: email)
            return .confirmationSent(email: email)
        }
        if try await User.query(on: context.database).filter(\.$email == email).first() != nil {
            throw AppError.conflict(field: "email", "Another account uses this address.")
        }
        user.email = email
        user.emailVerifiedAt = nil
        try await ProfileService.mappingUniqueViolations { try await user.save(on: context.database) }
        if let old { mailAddressChanged(user, from: old, to: email) }
        try await mailVerification(user: user, email: email)
        return .changed(user)
    }

    /// A link to `email` that makes it the account's; or, when another account has it, a notice
    /// to that account's owner instead. Either way the caller hears the same, after about the
    /// same work (a look-up and a row written), so the change cannot tell who is registered. The
    /// limit counts both, as sign-up's does, and keeps Kindred from mailing strangers in bulk.
    private func proposeChange(of user: User, to email: String) async throws {
        let userID = try user.requireID()
        try await RateLimiter(database: context.database, now: context.now)
            .hit("email.change.link:" + userID.uuidString, userID: userID, limit: .init(count: Self.linksPerHour, window: 3600))
        if let owner = try await User.query(on: context.database).filter(\.$email == email).first() {
            return try await mailAddressClaimed(to: owner, by: .changeOfAddress)
        }
        let token = try await newLink(.changeEmail, userID: userID, email: email, lifetime: Self.verificationLifetime)
        send(to: email, name: user.displayName, subject: "Confirm your new e-mail address", text: """
            Hello \(user.displayName),

            You asked to use \(email) for your Kindred account @\(user.username). Open this link to \
            make it the account's address:

            \(link("verify-email", token))

            The link works once, for 48 hours. Until then the account keeps its address. If you did \
            not ask for this, ignore this message: nothing changes without the link.
            """)
    }

    /// The link of a change of address was opened: the address is the account's from now on,
    /// proven by the link, and the old address is told. Other changes still waiting lapse.
    private func completeChange(of user: User, by link: EmailLink) async throws -> String {
        let old = user.email
        guard old != link.email else { return link.email }
        user.email = link.email
        user.emailVerifiedAt = context.now
        // Another account took the address after the link went out: the unique index says so.
        try await ProfileService.mappingUniqueViolations { try await user.save(on: context.database) }
        try await EmailLink.query(on: context.database).filter(\.$user.$id == user.requireID()).filter(\.$purpose == .changeEmail)
            .filter(\.$usedAt == nil).set(\.$usedAt, to: context.now).update()
        if let old { mailAddressChanged(user, from: old, to: link.email) }
        return link.email
    }

    private func mailAddressChanged(_ user: User, from old: String, to email: String) {
        send(to: old, name: user.displayName, subject: "Your e-mail address was changed", text: """
            Hello \(user.displayName),

            The e-mail address of your Kindred account was changed from \(old) to \(email). \
            Messages about the account go there from now on.

            If you did not change it, sign in and change it back, and change your password.
            """)
    }

    // MARK: - Links

    static let invalidLink = AppError(.invalidLink, .badRequest,
        "This link has expired, was already used, or is not one we sent. Ask for a new one.")

    /// A new link's token; only its hash is stored.
    private func newLink(_ purpose: EmailLink.Purpose, userID: UUID, email: String, lifetime: TimeInterval) async throws -> String {
        let token = Secrets.randomToken()
        try await EmailLink(userID: userID, purpose: purpose, tokenHash: Secrets.sha256Hex(token), email: email, at: context.now,
                            lifetime: lifetime).create(on: context.database)
        return token
    }

    /// Marks the link used, once: of two requests with the same link, only the one whose mark
    /// stays gets it; the other, like an expired, used or unknown token, is `invalidLink`.
    private func use(_ token: String, for purposes: [EmailLink.Purpose]) async throws -> EmailLink {
        let now = context.now, mark = UUID()
        let id = try await usable(token, for: purposes).requireID()
        try await EmailLink.query(on: context.database).filter(\.$id == id).filter(\.$usedAt == nil)
            .set(\.$usedAt, to: now).set(\.$usedBy, to: mark).update()
        guard let used = try await EmailLink.find(id, on: context.database), used.usedBy == mark else { throw Self.invalidLink }
        return used
    }

    /// The link `token` names, if it is unused and unexpired; it stays unused.
    private func usable(_ token: String, for purposes: [EmailLink.Purpose]) async throws -> EmailLink {
        guard token.utf8.count <= 128,
              let link = try await EmailLink.query(on: context.database).filter(\.$tokenHash == Secrets.sha256Hex(token))
                .filter(\.$purpose ~~ purposes).first(),
              link.usedAt == nil, link.expiresAt > context.now
        else { throw Self.invalidLink }
        return link
    }

    /// The web client's page for a link: the token rides in the fragment, which browsers never
    /// send to a server, so it stays out of access logs and `Referer` headers.
    private func link(_ page: String, _ token: String) -> String {
        context.configuration.publicBaseURL + "/#/" + page + "?token=" + token
    }

    private func send(to email: String, name: String, subject: String, text: String) {
        // An address the rules let in but SMTP cannot carry (`<`, spaces) gets no mail; the
        // request still answers as if it did.
        guard let address = MailAddress(email, name: name) else { return }
        services.mail.send(to: address, subject: subject, text: text, now: context.now)
    }
}
