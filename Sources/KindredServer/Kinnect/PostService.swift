import Fluent
import Foundation
import KindredAPI
import SQLKit

/// Kinnect's posts: posting photos and videos with a caption (all or nothing), reading a post,
/// editing its caption, deleting it, the feed and a profile's posts.
struct PostService {
    let context: ServiceContext

    static let captionLimit = 2200
    /// The renditions the clients make: the display one at most this wide, the thumbnail at most
    /// this wide, with the same proportions (within 2 %, for rounding).
    static let displayWidth = 1080
    static let thumbnailWidth = 400

    /// One carousel item: a photo's display rendition and thumbnail, or a video and its poster.
    struct MediaDraft {
        var display: UUID
        var thumbnail: UUID
    }

    /// A post as one person sees it: with its likes (and whether they are theirs) and comments.
    struct ShownPost {
        var post: KinnectPost
        var likeCount = 0
        var liked = false
        var commentCount = 0
        var saved = false
    }

    func create(by authorID: UUID, caption rawCaption: String?, media drafts: [MediaDraft]) async throws -> ShownPost {
        let caption = try Self.validCaption(rawCaption ?? "")
        guard (1...10).contains(drafts.count) else { throw AppError.validation(field: "media", "A post has 1 to 10 photos or videos.") }
        let ids = drafts.flatMap { [$0.display, $0.thumbnail] }
        guard Set(ids).count == ids.count else {
            throw AppError.validation(field: "media", "Each photo, thumbnail, video and poster is a different upload.")
        }
        let items = try await MediaItem.query(on: context.database).filter(\.$id ~~ ids).filter(\.$owner.$id == authorID).all()
        let byID = Dictionary(uniqueKeysWithValues: try items.map { (try $0.requireID(), $0) })
        for (index, draft) in drafts.enumerated() {
            guard let display = byID[draft.display], let thumbnail = byID[draft.thumbnail] else {
                throw AppError.validation(field: "media[\(index)]", "Upload it first; that media id is not one of yours.")
            }
            try Self.check(display: display, thumbnail: thumbnail, at: index)
        }
        // A photo in another post, or someone's avatar, would go with this post when it is deleted.
        let inPost = try await KinnectPostMedia.query(on: context.database)
            .group(.or, { $0.filter(\.$display.$id ~~ ids).filter(\.$thumbnail.$id ~~ ids) }).first()
        let asAvatar = try await User.query(on: context.database).filter(\.$avatar.$id ~~ ids).first()
        if inPost != nil || asAvatar != nil {
            throw AppError.validation(field: "media", "A photo or video is already in use. Upload it again for this post.")
        }
        let post = KinnectPost(authorID: authorID, caption: caption)
        try await context.database.writeTransaction { database in
            try await post.create(on: database)
            let postID = try post.requireID()
            for (position, draft) in drafts.enumerated() {
                try await KinnectPostMedia(postID: postID, position: position, displayID: draft.display, thumbnailID: draft.thumbnail)
                    .create(on: database)
            }
        }
        let created = try await loaded(post.requireID())
        // One event to every approved follower at once: their feeds offer "New posts".
        let followers = try await FollowService.approved(on: context.database).filter(\.$followee.$id == authorID).all(\.$follower.$id)
        await context.events.publish(.kinnectPostCreated(try created.requireID(), by: try context.profile(of: created.author)), to: followers)
        return ShownPost(post: created)
    }

    /// The post, if `viewerID` may see it: its author, or an approved follower. A 404 otherwise,
    /// whether or not it exists.
    func post(_ postID: UUID, seenBy viewerID: UUID) async throws -> ShownPost {
        try await shown([visiblePost(postID, to: viewerID)], to: viewerID)[0]
    }

    /// The post if `viewerID` may see it, else a 404: what every reaction checks first.
    func visiblePost(_ postID: UUID, to viewerID: UUID) async throws -> KinnectPost {
        let post = try await loaded(postID)
        guard try await mayView(post, viewerID) else { throw AppError.notFound("post") }
        return post
    }

    func editCaption(of postID: UUID, to rawCaption: String, by authorID: UUID) async throws -> ShownPost {
        let post = try await own(postID, authorID)
        post.caption = try Self.validCaption(rawCaption)
        post.editedAt = context.now
        try await post.save(on: context.database)
        return try await shown([loaded(postID)], to: authorID)[0]
    }

