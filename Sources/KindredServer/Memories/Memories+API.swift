import Foundation
import KindredAPI

extension MemoriesBookView {
    func dto(context: ServiceContext) throws -> Components.Schemas.MemoriesBook {
        .init(
            id: try book.requireID(), title: book.title, coverColor: book.coverColor,
            coverPhoto: try book.$coverMedia.value.flatMap { $0 }.map { try $0.dto(mediaURLs: context.services.mediaURLs, now: context.now) },
            members: try members.map { try context.profile(of: $0) }, archived: archived,
            createdAt: book.createdAt ?? context.now, lastActivityAt: book.lastActivityAt, pageCount: pageCount, unreadLetters: unreadLetters)
    }
}

extension MemoriesFriendship {
    /// The friendship as `friend`'s friend sees it.
    func dto(friend: User, book: MemoriesBookView, context: ServiceContext) throws -> Components.Schemas.MemoriesFriend {
        .init(profile: try context.profile(of: friend), since: createdAt ?? context.now, book: try book.dto(context: context))
    }
}

extension MemoriesFriendRequest {
    /// The request as one side sees it: `person` is the other side.
    func dto(requester person: User, direction: Components.Schemas.MemoriesFriendRequestDirection, context: ServiceContext) throws
        -> Components.Schemas.MemoriesFriendRequest {
        .init(profile: try context.profile(of: person), direction: direction, createdAt: createdAt ?? context.now)
    }
}

extension MemoriesPage {
    var state: Components.Schemas.MemoriesPageState {
        switch kind {
        case .memory: .shared
        case .letter: placedAt == nil ? .draft : .sent
        }
    }

    var kindDTO: Components.Schemas.MemoriesPageKind {
        switch kind {
        case .letter: .letter
        case .memory: .memory
        }
    }

    func summaryDTO(author: User, context: ServiceContext) throws -> Components.Schemas.MemoriesPageSummary {
        .init(
            id: try requireID(), bookId: $book.id, kind: kindDTO, state: state, author: try context.profile(of: author),
            createdAt: createdAt ?? context.now, placedAt: placedAt, updatedAt: updatedAt ?? createdAt ?? context.now, elementCount: elementCount)
    }
}

extension MemoriesPageView {
    func dto(context: ServiceContext) throws -> Components.Schemas.MemoriesPageDetail {
        .init(
            id: try page.requireID(), bookId: page.$book.id, kind: page.kindDTO, state: page.state, author: try context.profile(of: author),
            createdAt: page.createdAt ?? context.now, placedAt: page.placedAt, updatedAt: page.updatedAt ?? page.createdAt ?? context.now,
            revision: page.revision, seq: page.seq, canvas: canvas,
            media: try media.map { try $0.dto(mediaURLs: context.services.mediaURLs, now: context.now) })
    }
}

extension MemoriesSequencedOperation {
    var dto: Components.Schemas.MemoriesSequencedOperation {
        .init(seq: seq, by: by, operation: operation)
    }
}

extension MemoriesActivity {
    func dto(actor: User, context: ServiceContext) throws -> Components.Schemas.MemoriesActivity {
        let kind: Components.Schemas.MemoriesActivityKind = switch self.kind {
        case .friendRequested: .friendRequested
        case .friendAccepted: .friendAccepted
        case .letterArrived: .letterArrived
        case .pageAdded: .pageAdded
        }
        return .init(id: try requireID(), kind: kind, actor: try context.profile(of: actor), createdAt: createdAt ?? context.now,
                     unread: readAt == nil, bookId: $book.id, pageId: $page.id)
    }
}

extension Components.Schemas.RealtimeEvent {
    /// To the person asked.
    static func memoriesFriendRequested(_ request: Components.Schemas.MemoriesFriendRequest) -> Self {
        .memories_friend_requested(.init(_type: "memories.friend.requested", request: request))
    }

    /// To each friend, with the other as `friend.profile`, when a request is accepted.
    static func memoriesBookCreated(_ friend: Components.Schemas.MemoriesFriend) -> Self {
        .memories_book_created(.init(_type: "memories.book.created", friend: friend))
    }

    static func memoriesBookUpdated(_ book: Components.Schemas.MemoriesBook) -> Self {
        .memories_book_updated(.init(_type: "memories.book.updated", book: book))
    }

    static func memoriesPageAdded(_ page: Components.Schemas.MemoriesPageSummary) -> Self {
        .memories_page_added(.init(_type: "memories.page.added", page: page))
    }

    static func memoriesPageChanged(pageID: UUID, bookID: UUID, seq: Int, operations: [MemoriesSequencedOperation]) -> Self {
        .memories_page_changed(.init(_type: "memories.page.changed", pageId: pageID, bookId: bookID, seq: seq, operations: operations.map(\.dto)))
    }

    static func memoriesPresenceUpdated(pageID: UUID, profile: Components.Schemas.Profile, editing: Bool, x: Double?, y: Double?) -> Self {
        .memories_presence_updated(.init(_type: "memories.presence.updated", pageId: pageID, profile: profile, editing: editing, x: x, y: y))
    }
}
