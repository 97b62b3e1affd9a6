import Fluent
import Foundation
import KindredAPI

/// Memories' friendships: asking by username, cancelling, declining, accepting (which makes the
/// friendship and its book in one transaction), and ending one (which archives the book).
struct MemoriesFriendService {
    let context: ServiceContext

    enum Outcome {
        /// A request of mine is waiting for them; `created` when this call made it.
        case requested(MemoriesFriendRequest, User, created: Bool)
        /// We are friends; `created` when this call made us friends (they had asked me).
        case friends(MemoriesFriendship, User, created: Bool)
    }

    /// Asks `username` to be friends. If they had asked me, this accepts; asking again or asking a
    /// friend changes nothing.
    func send(to username: String, by userID: UUID) async throws -> Outcome {
        let person = try await visible(username, to: userID)
        let personID = try person.requireID()
        guard personID != userID else { throw AppError.validation(field: "username", "You can't be friends with yourself.") }
        let pair = MemoriesPair(userID, personID)
        if let friendship = try await Self.friendship(pair, on: context.database) { return .friends(friendship, person, created: false) }
        if let existing = try await Self.request(pair, on: context.database) {
            if existing.$requester.id == userID { return .requested(existing, person, created: false) }
            return .friends(try await makeFriends(accepting: existing, by: userID), person, created: true)
        }
        let request = MemoriesFriendRequest(requester: userID, recipient: personID)
        do {
            // The request and its activity row are one write: once the request is visible, the
            // other person may accept it (deleting it) at once, and the activity row would then
            // point at a request that is gone.
            try await context.database.writeTransaction { database in
                try await request.create(on: database)
                try await MemoriesActivity(recipient: personID, actor: userID, kind: .friendRequested, request: request.requireID())
                    .create(on: database)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Asked twice at once, or both of us asked each other at once: the first request
            // stands, and the second is read as if it had come a moment later.
            return try await send(to: username, by: userID)
        }
        let me = try await ProfileService.user(userID, on: context.database)
        await context.events.publish(.memoriesFriendRequested(try request.dto(requester: me, direction: .incoming, context: context)), to: personID)
        return .requested(request, person, created: true)
    }

    /// Accepts `username`'s request to me.
    func accept(from username: String, by userID: UUID) async throws -> (MemoriesFriendship, User) {
        let person = try await visible(username, to: userID)
        let pair = MemoriesPair(userID, try person.requireID())
        guard let request = try await Self.request(pair, on: context.database), request.$recipient.id == userID else {
            // Accepted a moment ago on another device: the answer is the friendship it made.
            if let friendship = try await Self.friendship(pair, on: context.database) { return (friendship, person) }
            throw AppError.notFound("friend request")
        }
        return (try await makeFriends(accepting: request, by: userID), person)
    }

    /// Cancels my request to `username`, or declines theirs to me. Neither is announced.
    func deleteRequest(with username: String, by userID: UUID) async throws {
        guard let person = try await ProfileService.visibleUser(username: username, to: userID, on: context.database),
              let request = try await Self.request(MemoriesPair(userID, try person.requireID()), on: context.database)
        else { throw AppError.notFound("friend request") }
        try await request.delete(on: context.database)
    }

    /// Ends our friendship; the book is archived for both of us.
    func unfriend(_ username: String, by userID: UUID) async throws {
        guard let person = try await User.query(on: context.database).filter(\.$username == username.lowercased()).first(),
              let friendship = try await Self.friendship(MemoriesPair(userID, try person.requireID()), on: context.database)
        else { throw AppError.notFound("friend") }
        try await friendship.delete(on: context.database)
        await announceArchived(friendship.$book.id)
    }

    /// My friends, the most recent friendship first, with the friend loaded.
    func friends(of userID: UUID, page: PageRequest) async throws -> Page<(MemoriesFriendship, User)> {
        let friendships = try await MemoriesFriendship.query(on: context.database)
            .group(.or) { $0.filter(\.$lowUser.$id == userID).filter(\.$highUser.$id == userID) }
            .page(newestFirst: \.$createdAt, date: \.createdAt, page)
        let people = try await Self.users(friendships.items.map { $0.pair.other(than: userID) }, on: context.database)
        return Page(items: friendships.items.compactMap { friendship in
            people[friendship.pair.other(than: userID)].map { (friendship, $0) }
        }, nextCursor: friendships.nextCursor)
    }

    /// Requests to me (`incoming`) or from me, newest first, with the other person loaded.
    /// Someone blocked either way or suspended is left out, like everywhere else.
    func requests(_ direction: Components.Schemas.MemoriesFriendRequestDirection, for userID: UUID, page: PageRequest) async throws
        -> Page<(MemoriesFriendRequest, User)> {
        let query = MemoriesFriendRequest.query(on: context.database)
        switch direction {
        case .incoming: query.filter(\.$recipient.$id == userID)
        case .outgoing: query.filter(\.$requester.$id == userID)
        }
        let requests = try await query.page(newestFirst: \.$createdAt, date: \.createdAt, page)
        let others = requests.items.map { direction == .incoming ? $0.$requester.id : $0.$recipient.id }
        let people = try await Self.users(others, on: context.database)
        let hidden = try await Blocks.hidden(from: userID, on: context.database)
        return Page(items: zip(requests.items, others).compactMap { request, otherID in
            guard let person = people[otherID], person.suspendedAt == nil, !hidden.contains(otherID) else { return nil }
            return (request, person)
        }, nextCursor: requests.nextCursor)
    }

    /// A block ends the friendship and any request between the two, both ways; the book is archived.
    func endEverything(between one: UUID, and other: UUID) async throws {
        let pair = MemoriesPair(one, other)
        try await MemoriesFriendRequest.query(on: context.database).filter(\.$pairKey == pair.key).delete()
        guard let friendship = try await Self.friendship(pair, on: context.database) else { return }
        try await friendship.delete(on: context.database)
        await announceArchived(friendship.$book.id)
    }

    // MARK: - Making friends

    /// Turns `request` into a friendship with its book (the pair's earlier book if they were
    /// friends before), all in one transaction: there is never a friendship without its book.
    private func makeFriends(accepting request: MemoriesFriendRequest, by userID: UUID) async throws -> MemoriesFriendship {
        let pair = MemoriesPair(request.$requester.id, request.$recipient.id)
        let now = context.now
        let names = try await Self.users([request.$requester.id, request.$recipient.id], on: context.database)
        let title = [request.$requester.id, request.$recipient.id]
            .map { String((names[$0]?.displayName ?? "").prefix(38)) }.joined(separator: " & ")
        let friendship: MemoriesFriendship
        do {
            friendship = try await context.database.writeTransaction { database in
                // The request goes first: a second accept waits here for the first to commit,
                // then finds nothing to accept.
                guard try await MemoriesFriendRequest.query(on: database).filter(\.$id == request.requireID()).first() != nil
                else { throw AppError.notFound("friend request") }
                try await request.delete(on: database)
                let book: MemoriesBook
                if let existing = try await MemoriesBook.query(on: database).filter(\.$pairKey == pair.key).first() {
                    book = existing
                    book.lastActivityAt = now
                    try await book.save(on: database)
                } else {
                    book = MemoriesBook(pair: pair, title: title, coverColor: MemoriesBook.coverColor(for: pair), now: now)
                    try await book.create(on: database)
                    for member in [pair.low, pair.high] {
                        try await MemoriesBookMember(bookID: try book.requireID(), userID: member).create(on: database)
                    }
                }
                let friendship = MemoriesFriendship(pair: pair, bookID: try book.requireID())
                try await friendship.create(on: database)
                try await MemoriesActivity(recipient: request.$requester.id, actor: userID, kind: .friendAccepted, book: book.requireID())
                    .create(on: database)
                return friendship
            }
        } catch {
            // The same request accepted twice at once: the friendship the first one made is the answer.
            if let existing = try await Self.friendship(pair, on: context.database) { return existing }
            throw error
        }
        let books = MemoriesBookService(context: context)
        for member in [pair.low, pair.high] {
            guard let friend = names[pair.other(than: member)] else { continue }
            let view = try await books.view(friendship.$book.id, for: member)
            await context.events.publish(.memoriesBookCreated(try friendship.dto(friend: friend, book: view, context: context)), to: member)
        }
        return friendship
    }

    private func announceArchived(_ bookID: UUID) async {
        let books = MemoriesBookService(context: context)
        do {
            for memberID in try await books.memberIDs(bookID) {
                await context.events.publish(.memoriesBookUpdated(try books.view(bookID, for: memberID).dto(context: context)), to: memberID)
            }
        } catch {
            // Realtime is a courtesy: the friendship has ended whether or not the devices hear now.
            context.logger.warning("Could not announce an archived book: \(error)")
        }
    }

    // MARK: - Lookups

    static func friendship(_ pair: MemoriesPair, on database: any Database) async throws -> MemoriesFriendship? {
        try await MemoriesFriendship.query(on: database).filter(\.$pairKey == pair.key).first()
    }

    static func request(_ pair: MemoriesPair, on database: any Database) async throws -> MemoriesFriendRequest? {
        try await MemoriesFriendRequest.query(on: database).filter(\.$pairKey == pair.key).first()
    }

    /// Users by id, avatars loaded, for profiles.
    static func users(_ ids: [UUID], on database: any Database) async throws -> [UUID: User] {
        guard !ids.isEmpty else { return [:] }
        let users = try await User.query(on: database).filter(\.$id ~~ Array(Set(ids))).with(\.$avatar).all()
        return Dictionary(uniqueKeysWithValues: users.compactMap { user in user.id.map { ($0, user) } })
    }

    private func visible(_ username: String, to viewerID: UUID) async throws -> User {
        guard let user = try await ProfileService.visibleUser(username: username, to: viewerID, on: context.database) else {
            throw AppError.notFound("profile")
        }
        return user
    }
}