    /// Deletes the post, its media's records and their files.
    func delete(_ postID: UUID, by authorID: UUID) async throws {
        let post = try await loaded(try own(postID, authorID).requireID())
        let media = post.media.flatMap { [$0.display, $0.thumbnail] }
        try await context.database.writeTransaction { database in
            try await post.delete(on: database)
            try await MediaItem.query(on: database).filter(\.$id ~~ media.compactMap(\.id)).delete()
        }
        for item in media {
            do { try await context.services.mediaStore.delete(key: item.storageKey) } catch {
                context.logger.error("Could not delete a deleted post's file: \(error)")
            }
        }
    }

    /// My posts and those of the people I follow, newest first.
    func feed(for userID: UUID, page: PageRequest) async throws -> Page<ShownPost> {
        try await posts(by: Array(visibleAuthors(to: userID)), shownTo: userID, page: page)
    }

    /// Whose posts `viewerID` may see: their own, and those of the people they follow (approved),
    /// unless a block stands between them or a moderator suspended the author. Two queries of ids
    /// only: making a few hundred follow and user models cost more than the whole page's SQL.
    func visibleAuthors(to viewerID: UUID) async throws -> Set<UUID> {
        let followed = try await context.database.sql().raw("""
            SELECT f.followee_id AS id FROM kinnect_follows f JOIN users u ON u.id = f.followee_id
            WHERE f.follower_id = \(bind: viewerID) AND f.approved_at IS NOT NULL AND u.suspended_at IS NULL
            """).all().map { try $0.decode(column: "id", as: UUID.self) }
        guard !followed.isEmpty else { return [viewerID] }
        let hidden = try await Blocks.hidden(from: viewerID, on: context.database)
        return Set(followed).subtracting(hidden).union([viewerID])
    }

    /// Someone's posts, for the owner and approved followers (404 for anyone else).
    func posts(of username: String, seenBy viewerID: UUID, page: PageRequest) async throws -> Page<ShownPost> {
        guard let owner = try await ProfileService.visibleUser(username: username, to: viewerID, on: context.database),
              try await FollowService(context: context).standing(of: viewerID, with: owner.requireID()).canSeePosts
        else { throw AppError.notFound("profile") }
        return try await posts(by: [try owner.requireID()], shownTo: viewerID, page: page)
    }

    /// Whether `viewerID` may see `post`: its author, or an approved follower not blocked either
    /// way, unless a moderator hid the post or suspended its author.
    func mayView(_ post: KinnectPost, _ viewerID: UUID) async throws -> Bool {
        let authorID = post.$author.id
        if authorID == viewerID { return true }
        guard post.hiddenAt == nil else { return false }
        guard let follow = try await FollowService.follow(from: viewerID, to: authorID, on: context.database), follow.isApproved,
              try await User.query(on: context.database).filter(\.$id == authorID).filter(\.$suspendedAt == nil).count() == 1
        else { return false }
        return try await !Blocks.between(authorID, viewerID, on: context.database)
    }

    private func posts(by authors: [UUID], shownTo viewerID: UUID, page: PageRequest) async throws -> Page<ShownPost> {
        // A hidden post is gone from every feed and grid but its author's.
        let posts = try await KinnectPost.query(on: context.database).filter(\.$author.$id ~~ authors)
            .group(.or) { $0.filter(\.$hiddenAt == nil).filter(\.$author.$id == viewerID) }
            .with(\.$author) { $0.with(\.$avatar) }
            .with(\.$media) { $0.with(\.$display).with(\.$thumbnail) }
            .page(newestFirst: \.$createdAt, date: \.createdAt, page)
        return Page(items: try await shown(posts.items, to: viewerID), nextCursor: posts.nextCursor)
    }

    /// The posts with their likes and comments counted, and mine marked, in a few grouped queries
    /// for the whole page.
    func shown(_ posts: [KinnectPost], to viewerID: UUID) async throws -> [ShownPost] {
        let ids = posts.compactMap(\.id)
        let likes = try await ReactionService.counts(of: "post_id", in: KinnectLike.schema, for: ids, on: context.database)
        let comments = try await ReactionService.counts(of: "post_id", in: KinnectComment.schema, for: ids, shownOnly: true, on: context.database)
        let mine = ids.isEmpty ? [] : Set(try await KinnectLike.query(on: context.database)
            .filter(\.$post.$id ~~ ids).filter(\.$user.$id == viewerID).all(\.$post.$id))
        let saved = ids.isEmpty ? [] : Set(try await KinnectSave.query(on: context.database)
            .filter(\.$post.$id ~~ ids).filter(\.$user.$id == viewerID).all(\.$post.$id))
        return posts.map { post in
            let id = post.id ?? UUID()
            return ShownPost(post: post, likeCount: likes[id] ?? 0, liked: mine.contains(id), commentCount: comments[id] ?? 0,
                             saved: saved.contains(id))
        }
    }

