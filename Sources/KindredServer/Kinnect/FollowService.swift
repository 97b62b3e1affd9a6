import Fluent
import Foundation
import KindredAPI

/// Kinnect's relationships: asking to follow, confirming or deleting a request, unfollowing,
/// removing a follower, and who may see whose followers.
struct FollowService {
    let context: ServiceContext

    /// Where `viewerID` stands with `ownerID`, and what the viewer may see.
    struct Standing {
        var following: KinnectFollow?
        var followsMe: Bool
        /// The owner, or an approved follower: posts, followers and following are theirs to see.
        var canSeePosts: Bool
    }

    /// Someone's profile as `viewerID` may see it (404 when blocked either way, suspended or
    /// unknown), with counts and standing.
    func profile(_ username: String, seenBy viewerID: UUID) async throws -> (User, followers: Int, following: Int, Standing) {
        let owner = try await visible(username, to: viewerID)
        let ownerID = try owner.requireID()
        let followers = try await Self.approved(on: context.database).filter(\.$followee.$id == ownerID).count()
        let following = try await Self.approved(on: context.database).filter(\.$follower.$id == ownerID).count()
        return (owner, followers, following, try await standing(of: viewerID, with: ownerID))
    }

    func standing(of viewerID: UUID, with ownerID: UUID) async throws -> Standing {
        let mine = try await Self.follow(from: viewerID, to: ownerID, on: context.database)
        let theirs = try await Self.follow(from: ownerID, to: viewerID, on: context.database)
        return Standing(following: mine, followsMe: theirs?.isApproved == true,
                        canSeePosts: viewerID == ownerID || mine?.isApproved == true)
    }

    /// Asks to follow `username`. Asking again, or asking someone already followed, changes
    /// nothing (`created` false). The person asked hears of it at once.
    func follow(_ username: String, by userID: UUID) async throws -> (KinnectFollow, User, created: Bool) {
        let person = try await visible(username, to: userID)
        let personID = try person.requireID()
        guard personID != userID else { throw AppError.validation(field: "username", "You can't follow yourself.") }
        if let existing = try await Self.follow(from: userID, to: personID, on: context.database) { return (existing, person, false) }
        let follow = KinnectFollow(follower: userID, followee: personID)
        do {
            try await follow.create(on: context.database)
        } catch {
            // The same request sent twice at once: the first one is the answer.
            guard (error as? any DatabaseError)?.isConstraintFailure == true,
                  let existing = try await Self.follow(from: userID, to: personID, on: context.database)
            else { throw error }
            return (existing, person, false)
        }
        let me = try await ProfileService.user(userID, on: context.database)
        await context.events.publish(.kinnectFollowRequested(try follow.person(me, context: context)), to: personID)
        let followID = try follow.requireID()
        try await ActivityService(context: context).record(.followRequested, for: personID, by: userID,
                                                           group: KinnectActivity.groupID(.followRequested, followID.uuidString), follow: followID)
        return (follow, person, true)
    }

    /// Cancels my request to follow `username`, or stops following them.
    func unfollow(_ username: String, by userID: UUID) async throws {
        guard let person = try await Self.user(username, on: context.database),
              let follow = try await Self.follow(from: userID, to: person.requireID(), on: context.database)
        else { throw AppError.notFound("follow") }
        try await follow.delete(on: context.database)
    }

    /// Lets `username`, who asked, follow me; they hear of it at once.
    func confirm(_ username: String, by userID: UUID) async throws -> (KinnectFollow, User) {
        let (request, requester) = try await pendingRequest(from: username, to: userID)
        request.approvedAt = context.now
        try await request.save(on: context.database)
        let me = try await ProfileService.user(userID, on: context.database)
        let requesterID = try requester.requireID()
        await context.events.publish(.kinnectFollowAccepted(try request.person(me, context: context)), to: requesterID)
        try await ActivityService(context: context).followConfirmed(request, owner: userID, requester: requesterID)
        return (request, requester)
    }

    /// Turns down a request. The requester is not told; their button reads "Follow" again.
    func deleteRequest(from username: String, by userID: UUID) async throws {
        try await pendingRequest(from: username, to: userID).0.delete(on: context.database)
    }

    /// Removes one of my followers. They are not told, and can ask again.
    func removeFollower(_ username: String, by userID: UUID) async throws {
        guard let person = try await Self.user(username, on: context.database),
              let follow = try await Self.follow(from: person.requireID(), to: userID, on: context.database), follow.isApproved
        else { throw AppError.notFound("follower") }
        try await follow.delete(on: context.database)
    }

    /// Requests waiting for me, most recent first, with the requesters loaded.
    func requests(for userID: UUID, page: PageRequest) async throws -> Page<KinnectFollow> {
        try await KinnectFollow.query(on: context.database)
            .filter(\.$followee.$id == userID).filter(\.$approvedAt == nil)
            .with(\.$follower) { $0.with(\.$avatar) }
            .page(newestFirst: \.$createdAt, date: \.createdAt, page)
    }

