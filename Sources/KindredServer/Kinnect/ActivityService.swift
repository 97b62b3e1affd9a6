import Fluent
import Foundation
import KindredAPI
import SQLKit

/// Kinnect's activity tab: what happened around me, grouped ("ada and 3 others liked your post"),
/// with what is new since I last looked.
struct ActivityService {
    let context: ServiceContext

    /// One item of the list: a group of rows, newest first.
    struct Item {
        var groupID: UUID
        var kind: KinnectActivity.Kind
        /// The latest one or two people, and how many in all.
        var actors: [User]
        var actorCount: Int
        var latestAt: Date
        var unread: Bool
        var post: KinnectPost?
        var comment: KinnectComment?
    }

    // MARK: - Recording

    /// Records an act for `recipient` (never for the actor themself) and tells their devices the
    /// new unread count, and, as a push notification, what happened. The act's own row is already saved: the activity row cascades from it.
    func record(_ kind: KinnectActivity.Kind, for recipient: UUID, by actor: UUID, group: UUID,
                follow: UUID? = nil, like: UUID? = nil, comment: UUID? = nil, post: UUID? = nil) async throws {
        guard recipient != actor else { return }
        try await KinnectActivity(recipient: recipient, actor: actor, kind: kind, group: group, follow: follow, like: like,
                                  comment: comment, post: post).create(on: context.database)
        await context.events.publish(.kinnectActivityCreated(unreadCount: try await unreadCount(for: recipient)), to: recipient)
        if let push = KinnectNotifications.kind(of: kind) {
            await context.notify(recipient, of: push) {
                KinnectNotifications.notice(kind, as: push, by: try await ProfileService.user(actor, on: context.database), group: group)
            }
        }
    }

    /// A request was confirmed: the request leaves the owner's list, which gains a new follower
    /// (grouped by day), and the requester learns they were accepted.
    func followConfirmed(_ follow: KinnectFollow, owner: UUID, requester: UUID) async throws {
        let followID = try follow.requireID()
        try await KinnectActivity.query(on: context.database).filter(\.$follow.$id == followID)
            .filter(\.$kind == .followRequested).delete()
        let day = Self.day(context.now)
        try await record(.followed, for: owner, by: requester, group: KinnectActivity.groupID(.followed, owner.uuidString, day),
                         follow: followID)
        try await record(.followAccepted, for: requester, by: owner, group: KinnectActivity.groupID(.followAccepted, followID.uuidString),
                         follow: followID)
    }

    // MARK: - Reading

    /// My activity, newest group first, one page of groups at a time. Rows by anyone blocked
    /// either way or suspended are left out before grouping, so they neither show nor count.
    func list(for userID: UUID, page: PageRequest) async throws -> Page<Item> {
        let sql = try context.database.sql()
        let hidden = Array(try await Blocks.hidden(from: userID, on: context.database))
        var query: SQLQueryString = """
            SELECT a.group_id AS group_id, MAX(a.created_at) AS latest FROM kinnect_activity a
            JOIN users u ON u.id = a.actor_id AND u.suspended_at IS NULL
            WHERE a.recipient_id = \(bind: userID)
            """
        if !hidden.isEmpty { query = query + " AND a.actor_id NOT IN (\(binds: hidden))" }
        query = query + " GROUP BY a.group_id"
        if let after = page.after {
            query = query + " HAVING MAX(a.created_at) < \(bind: after.date) OR (MAX(a.created_at) = \(bind: after.date) AND a.group_id < \(bind: after.id))"
        }
        query = query + " ORDER BY latest DESC, group_id DESC LIMIT \(literal: page.limit + 1)"
        let groups = try await sql.raw(query).all().map { row in
            (id: try row.decode(column: "group_id", as: UUID.self), latest: try row.decode(column: "latest", as: Date.self))
        }
        let groupPage = Page(rows: groups, limit: page.limit) { PageCursor(date: $0.latest, id: $0.id) }
        let shown = groupPage.items
        guard !shown.isEmpty else { return Page(items: [], nextCursor: nil) }

        // The rows of this page's groups, newest first, with what the items show.
        let rows = try await KinnectActivity.query(on: context.database)
            .filter(\.$recipient.$id == userID).filter(\.$groupID ~~ shown.map(\.id))
            .with(\.$actor) { $0.with(\.$avatar) }
            .with(\.$comment)
            .sort(\.$createdAt, .descending)
            .all()
            .filter { $0.actor.suspendedAt == nil && !hidden.contains($0.$actor.id) }
        let posts = try await thumbnails(of: Set(rows.compactMap { $0.$post.id }))
        // A reply to my comment on someone else's post stays mine to read only while I may still
        // see that post: after they remove me as a follower, block me or hide the post, the item
        // (its text and a signed URL of the post's thumbnail) would show me what I no longer may.
        let authors = try await PostService(context: context).visibleAuthors(to: userID)
        let readThrough = try await self.readThrough(for: userID)
        let byGroup = Dictionary(grouping: rows, by: \.groupID)
        let items: [Item] = shown.compactMap { group in
            guard let rows = byGroup[group.id], let newest = rows.first else { return nil }
            if let postID = newest.$post.id {
                guard let post = posts[postID],
                      post.$author.id == userID || (authors.contains(post.$author.id) && post.hiddenAt == nil)
                else { return nil }
            }
            var seen = Set<UUID>()
            let actors = rows.map(\.actor).filter { seen.insert($0.id ?? UUID()).inserted }
            // The newest comment that a moderator has not hidden gives the preview.
            let comment = rows.lazy.compactMap(\.comment).first { $0.hiddenAt == nil }
            return Item(groupID: group.id, kind: newest.kind, actors: Array(actors.prefix(2)), actorCount: actors.count,
                        latestAt: group.latest, unread: readThrough.map { group.latest > $0 } ?? true,
                        post: newest.$post.id.flatMap { posts[$0] }, comment: comment)
        }
        // A group left out here (its post no longer visible) still moves the cursor past it.
        return Page(items: items, nextCursor: groupPage.nextCursor)
    }

