import Fluent
import Foundation

/// Memories' activity: requests, accepted requests, letters and memory pages, newest first. A
/// request's item goes with the request; a letter's is read when its book is opened.
struct MemoriesActivityService {
    let context: ServiceContext

    /// My activity, newest first, without anyone blocked either way or suspended.
    func list(for userID: UUID, page: PageRequest) async throws -> Page<(MemoriesActivity, User)> {
        let items = try await MemoriesActivity.query(on: context.database).filter(\.$recipient.$id == userID)
            .page(newestFirst: \.$createdAt, date: \.createdAt, page)
        let actors = try await MemoriesFriendService.users(items.items.map(\.$actor.id), on: context.database)
        let hidden = try await Blocks.hidden(from: userID, on: context.database)
        return Page(items: items.items.compactMap { item in
            guard let actor = actors[item.$actor.id], actor.suspendedAt == nil, !hidden.contains(item.$actor.id) else { return nil }
            return (item, actor)
        }, nextCursor: items.nextCursor)
    }

    func unreadCount(for userID: UUID) async throws -> Int {
        let hidden = Array(try await Blocks.hidden(from: userID, on: context.database))
        let query = MemoriesActivity.query(on: context.database).filter(\.$recipient.$id == userID).filter(\.$readAt == nil)
        if !hidden.isEmpty { query.filter(\.$actor.$id !~ hidden) }
        return try await query.count()
    }

    /// Marks everything up to `through` (never past now) read; returns what is still unread.
    func markRead(through: Date, by userID: UUID) async throws -> Int {
        // The API's times are whole seconds: the time of the newest item shown covers its whole second.
        let through = min(Date(timeIntervalSince1970: through.timeIntervalSince1970.rounded(.down) + 0.999_999), context.now)
        try await MemoriesActivity.query(on: context.database)
            .filter(\.$recipient.$id == userID).filter(\.$readAt == nil).filter(\.$createdAt <= through)
            .set(\.$readAt, to: context.now).update()
        return try await unreadCount(for: userID)
    }
}