    /// Someone's followers (`direction` .followers) or whom they follow, most recent first:
    /// only for the owner and approved followers, a 404 for anyone else.
    func people(_ direction: Direction, of username: String, seenBy viewerID: UUID, page: PageRequest) async throws
        -> Page<(KinnectFollow, User)> {
        let owner = try await visible(username, to: viewerID)
        let ownerID = try owner.requireID()
        guard try await standing(of: viewerID, with: ownerID).canSeePosts else { throw AppError.notFound("profile") }
        let query = Self.approved(on: context.database)
        switch direction {
        case .followers:
            query.filter(\.$followee.$id == ownerID).with(\.$follower) { $0.with(\.$avatar) }
        case .following:
            query.filter(\.$follower.$id == ownerID).with(\.$followee) { $0.with(\.$avatar) }
        }
        // Someone either of us blocked stays out of the list, like everywhere else.
        let hidden = try await Blocks.hidden(from: viewerID, on: context.database)
        let follows = try await query.page(newestFirst: \.$approvedAt, date: \.approvedAt, page)
        let items = follows.items.map { ($0, direction == .followers ? $0.follower : $0.followee) }
            .filter { pair in pair.1.suspendedAt == nil && !hidden.contains(pair.1.id ?? UUID()) }
        return Page(items: items, nextCursor: follows.nextCursor)
    }

    enum Direction { case followers, following }

    /// People whose username, or any word of whose name, starts with `query`, and where I stand
    /// with each: usernames first, then names, each alphabetical. I, anyone blocked either way and
    /// suspended accounts never appear.
    func search(_ query: String, limit: Int, by viewerID: UUID) async throws -> [(User, KinnectFollow?)] {
        let needle = query.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !needle.isEmpty else { throw AppError.validation(field: "q", "Type a name or a username.") }
        let limit = min(max(limit, 1), 50)
        // LIKE's wildcards in what was typed are matched as themselves.
        let escaped = needle.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        let hidden = Array(try await Blocks.hidden(from: viewerID, on: context.database)) + [viewerID]
        // SQLite lowers ASCII only; the exact test below runs in Swift, on every row returned.
        let candidates = try await context.database.sql().raw("""
            SELECT id FROM users WHERE suspended_at IS NULL AND sign_up_pending_since IS NULL AND id NOT IN (\(binds: hidden)) AND (
              username LIKE \(bind: escaped + "%") ESCAPE '\\'
              OR LOWER(display_name) LIKE \(bind: escaped + "%") ESCAPE '\\'
              OR LOWER(display_name) LIKE \(bind: "% " + escaped + "%") ESCAPE '\\')
            ORDER BY username LIMIT \(literal: limit * 4 + 20)
            """).all().map { try $0.decode(column: "id", as: UUID.self) }
        guard !candidates.isEmpty else { return [] }
        let users = try await User.query(on: context.database).filter(\.$id ~~ candidates).with(\.$avatar).all()
        let byUsername = users.filter { $0.username.hasPrefix(needle) }.sorted { $0.username < $1.username }
        let byName = users.filter { user in
            let name = user.displayName.lowercased()
            return !user.username.hasPrefix(needle)
                && (name.hasPrefix(needle) || name.split(whereSeparator: \.isWhitespace).contains { $0.hasPrefix(needle) })
        }.sorted { ($0.displayName.lowercased(), $0.username) < ($1.displayName.lowercased(), $1.username) }
        let found = Array((byUsername + byName).prefix(limit))
        let follows = try await KinnectFollow.query(on: context.database)
            .filter(\.$follower.$id == viewerID).filter(\.$followee.$id ~~ found.compactMap(\.id)).all()
        let mine = Dictionary(uniqueKeysWithValues: follows.map { ($0.$followee.id, $0) })
        return found.map { ($0, mine[$0.id ?? UUID()]) }
    }

    /// Ends every follow between two people, both ways (one blocked the other).
    static func endFollows(between one: UUID, and other: UUID, on database: any Database) async throws {
        try await KinnectFollow.query(on: database)
            .group(.or) { either in
                either.group(.and) { $0.filter(\.$follower.$id == one).filter(\.$followee.$id == other) }
                either.group(.and) { $0.filter(\.$follower.$id == other).filter(\.$followee.$id == one) }
            }
            .delete()
    }

    static func follow(from followerID: UUID, to followeeID: UUID, on database: any Database) async throws -> KinnectFollow? {
        try await KinnectFollow.query(on: database).filter(\.$follower.$id == followerID).filter(\.$followee.$id == followeeID).first()
    }

    static func approved(on database: any Database) -> QueryBuilder<KinnectFollow> {
        KinnectFollow.query(on: database).filter(\.$approvedAt != nil)
    }

    private static func user(_ username: String, on database: any Database) async throws -> User? {
        try await User.query(on: database).filter(\.$username == username.lowercased()).first()
    }

    private func visible(_ username: String, to viewerID: UUID) async throws -> User {
        guard let user = try await ProfileService.visibleUser(username: username, to: viewerID, on: context.database) else {
            throw AppError.notFound("profile")
        }
        return user
    }

    private func pendingRequest(from username: String, to userID: UUID) async throws -> (KinnectFollow, User) {
        guard let requester = try await ProfileService.visibleUser(username: username, to: userID, on: context.database),
              let request = try await Self.follow(from: requester.requireID(), to: userID, on: context.database),
              !request.isApproved
        else { throw AppError.notFound("follow request") }
        return (request, requester)
    }
}
