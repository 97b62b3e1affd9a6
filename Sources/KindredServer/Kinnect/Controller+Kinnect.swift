import Foundation
import KindredAPI
import Vapor

extension Controller {
    func getKinnectProfile(_ input: Operations.GetKinnectProfile.Input) async throws -> Operations.GetKinnectProfile.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let (user, followers, following, standing) = try await FollowService(context: request.context)
            .profile(input.path.username, seenBy: caller.userID)
        return .ok(.init(body: .json(.init(
            profile: try request.profile(of: user), followerCount: followers, followingCount: following,
            following: .init(standing.following), followsMe: standing.followsMe, canSeePosts: standing.canSeePosts))))
    }

    func listKinnectFollowers(_ input: Operations.ListKinnectFollowers.Input) async throws -> Operations.ListKinnectFollowers.Output {
        .ok(.init(body: .json(try await people(.followers, of: input.path.username, limit: input.query.limit, cursor: input.query.cursor))))
    }

    func listKinnectFollowing(_ input: Operations.ListKinnectFollowing.Input) async throws -> Operations.ListKinnectFollowing.Output {
        .ok(.init(body: .json(try await people(.following, of: input.path.username, limit: input.query.limit, cursor: input.query.cursor))))
    }

    /// Someone's followers or following, the two lists' one handler.
    private func people(_ direction: FollowService.Direction, of username: String, limit: Int?, cursor: String?) async throws
        -> Components.Schemas.KinnectPersonPage {
        let request = try request
        let caller = try await Caller.require(request)
        let people = try await FollowService(context: request.context)
            .people(direction, of: username, seenBy: caller.userID, page: try PageRequest(limit: limit, cursor: cursor))
            .map { try $0.0.person($0.1, context: request.context) }
        return .init(items: people.items, nextCursor: people.nextCursor)
    }

    func followKinnectProfile(_ input: Operations.FollowKinnectProfile.Input) async throws -> Operations.FollowKinnectProfile.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let (follow, person, created) = try await FollowService(context: request.context).follow(body.username, by: caller.userID)
        let dto = Components.Schemas.KinnectFollow(profile: try request.profile(of: person), state: .init(follow))
        return created ? .created(.init(body: .json(dto))) : .ok(.init(body: .json(dto)))
    }

    func unfollowKinnectProfile(_ input: Operations.UnfollowKinnectProfile.Input) async throws -> Operations.UnfollowKinnectProfile.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await FollowService(context: request.context).unfollow(input.path.username, by: caller.userID)
        return .noContent(.init())
    }

    func listKinnectFollowRequests(_ input: Operations.ListKinnectFollowRequests.Input) async throws -> Operations.ListKinnectFollowRequests.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let people = try await FollowService(context: request.context).requests(for: caller.userID, page: page)
            .map { try $0.person($0.follower, context: request.context) }
        return .ok(.init(body: .json(.init(items: people.items, nextCursor: people.nextCursor))))
    }

    func confirmKinnectFollowRequest(_ input: Operations.ConfirmKinnectFollowRequest.Input) async throws -> Operations.ConfirmKinnectFollowRequest.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let (follow, requester) = try await FollowService(context: request.context).confirm(input.path.username, by: caller.userID)
        return .ok(.init(body: .json(try follow.person(requester, context: request.context))))
    }

    func deleteKinnectFollowRequest(_ input: Operations.DeleteKinnectFollowRequest.Input) async throws -> Operations.DeleteKinnectFollowRequest.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await FollowService(context: request.context).deleteRequest(from: input.path.username, by: caller.userID)
        return .noContent(.init())
    }

    func removeKinnectFollower(_ input: Operations.RemoveKinnectFollower.Input) async throws -> Operations.RemoveKinnectFollower.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await FollowService(context: request.context).removeFollower(input.path.username, by: caller.userID)
        return .noContent(.init())
    }
}

