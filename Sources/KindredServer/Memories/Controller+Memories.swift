import Fluent
import Foundation
import KindredAPI
import Vapor

// MARK: - Friends

extension Controller {
    func listMemoriesFriends(_ input: Operations.ListMemoriesFriends.Input) async throws -> Operations.ListMemoriesFriends.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let friends = try await MemoriesFriendService(context: context)
            .friends(of: caller.userID, page: try PageRequest(limit: input.query.limit, cursor: input.query.cursor))
        let books = try await MemoriesBook.query(on: context.database).filter(\.$id ~~ friends.items.map(\.0.$book.id)).all()
        let views = Dictionary(uniqueKeysWithValues: try await MemoriesBookService(context: context).views(books, for: caller.userID)
            .map { ($0.book.id ?? UUID(), $0) })
        let items = try friends.items.compactMap { friendship, friend in
            try views[friendship.$book.id].map { try friendship.dto(friend: friend, book: $0, context: context) }
        }
        return .ok(.init(body: .json(.init(items: items, nextCursor: friends.nextCursor))))
    }

    func removeMemoriesFriend(_ input: Operations.RemoveMemoriesFriend.Input) async throws -> Operations.RemoveMemoriesFriend.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await MemoriesFriendService(context: request.context).unfriend(input.path.username, by: caller.userID)
        return .noContent(.init())
    }

    func listMemoriesFriendRequests(_ input: Operations.ListMemoriesFriendRequests.Input) async throws
        -> Operations.ListMemoriesFriendRequests.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let direction = input.query.direction ?? .incoming
        let requests = try await MemoriesFriendService(context: request.context)
            .requests(direction, for: caller.userID, page: try PageRequest(limit: input.query.limit, cursor: input.query.cursor))
            .map { try $0.0.dto(requester: $0.1, direction: direction, context: request.context) }
        return .ok(.init(body: .json(.init(items: requests.items, nextCursor: requests.nextCursor))))
    }

    func sendMemoriesFriendRequest(_ input: Operations.SendMemoriesFriendRequest.Input) async throws
        -> Operations.SendMemoriesFriendRequest.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let context = request.context
        switch try await MemoriesFriendService(context: context).send(to: body.username, by: caller.userID) {
        case .requested(let friendRequest, let person, let created):
            let dto = Components.Schemas.MemoriesFriendRequestResult(
                state: .requested, profile: try context.profile(of: person),
                request: try friendRequest.dto(requester: person, direction: .outgoing, context: context))
            return created ? .created(.init(body: .json(dto))) : .ok(.init(body: .json(dto)))
        case .friends(let friendship, let person, _):
            let book = try await MemoriesBookService(context: context).view(friendship.$book.id, for: caller.userID)
            return .ok(.init(body: .json(.init(
                state: .friends, profile: try context.profile(of: person), friend: try friendship.dto(friend: person, book: book, context: context)))))
        }
    }

    func acceptMemoriesFriendRequest(_ input: Operations.AcceptMemoriesFriendRequest.Input) async throws
        -> Operations.AcceptMemoriesFriendRequest.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let (friendship, friend) = try await MemoriesFriendService(context: context).accept(from: input.path.username, by: caller.userID)
        let book = try await MemoriesBookService(context: context).view(friendship.$book.id, for: caller.userID)
        return .ok(.init(body: .json(try friendship.dto(friend: friend, book: book, context: context))))
    }

    func deleteMemoriesFriendRequest(_ input: Operations.DeleteMemoriesFriendRequest.Input) async throws
        -> Operations.DeleteMemoriesFriendRequest.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await MemoriesFriendService(context: request.context).deleteRequest(with: input.path.username, by: caller.userID)
        return .noContent(.init())
    }
}

// MARK: - Books

extension Controller {
    func listMemoriesBooks(_ input: Operations.ListMemoriesBooks.Input) async throws -> Operations.ListMemoriesBooks.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let books = try await MemoriesBookService(context: request.context)
            .shelf(of: caller.userID, page: try PageRequest(limit: input.query.limit, cursor: input.query.cursor))
            .map { try $0.dto(context: request.context) }
        return .ok(.init(body: .json(.init(items: books.items, nextCursor: books.nextCursor))))
    }

    func getMemoriesBook(_ input: Operations.GetMemoriesBook.Input) async throws -> Operations.GetMemoriesBook.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let book = try await MemoriesBookService(context: request.context).view(input.path.bookId, for: caller.userID)
        return .ok(.init(body: .json(try book.dto(context: request.context))))
    }

    func updateMemoriesBook(_ input: Operations.UpdateMemoriesBook.Input) async throws -> Operations.UpdateMemoriesBook.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let book = try await MemoriesBookService(context: request.context).update(
            input.path.bookId, title: body.title, coverColor: body.coverColor, coverPhotoID: body.coverPhotoId,
            removeCoverPhoto: body.removeCoverPhoto ?? false, by: caller.userID)
        return .ok(.init(body: .json(try book.dto(context: request.context))))
    }

    func markMemoriesBookRead(_ input: Operations.MarkMemoriesBookRead.Input) async throws -> Operations.MarkMemoriesBookRead.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await MemoriesBookService(context: request.context).markRead(input.path.bookId, by: caller.userID)
        return .noContent(.init())
    }
}

// MARK: - Activity

extension Controller {
    func listMemoriesActivity(_ input: Operations.ListMemoriesActivity.Input) async throws -> Operations.ListMemoriesActivity.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let items = try await MemoriesActivityService(context: request.context)
            .list(for: caller.userID, page: try PageRequest(limit: input.query.limit, cursor: input.query.cursor))
            .map { try $0.0.dto(actor: $0.1, context: request.context) }
        return .ok(.init(body: .json(.init(items: items.items, nextCursor: items.nextCursor))))
    }

    func getMemoriesActivityUnread(_ input: Operations.GetMemoriesActivityUnread.Input) async throws
        -> Operations.GetMemoriesActivityUnread.Output {
        let request = try request
        let caller = try await Caller.require(request)
        return .ok(.init(body: .json(.init(count: try await MemoriesActivityService(context: request.context).unreadCount(for: caller.userID)))))
    }

    func markMemoriesActivityRead(_ input: Operations.MarkMemoriesActivityRead.Input) async throws
        -> Operations.MarkMemoriesActivityRead.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let unread = try await MemoriesActivityService(context: request.context).markRead(through: body.through, by: caller.userID)
        return .ok(.init(body: .json(.init(count: unread))))
    }
}
