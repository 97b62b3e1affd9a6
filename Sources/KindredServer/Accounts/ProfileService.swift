import Fluent
import Vapor

/// Profiles: reading, searching and editing them, and deleting the whole account.
struct ProfileService {
    let context: ServiceContext
    private var services: KindredServices { context.services }

    struct Changes {
        var username: String?
        var displayName: String?
        var bio: String?
        var avatarID: UUID?
        var removeAvatar: Bool
    }

    static func user(_ id: UUID, on database: any Database) async throws -> User {
        guard let user = try await User.query(on: database).filter(\.$id == id).with(\.$avatar).first() else {
            throw AppError.unauthenticated
        }
        return user
    }

    /// A profile as `viewerID` may see it: 404 when there is none, it is suspended or a sign-up
    /// still waiting for its link, or either of the two blocked the other (the answer never says
    /// which).
    func profile(username: String, seenBy viewerID: UUID) async throws -> User {
        guard let user = try await Self.visibleUser(username: username, to: viewerID, on: context.database) else {
            throw AppError.notFound("profile")
        }
        return user
    }

    /// The account behind `username` if `viewerID` may see it (see `profile(username:seenBy:)`).
    static func visibleUser(username: String, to viewerID: UUID, on database: any Database) async throws -> User? {
        guard let user = try await User.query(on: database)
            .filter(\.$username == username.lowercased()).with(\.$avatar).first()
        else { return nil }
        let userID = try user.requireID()
        if userID == viewerID { return user }
        // A sign-up still waiting for its link is not an account yet: nobody finds it.
        guard user.suspendedAt == nil, user.signUpPendingSince == nil, !(try await Blocks.between(userID, viewerID, on: database))
        else { return nil }
        return user
    }

    /// Usernames starting with `prefix`, alphabetical, without anyone `viewerID` may not see.
    /// LIKE treats `_` as a wildcard, so the database may return a few extra rows; the exact prefix
    /// test runs here.
    func search(prefix: String, limit: Int, seenBy viewerID: UUID) async throws -> [User] {
        let cleaned = prefix.lowercased().filter { "abcdefghijklmnopqrstuvwxyz0123456789._".contains($0) }
        guard !cleaned.isEmpty else { return [] }
        let limit = min(max(limit, 1), 50)
        var query = User.query(on: context.database)
            .filter(\.$username, .contains(inverse: false, .prefix), cleaned)
            .filter(\.$suspendedAt == nil)
            .filter(\.$signUpPendingSince == nil)
        let hidden = try await Blocks.hidden(from: viewerID, on: context.database)
        if !hidden.isEmpty { query = query.filter(\.$id !~ Array(hidden)) }
        return try await query
            .sort(\.$username)
            .limit(limit + 20)
            .with(\.$avatar)
            .all()
            .filter { $0.username.hasPrefix(cleaned) }
            .prefix(limit)
            .map { $0 }
    }

    func update(userID: UUID, with changes: Changes) async throws -> User {
        let user = try await Self.user(userID, on: context.database)
        var validator = FieldValidator()
        let username = changes.username.flatMap { validator.check(AccountRules.username($0)) }
        let displayName = changes.displayName.flatMap { validator.check(AccountRules.displayName($0)) }
        let bio = changes.bio.flatMap { validator.check(AccountRules.bio($0)) }
        try validator.throwIfInvalid()
        if let username, username != user.username {
            try await Self.requireAvailable(username: username, on: context.database)
            user.username = username
        }
        if let displayName { user.displayName = displayName }
        if let bio { user.bio = bio }
        if changes.removeAvatar {
            user.$avatar.id = nil
        } else if let avatarID = changes.avatarID, avatarID != user.$avatar.id {
            // Only your own upload can become your avatar.
            guard let avatar = try await MediaItem.query(on: context.database).filter(\.$id == avatarID).filter(\.$owner.$id == userID).first() else {
                throw AppError.validation(field: "avatarId", "Upload the picture first; that media id is not one of yours.")
            }
            guard avatar.mediaType?.isImage == true else {
                throw AppError.validation(field: "avatarId", "A profile picture is an image, not a video.")
            }
            // A photo an app holds (a post's, a page's) would take the profile photo with it when
            // it goes, and the avatar would share the post's fate: the avatar gets its own copy.
            let inUse = try await !KindredApps.mediaInUse([avatarID], on: context.database).isEmpty
            user.$avatar.id = inUse ? try await MediaService(context: context).copy(avatar).requireID() : avatarID
        }
        try await Self.mappingUniqueViolations { try await user.save(on: context.database) }
        let updated = try await Self.user(userID, on: context.database)
        // The person's other devices show the change at once.
        await context.events.publish(.profileUpdated(try context.profile(of: updated)), to: userID)
        return updated
    }

    /// Deletes the account. Every table holding the user's data cascades from `users`; the files
    /// are swept by their owner prefix after the rows are gone.
    func deleteAccount(userID: UUID) async throws {
        let user = try await Self.user(userID, on: context.database)
        let sessions = try await UserSession.query(on: context.database).filter(\.$user.$id == userID).filter(\.$revokedAt == nil).all()
        try await context.database.writeTransaction { database in
            if let email = user.email {
                try await SignInThrottle(database: database, limits: services.configuration.signInLimits, now: services.now).forget(email: email)
            }
            for app in KindredApps.all { try await app.removeContent(of: userID, on: database) }
            try await user.delete(on: database)
        }
        // Told before the files go (which can take a while on S3): until every instance hears it,
        // a session it holds in `SessionCache` would still let requests in for the deleted account.
        for session in sessions {
            if let id = session.id { await services.events.publish(.sessionRevoked(sessionID: id), to: userID) }
        }
        do {
            try await services.mediaStore.deleteAll(prefix: MediaKey.prefix(owner: userID))
        } catch {
            context.logger.error("Could not delete the media files of a deleted account: \(error)")
        }
    }

    static func requireAvailable(username: String, on database: any Database) async throws {
        if AccountRules.isReserved(username) {
            throw AppError.conflict(field: "username", "That username is reserved. Try another.")
        }
        if try await User.query(on: database).filter(\.$username == username).first() != nil {
            throw AppError.conflict(field: "username", "That username is taken. Try another.")
        }
    }

    /// A free username derived from an email or name, for accounts made by Sign in with Apple.
    static func freeUsername(basedOn seed: String, on database: any Database) async throws -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_")
        var base = String(seed.lowercased().split(separator: "@").first ?? "").filter(allowed.contains)
        if base.count < 3 || (try? AccountRules.username(base).get()) == nil || AccountRules.isReserved(base) { base = "friend" }
        base = String(base.prefix(14))
        if try await User.query(on: database).filter(\.$username == base).first() == nil { return base }
        for _ in 0..<20 {
            let candidate = base + String(Int.random(in: 10_000...999_999))
            if try await User.query(on: database).filter(\.$username == candidate).first() == nil { return candidate }
        }
        throw AppError(.conflict, .conflict, "Could not find a free username. Try again.")
    }

    /// Two requests can pass the availability check at once; the unique index decides, and the
    /// loser gets the same friendly 409 instead of a 500.
    static func mappingUniqueViolations<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as any DatabaseError where error.isConstraintFailure {
            let text = String(describing: error).lowercased()
            if text.contains("email") { throw AppError.conflict(field: "email", "An account with this email already exists.") }
            throw AppError.conflict(field: "username", "That username is taken. Try another.")
        }
    }
}