extension Controller {
    func searchKinnectPeople(_ input: Operations.SearchKinnectPeople.Input) async throws -> Operations.SearchKinnectPeople.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let found = try await FollowService(context: request.context)
            .search(input.query.q, limit: input.query.limit ?? 20, by: caller.userID)
        return .ok(.init(body: .json(.init(items: try found.map { .init(profile: try request.profile(of: $0.0), state: .init($0.1)) }))))
    }

    func listKinnectActivity(_ input: Operations.ListKinnectActivity.Input) async throws -> Operations.ListKinnectActivity.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try await ActivityService(context: request.context)
            .list(for: caller.userID, page: try PageRequest(limit: input.query.limit, cursor: input.query.cursor))
            .map { try $0.dto(context: request.context) }
        return .ok(.init(body: .json(.init(items: page.items, nextCursor: page.nextCursor))))
    }

    func getKinnectActivityUnread(_ input: Operations.GetKinnectActivityUnread.Input) async throws -> Operations.GetKinnectActivityUnread.Output {
        let request = try request
        let caller = try await Caller.require(request)
        return .ok(.init(body: .json(.init(count: try await ActivityService(context: request.context).unreadCount(for: caller.userID)))))
    }

    func markKinnectActivityRead(_ input: Operations.MarkKinnectActivityRead.Input) async throws -> Operations.MarkKinnectActivityRead.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let unread = try await ActivityService(context: request.context).markRead(through: body.through, by: caller.userID)
        return .ok(.init(body: .json(.init(count: unread))))
    }
}

extension Components.Schemas.KinnectFollowState {
    init(_ follow: KinnectFollow?) {
        self = switch follow {
        case nil: .none
        case let follow? where follow.isApproved: .following
        case _?: .requested
        }
    }
}

extension Controller {
    func createKinnectPost(_ input: Operations.CreateKinnectPost.Input) async throws -> Operations.CreateKinnectPost.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let post = try await PostService(context: request.context).create(
            by: caller.userID, caption: body.caption, media: body.media.map { .init(display: $0.display, thumbnail: $0.thumbnail) })
        return .created(.init(body: .json(try post.dto(context: request.context))))
    }

    func getKinnectPost(_ input: Operations.GetKinnectPost.Input) async throws -> Operations.GetKinnectPost.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let post = try await PostService(context: request.context).post(input.path.postId, seenBy: caller.userID)
        return .ok(.init(body: .json(try post.dto(context: request.context))))
    }

    func updateKinnectPost(_ input: Operations.UpdateKinnectPost.Input) async throws -> Operations.UpdateKinnectPost.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let post = try await PostService(context: request.context).editCaption(of: input.path.postId, to: body.caption, by: caller.userID)
        return .ok(.init(body: .json(try post.dto(context: request.context))))
    }

    func deleteKinnectPost(_ input: Operations.DeleteKinnectPost.Input) async throws -> Operations.DeleteKinnectPost.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await PostService(context: request.context).delete(input.path.postId, by: caller.userID)
        return .noContent(.init())
    }

    func getKinnectFeed(_ input: Operations.GetKinnectFeed.Input) async throws -> Operations.GetKinnectFeed.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let posts = try await PostService(context: request.context).feed(for: caller.userID, page: page)
            .map { try $0.dto(context: request.context) }
        return .ok(.init(body: .json(.init(items: posts.items, nextCursor: posts.nextCursor))))
    }

    func listKinnectProfilePosts(_ input: Operations.ListKinnectProfilePosts.Input) async throws -> Operations.ListKinnectProfilePosts.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let posts = try await PostService(context: request.context).posts(of: input.path.username, seenBy: caller.userID, page: page)
            .map { try $0.dto(context: request.context) }
        return .ok(.init(body: .json(.init(items: posts.items, nextCursor: posts.nextCursor))))
    }
}

