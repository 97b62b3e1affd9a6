import Fluent
import Vapor

/// Sign-up, sign-in (password and Apple), refresh and sign-out.
struct AuthService {
    let context: ServiceContext
    let client: ClientInfo
    private var services: KindredServices { context.services }

    /// What sign-up did.
    enum SignUpOutcome: Sendable {
        case signedIn(SessionIssuer.Issued)
        /// A link went to the address to finish (or, when it already had an account, its owner
        /// was told): answered alike either way.
        case confirmationSent(email: String)
    }

    func signUp(email rawEmail: String, password rawPassword: String, username rawUsername: String,
                displayName rawDisplayName: String?, device: String?, installation: String? = nil) async throws -> SignUpOutcome {
        // Counted before anything else, so the answer (a taken email says so) cannot be used to
        // list who has an account faster than the limit allows.
        try await RateLimiter(database: context.database, now: services.now).hit(
            "signup.address:" + client.address,
            limit: .init(count: services.configuration.signUpsPerAddressPerHour, window: 3600))
        var validator = FieldValidator()
        let email = validator.check(AccountRules.email(rawEmail))
        let password = validator.check(AccountRules.password(rawPassword))
        let username = validator.check(AccountRules.username(rawUsername))
        let displayName = validator.check(AccountRules.displayName(rawDisplayName ?? rawUsername))
        try validator.throwIfInvalid()
        guard let email, let password, let username, let displayName else { throw AppError.validation(validator.errors) }

        if services.configuration.signUpConfirmsEmail {
            return try await SignUpConfirmation(context: context)
                .start(email: email, password: password, username: username, displayName: displayName)
        }
        if try await User.query(on: context.database).filter(\.$email == email).first() != nil {
            throw AppError.conflict(field: "email", "An account with this email already exists. Sign in instead.")
        }
        try await ProfileService.requireAvailable(username: username, on: context.database)
        let hash = try await services.passwords.hash(password)
        let label = AccountRules.device(device, userAgent: client.userAgent)
        let (user, issued) = try await ProfileService.mappingUniqueViolations {
            try await context.database.writeTransaction { database in
                let user = User(email: email, passwordHash: hash, username: username, displayName: displayName)
                try await user.create(on: database)
                return (user, try await SessionIssuer(database: database, services: services).start(userID: user.requireID(), device: label))
            }
        }
        try await AccountAlertService(context: context).sessionStarted(issued, device: label, installation: installation)
        try await EmailService(context: context).mailVerification(user: user, email: email)
        return .signedIn(issued)
    }

    /// One answer for a wrong password and an unknown email, in about the same time.
    func signIn(email rawEmail: String, password: String, device: String?, installation: String? = nil) async throws -> SessionIssuer.Issued {
        let email = rawEmail.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let address = client.address
        let throttle = SignInThrottle(database: context.database, limits: services.configuration.signInLimits, now: services.now)
        let attempt = try await throttle.begin(email: email, address: address)

        let user = try await User.query(on: context.database).filter(\.$email == email).first()
        let verified: Bool
        if let hash = user?.passwordHash {
            verified = try await services.passwords.verify(password, created: hash)
        } else {
            // Hash anyway so an unknown email takes as long as a wrong password.
            _ = try await services.passwords.hash(password)
            verified = false
        }
        guard verified, let user else {
            throw AppError(.invalidCredentials, .unauthorized, "That email and password don't match an account.")
        }
        try await throttle.succeeded(attempt, email: email, address: address)
        // Told only to someone who knows the password, so it says nothing about who has an account.
        guard user.suspendedAt == nil else { throw AppError.accountSuspended }
        guard user.signUpPendingSince == nil else {
            throw AppError(.emailNotConfirmed, .forbidden,
                           "Confirm your e-mail address first: open the link we sent to \(email), then sign in.")
        }
        let label = AccountRules.device(device, userAgent: client.userAgent)
        let issued = try await SessionIssuer(database: context.database, services: services).start(userID: user.requireID(), device: label)
        try await AccountAlertService(context: context).sessionStarted(issued, device: label, installation: installation)
        return issued
    }