    /// Keeps a post in my saved list (again: nothing changes).
    func save(_ postID: UUID, by userID: UUID) async throws {
        _ = try await visiblePost(postID, to: userID)
        guard try await KinnectSave.query(on: context.database).filter(\.$post.$id == postID).filter(\.$user.$id == userID).first() == nil
        else { return }
        do {
            try await KinnectSave(postID: postID, userID: userID).create(on: context.database)
        } catch {
            guard (error as? any DatabaseError)?.isConstraintFailure == true else { throw error }
        }
    }

    func unsave(_ postID: UUID, by userID: UUID) async throws {
        try await KinnectSave.query(on: context.database).filter(\.$post.$id == postID).filter(\.$user.$id == userID).delete()
    }

    /// My saved posts, most recently saved first, without those I may no longer see.
    func saved(by userID: UUID, page: PageRequest) async throws -> Page<ShownPost> {
        let saves = try await KinnectSave.query(on: context.database).filter(\.$user.$id == userID)
            .with(\.$post) { $0.with(\.$author) { $0.with(\.$avatar) }.with(\.$media) { $0.with(\.$display).with(\.$thumbnail) } }
            .page(newestFirst: \.$createdAt, date: \.createdAt, page)
        // One check for the whole page rather than one per saved post.
        let authors = try await visibleAuthors(to: userID)
        let visible = saves.items.map(\.post).filter { post in
            authors.contains(post.$author.id) && (post.hiddenAt == nil || post.$author.id == userID)
        }
        return Page(items: try await shown(visible, to: userID), nextCursor: saves.nextCursor)
    }

    private func loaded(_ postID: UUID) async throws -> KinnectPost {
        let post = try await KinnectPost.query(on: context.database).filter(\.$id == postID)
            .with(\.$author) { $0.with(\.$avatar) }
            .with(\.$media) { $0.with(\.$display).with(\.$thumbnail) }
            .first()
        guard let post else { throw AppError.notFound("post") }
        return post
    }

    private func own(_ postID: UUID, _ authorID: UUID) async throws -> KinnectPost {
        guard let post = try await KinnectPost.query(on: context.database).filter(\.$id == postID)
            .filter(\.$author.$id == authorID).first()
        else { throw AppError.notFound("post") }
        return post
    }

    static func validCaption(_ raw: String) throws -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        return try TextRules.check(text, field: "caption", limit: captionLimit, lines: .multiple,
                                      tooLong: "A caption is at most \(captionLimit) characters.").get()
    }

    /// One carousel item as the clients make it: a photo's two renditions, or a video and its poster.
    static func check(display: MediaItem, thumbnail: MediaItem, at index: Int) throws {
        let field = "media[\(index)]"
        guard let kind = display.mediaType, thumbnail.mediaType?.isImage == true,
              let dw = display.width, let dh = display.height, let tw = thumbnail.width, let th = thumbnail.height,
              dw > 0, dh > 0, tw > 0, th > 0
        else {
            throw AppError.validation(field: field, "A photo and its thumbnail are images (JPEG, PNG, HEIC or WebP); a video's poster is an image.")
        }
        if kind.isImage {
            guard dw <= displayWidth else {
                throw AppError.validation(field: field, "Scale the photo to at most \(displayWidth) px wide before posting it.")
            }
            guard tw <= thumbnailWidth, tw <= dw, th <= dh else {
                throw AppError.validation(field: field, "The thumbnail is at most \(thumbnailWidth) px wide, and no larger than the photo.")
            }
        } else {
            guard tw <= displayWidth else {
                throw AppError.validation(field: field, "Scale the video's poster to at most \(displayWidth) px wide.")
            }
        }
        // Within 2 %, for rounding when a client scales.
        let difference = abs(Double(dw) * Double(th) - Double(tw) * Double(dh))
        guard difference <= 0.02 * Double(dw) * Double(th) else {
            throw AppError.validation(field: field, kind.isImage ? "The thumbnail has the photo's proportions." : "The poster has the video's proportions.")
        }
    }
}

extension PostService.ShownPost {
    func dto(context: ServiceContext) throws -> Components.Schemas.KinnectPost {
        let signer = context.services.mediaURLs
        return .init(
            id: try post.requireID(), author: try context.profile(of: post.author), caption: post.caption,
            likeCount: likeCount, liked: liked, commentCount: commentCount, saved: saved,
            createdAt: post.createdAt ?? context.now, editedAt: post.editedAt,
            media: try post.media.sorted { $0.position < $1.position }.map { item in
                .init(display: try item.display.dto(mediaURLs: signer, now: context.now),
                      thumbnail: try item.thumbnail.dto(mediaURLs: signer, now: context.now))
            })
    }
}