extension Controller {
    func likeKinnectPost(_ input: Operations.LikeKinnectPost.Input) async throws -> Operations.LikeKinnectPost.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let (liked, count) = try await ReactionService(context: request.context).like(input.path.postId, by: caller.userID)
        return .ok(.init(body: .json(.init(liked: liked, likeCount: count))))
    }

    func unlikeKinnectPost(_ input: Operations.UnlikeKinnectPost.Input) async throws -> Operations.UnlikeKinnectPost.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let (liked, count) = try await ReactionService(context: request.context).unlike(input.path.postId, by: caller.userID)
        return .ok(.init(body: .json(.init(liked: liked, likeCount: count))))
    }

    func listKinnectPostLikes(_ input: Operations.ListKinnectPostLikes.Input) async throws -> Operations.ListKinnectPostLikes.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let likes = try await ReactionService(context: request.context).likes(of: input.path.postId, seenBy: caller.userID, page: page)
            .map { like in Components.Schemas.KinnectPerson(profile: try request.profile(of: like.user), since: like.createdAt ?? request.kindred.now) }
        return .ok(.init(body: .json(.init(items: likes.items, nextCursor: likes.nextCursor))))
    }

    func listKinnectComments(_ input: Operations.ListKinnectComments.Input) async throws -> Operations.ListKinnectComments.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let comments = try await ReactionService(context: request.context).comments(on: input.path.postId, seenBy: caller.userID, page: page)
            .map { try $0.0.dto(replies: $0.replies, context: request.context) }
        return .ok(.init(body: .json(.init(items: comments.items, nextCursor: comments.nextCursor))))
    }

    func createKinnectComment(_ input: Operations.CreateKinnectComment.Input) async throws -> Operations.CreateKinnectComment.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let comment = try await ReactionService(context: request.context)
            .comment(on: input.path.postId, text: body.text, replyTo: body.replyTo, by: caller.userID)
        return .created(.init(body: .json(try comment.dto(replies: 0, context: request.context))))
    }

    func deleteKinnectComment(_ input: Operations.DeleteKinnectComment.Input) async throws -> Operations.DeleteKinnectComment.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await ReactionService(context: request.context).deleteComment(input.path.commentId, by: caller.userID)
        return .noContent(.init())
    }

    func listKinnectCommentReplies(_ input: Operations.ListKinnectCommentReplies.Input) async throws -> Operations.ListKinnectCommentReplies.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let replies = try await ReactionService(context: request.context).replies(to: input.path.commentId, seenBy: caller.userID, page: page)
            .map { try $0.0.dto(replies: $0.replies, context: request.context) }
        return .ok(.init(body: .json(.init(items: replies.items, nextCursor: replies.nextCursor))))
    }
}

extension KinnectComment {
    func dto(replies: Int, context: ServiceContext) throws -> Components.Schemas.KinnectComment {
        .init(id: try requireID(), postId: $post.id, author: try context.profile(of: author), text: text,
              createdAt: createdAt ?? context.now, replyTo: $parent.id, replyCount: replies)
    }
}

extension Controller {
    func saveKinnectPost(_ input: Operations.SaveKinnectPost.Input) async throws -> Operations.SaveKinnectPost.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await PostService(context: request.context).save(input.path.postId, by: caller.userID)
        return .noContent(.init())
    }

    func unsaveKinnectPost(_ input: Operations.UnsaveKinnectPost.Input) async throws -> Operations.UnsaveKinnectPost.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await PostService(context: request.context).unsave(input.path.postId, by: caller.userID)
        return .noContent(.init())
    }

    func listSavedKinnectPosts(_ input: Operations.ListSavedKinnectPosts.Input) async throws -> Operations.ListSavedKinnectPosts.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let posts = try await PostService(context: request.context).saved(by: caller.userID, page: page)
            .map { try $0.dto(context: request.context) }
        return .ok(.init(body: .json(.init(items: posts.items, nextCursor: posts.nextCursor))))
    }
}