    /// The first Apple sign-in creates the account; later ones find it by Apple's `sub`.
    func signInWithApple(identityToken: String, rawNonce: String, displayName: String?, device: String?,
                         installation: String? = nil) async throws -> SessionIssuer.Issued {
        let issued = try await appleSession(identityToken: identityToken, rawNonce: rawNonce, displayName: displayName, device: device)
        try await AccountAlertService(context: context)
            .sessionStarted(issued, device: AccountRules.device(device, userAgent: client.userAgent), installation: installation)
        return issued
    }

    private func appleSession(identityToken: String, rawNonce: String, displayName: String?, device: String?) async throws -> SessionIssuer.Issued {
        let identity = try await services.apple.verify(identityToken: identityToken, rawNonce: rawNonce)
        let label = AccountRules.device(device, userAgent: client.userAgent)
        let issuer = SessionIssuer(database: context.database, services: services)
        if let user = try await User.query(on: context.database).filter(\.$appleSubject == identity.subject).first() {
            guard user.suspendedAt == nil else { throw AppError.accountSuspended }
            return try await issuer.start(userID: user.requireID(), device: label)
        }
        let email = identity.email.flatMap { try? AccountRules.email($0).get() }
        let emailTaken = if let email { try await User.query(on: context.database).filter(\.$email == email).first() != nil } else { false }
        let name = displayName.flatMap { try? AccountRules.displayName($0).get() } ?? "Kindred friend"
        let username = try await ProfileService.freeUsername(basedOn: email ?? name, on: context.database)
        return try await ProfileService.mappingUniqueViolations {
            try await context.database.writeTransaction { database in
                // An email already used by a password account is not attached, so Apple cannot
                // be used to take over someone else's account.
                let user = User(email: emailTaken ? nil : email, passwordHash: nil, appleSubject: identity.subject,
                                username: username, displayName: name)
                try await user.create(on: database)
                return try await SessionIssuer(database: database, services: services).start(userID: user.requireID(), device: label)
            }
        }
    }

    func refresh(token: String) async throws -> SessionIssuer.Issued {
        do {
            return try await SessionIssuer(database: context.database, services: services).refresh(token: token).issued
        } catch let reuse as RefreshReuse {
            if let userID = try await UserSession.find(reuse.sessionID, on: context.database)?.$user.id {
                await services.events.publish(.sessionRevoked(sessionID: reuse.sessionID), to: userID)
            }
            throw AppError.invalidToken("This refresh token was already used, so the session was ended for safety. Sign in again.")
        }
    }

    /// The person's sessions that can still be used, most recently used first.
    func sessions(of userID: UUID, page: PageRequest) async throws -> Page<UserSession> {
        try await UserSession.active(of: userID, at: services.now, on: context.database)
            .page(newestFirst: \.$lastUsedAt, date: \.lastUsedAt, page)
    }

    /// Ends one of my sessions. Ending another device's is recorded as an alert (`by`: the session
    /// asking); signing myself out is not.
    func revoke(sessionID: UUID, of userID: UUID, by current: UUID) async throws {
        guard let session = try await UserSession.query(on: context.database)
            .filter(\.$id == sessionID).filter(\.$user.$id == userID).filter(\.$revokedAt == nil).first()
        else { throw AppError.notFound("session") }
        session.revokedAt = services.now
        try await session.save(on: context.database)
        await services.events.publish(.sessionRevoked(sessionID: sessionID), to: userID)
        if sessionID != current {
            try await AccountAlertService(context: context).sessionsRevoked(from: current, of: userID, count: 1)
        }
    }

    /// Signs out every other device at once; each hears of it through its own realtime socket.
    func revokeOthers(keeping current: UUID, of userID: UUID) async throws -> Int {
        try await Self.revokeOthers(keeping: current, of: userID, context: context)
    }

    static func revokeOthers(keeping current: UUID, of userID: UUID, context: ServiceContext) async throws -> Int {
        let services = context.services
        let now = services.now
        let others = try await UserSession.query(on: context.database)
            .filter(\.$user.$id == userID).filter(\.$id != current).filter(\.$revokedAt == nil).filter(\.$expiresAt > now)
            .all(\.$id)
        guard !others.isEmpty else { return 0 }
        try await UserSession.query(on: context.database).filter(\.$id ~~ others).set(\.$revokedAt, to: now).update()
        for sessionID in others {
            await services.events.publish(.sessionRevoked(sessionID: sessionID), to: userID)
        }
        try await AccountAlertService(context: context).sessionsRevoked(from: current, of: userID, count: others.count)
        return others.count
    }
}