    /// How many groups changed since I last read the list.
    func unreadCount(for userID: UUID) async throws -> Int {
        let hidden = Array(try await Blocks.hidden(from: userID, on: context.database))
        var query: SQLQueryString = """
            SELECT COUNT(*) AS n FROM (SELECT a.group_id FROM kinnect_activity a
            JOIN users u ON u.id = a.actor_id AND u.suspended_at IS NULL
            WHERE a.recipient_id = \(bind: userID)
            """
        if !hidden.isEmpty { query = query + " AND a.actor_id NOT IN (\(binds: hidden))" }
        query = query + " GROUP BY a.group_id"
        if let readThrough = try await readThrough(for: userID) {
            query = query + " HAVING MAX(a.created_at) > \(bind: readThrough)"
        }
        query = query + ") AS unread_groups"
        return try await context.database.sql().raw(query).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// Marks everything up to `through` read. Never backwards (another device may have read
    /// further), never past now (what has not happened cannot have been seen).
    func markRead(through: Date, by userID: UUID) async throws -> Int {
        // The API's times are whole seconds, so a time the client was shown covers its whole second.
        let through = min(Date(timeIntervalSince1970: through.timeIntervalSince1970.rounded(.down) + 0.999_999), context.now)
        if let existing = try await KinnectActivityRead.query(on: context.database).filter(\.$user.$id == userID).first() {
            if through > existing.readThrough {
                existing.readThrough = through
                try await existing.save(on: context.database)
            }
        } else {
            do {
                try await KinnectActivityRead(userID: userID, readThrough: through).create(on: context.database)
            } catch {
                // Two devices marking at once: the other one's row stands; move it forward if ours is later.
                guard (error as? any DatabaseError)?.isConstraintFailure == true else { throw error }
                try await KinnectActivityRead.query(on: context.database).filter(\.$user.$id == userID)
                    .filter(\.$readThrough < through).set(\.$readThrough, to: through).update()
            }
        }
        return try await unreadCount(for: userID)
    }

    private func readThrough(for userID: UUID) async throws -> Date? {
        try await KinnectActivityRead.query(on: context.database).filter(\.$user.$id == userID).first()?.readThrough
    }

    /// The posts the items point at, with their first item's media for the thumbnail.
    private func thumbnails(of ids: Set<UUID>) async throws -> [UUID: KinnectPost] {
        guard !ids.isEmpty else { return [:] }
        let posts = try await KinnectPost.query(on: context.database).filter(\.$id ~~ Array(ids))
            .with(\.$media) { $0.with(\.$thumbnail) }.all()
        return Dictionary(uniqueKeysWithValues: posts.compactMap { post in post.id.map { ($0, post) } })
    }

    /// Followers group by UTC day: "ada and 3 others started following you" today.
    private static func day(_ date: Date) -> String {
        String(Int(date.timeIntervalSince1970 / 86_400))
    }
}

extension ActivityService.Item {
    func dto(context: ServiceContext) throws -> Components.Schemas.KinnectActivity {
        let signer = context.services.mediaURLs
        let thumbnail = post?.media.min { $0.position < $1.position }?.thumbnail
        return .init(
            id: groupID, kind: Components.Schemas.KinnectActivityKind(rawValue: kind.rawValue) ?? .liked,
            actors: try actors.map { try context.profile(of: $0) }, actorCount: actorCount, latestAt: latestAt, unread: unread,
            post: try post.flatMap { post in
                try thumbnail.map { .init(id: try post.requireID(), thumbnail: try $0.dto(mediaURLs: signer, now: context.now)) }
            },
            commentId: comment?.id, text: comment?.text)
    }
}

extension Components.Schemas.RealtimeEvent {
    /// To the person the activity is for: the Activity tab's badge.
    static func kinnectActivityCreated(unreadCount: Int) -> Self {
        .kinnect_activity_created(.init(_type: "kinnect.activity.created", unreadCount: unreadCount))
    }
}
