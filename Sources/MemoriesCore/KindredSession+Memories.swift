import Foundation
import KindredSDK
import MemoriesCanvas

public typealias MemoriesBook = Components.Schemas.MemoriesBook
public typealias MemoriesFriend = Components.Schemas.MemoriesFriend
public typealias MemoriesFriendRequest = Components.Schemas.MemoriesFriendRequest
public typealias MemoriesPageSummary = Components.Schemas.MemoriesPageSummary
public typealias MemoriesPageDetail = Components.Schemas.MemoriesPageDetail
public typealias MemoriesSequencedOperation = Components.Schemas.MemoriesSequencedOperation
public typealias MemoriesActivity = Components.Schemas.MemoriesActivity

/// The Memories operations, over the SDK's session (auth, retries, problems).
extension KindredSession {
    /// What asking someone to be friends came to.
    public enum FriendRequestOutcome: Sendable {
        case requested(MemoriesFriendRequest)
        /// They had asked me: we are friends, with our book.
        case friends(MemoriesFriend)
    }

    // MARK: - Friends

    public func askToBeFriends(_ username: String) async throws -> FriendRequestOutcome {
        try await perform {
            let result: Components.Schemas.MemoriesFriendRequestResult = switch try await client.sendMemoriesFriendRequest(body: .json(.init(username: username))) {
            case .created(let created): try created.body.json
            case .ok(let existing): try existing.body.json
            case .default(let status, _): throw KindredError.unexpectedResponse(status: status)
            }
            if let friend = result.friend { return .friends(friend) }
            guard let request = result.request else { throw KindredError.unexpectedResponse(status: 200) }
            return .requested(request)
        }
    }

    public func friendRequests(_ direction: Components.Schemas.MemoriesFriendRequestDirection, limit: Int? = nil, cursor: String? = nil)
        async throws -> Page<MemoriesFriendRequest> {
        try await perform {
            let page = try await client.listMemoriesFriendRequests(query: .init(direction: direction, limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    @discardableResult
    public func acceptFriendRequest(from username: String) async throws -> MemoriesFriend {
        try await perform { try await client.acceptMemoriesFriendRequest(path: .init(username: username)).ok.body.json }
    }

    /// Cancels my request to someone, or declines theirs.
    public func deleteFriendRequest(with username: String) async throws {
        _ = try await perform { try await client.deleteMemoriesFriendRequest(path: .init(username: username)).noContent }
    }

    public func friends(limit: Int? = nil, cursor: String? = nil) async throws -> Page<MemoriesFriend> {
        try await perform {
            let page = try await client.listMemoriesFriends(query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    /// Ends a friendship; our book is archived.
    public func unfriend(_ username: String) async throws {
        _ = try await perform { try await client.removeMemoriesFriend(path: .init(username: username)).noContent }
    }

    // MARK: - Books

    public func books(limit: Int? = nil, cursor: String? = nil) async throws -> Page<MemoriesBook> {
        try await perform {
            let page = try await client.listMemoriesBooks(query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    public func book(_ id: UUID) async throws -> MemoriesBook {
        try await perform { try await client.getMemoriesBook(path: .init(bookId: id)).ok.body.json }
    }

    public func updateBook(_ id: UUID, title: String? = nil, coverColor: String? = nil, coverPhotoID: UUID? = nil,
                           removeCoverPhoto: Bool? = nil) async throws -> MemoriesBook {
        try await perform {
            try await client.updateMemoriesBook(path: .init(bookId: id), body: .json(.init(
                title: title, coverColor: coverColor, coverPhotoId: coverPhotoID, removeCoverPhoto: removeCoverPhoto))).ok.body.json
        }
    }

    public func markBookRead(_ id: UUID) async throws {
        _ = try await perform { try await client.markMemoriesBookRead(path: .init(bookId: id)).noContent }
    }

    /// The book's contents in book order, a page at a time.
    public func bookPages(_ bookID: UUID, limit: Int? = nil, cursor: String? = nil) async throws -> Page<MemoriesPageSummary> {
        try await perform {
            let page = try await client.listMemoriesPages(path: .init(bookId: bookID), query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    public func drafts(in bookID: UUID, limit: Int? = nil, cursor: String? = nil) async throws -> Page<MemoriesPageSummary> {
        try await perform {
            let page = try await client.listMemoriesDrafts(path: .init(bookId: bookID), query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    // MARK: - Pages

    public func createMemoryPage(in bookID: UUID, canvas: Canvas? = nil) async throws -> MemoriesPageDetail {
        try await perform { try await client.createMemoriesPage(path: .init(bookId: bookID), body: .json(.init(canvas: canvas))).created.body.json }
    }

    public func createDraft(in bookID: UUID, canvas: Canvas? = nil) async throws -> MemoriesPageDetail {
        try await perform { try await client.createMemoriesDraft(path: .init(bookId: bookID), body: .json(.init(canvas: canvas))).created.body.json }
    }

    /// Saves a draft whole; `revision` is the one it was edited from. Answers the new revision.
    public func saveDraft(_ draftID: UUID, canvas: Canvas, revision: Int) async throws -> Int {
        try await perform {
            try await client.saveMemoriesDraft(path: .init(draftId: draftID), query: .init(revision: revision), body: .json(canvas)).ok.body.json.revision
        }
    }

    public func sendDraft(_ draftID: UUID) async throws -> MemoriesPageDetail {
        try await perform { try await client.sendMemoriesDraft(path: .init(draftId: draftID)).ok.body.json }
    }

    public func deleteDraft(_ draftID: UUID) async throws {
        _ = try await perform { try await client.deleteMemoriesDraft(path: .init(draftId: draftID)).noContent }
    }

    public func page(_ pageID: UUID) async throws -> MemoriesPageDetail {
        try await perform { try await client.getMemoriesPage(path: .init(pageId: pageID)).ok.body.json }
    }

    /// Sends operations of a memory page; answers them as sequenced, and the page's latest `seq`.
    public func apply(_ operations: [CanvasOperation], to pageID: UUID) async throws -> (seq: Int, operations: [MemoriesSequencedOperation]) {
        try await perform {
            let result = try await client.applyMemoriesOperations(path: .init(pageId: pageID), body: .json(.init(operations: operations))).ok.body.json
            return (result.seq, result.operations)
        }
    }

    public func sendPresence(on pageID: UUID, editing: Bool, x: Double? = nil, y: Double? = nil) async throws {
        _ = try await perform {
            try await client.updateMemoriesPresence(path: .init(pageId: pageID), body: .json(.init(editing: editing, x: x, y: y))).noContent
        }
    }

    // MARK: - Activity

    public func memoriesActivity(limit: Int? = nil, cursor: String? = nil) async throws -> Page<MemoriesActivity> {
        try await perform {
            let page = try await client.listMemoriesActivity(query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    public func memoriesActivityUnread() async throws -> Int {
        try await perform { try await client.getMemoriesActivityUnread().ok.body.json.count }
    }

    /// Marks activity up to `through` read; answers what is still unread.
    @discardableResult
    public func markMemoriesActivityRead(through: Date) async throws -> Int {
        try await perform { try await client.markMemoriesActivityRead(body: .json(.init(through: through))).ok.body.json.count }
    }
}
