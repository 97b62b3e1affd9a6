import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

@Suite("Kinnect likes and comments")
struct ReactionTests {
    typealias Schemas = Components.Schemas

    /// Ada posts one photo; Bob and Cyd are her approved followers, Dee a stranger.
    private func scene(_ kindred: TestKindred) async throws -> (ada: TestUser, bob: TestUser, cyd: TestUser, dee: TestUser, post: UUID) {
        let ada = try await kindred.signUp("ada")
        let bob = try await kindred.signUp("bob")
        let cyd = try await kindred.signUp("cyd")
        let dee = try await kindred.signUp("dee")
        for user in [bob, cyd] {
            #expect(try await kindred.send(.POST, "/kinnect/follows", token: user.accessToken, json: ["username": "ada"]).status == .created)
            #expect(try await kindred.send(.POST, "/kinnect/follow-requests/\(user.username)/confirm", token: ada.accessToken).status == .ok)
        }
        var ids: [String] = []
        for (width, height) in [(40, 30), (20, 15)] {
            let upload = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: TestPNG.make(width: width, height: height, seed: 1))
            ids.append(try upload.decode(Schemas.Media.self).id.uuidString)
        }
        let draft = #"{"caption":"Hi","media":[{"display":"\#(ids[0])","thumbnail":"\#(ids[1])"}]}"#
        let posted = try await kindred.send(.POST, "/kinnect/posts", token: ada.accessToken, bytes: Array(draft.utf8),
                                            headers: ["Content-Type": "application/json"])
        return (ada, bob, cyd, dee, try posted.decode(Schemas.KinnectPost.self).id)
    }

    private func comment(_ kindred: TestKindred, _ user: TestUser, on post: UUID, _ text: String, replyTo: UUID? = nil) async throws -> TestingHTTPResponse {
        var body = ["text": text]
        if let replyTo { body["replyTo"] = replyTo.uuidString }
        return try await kindred.send(.POST, "/kinnect/posts/\(post)/comments", token: user.accessToken, json: body)
    }

    @Test func likesAreIdempotentCountedAndOnlyForThoseWhoSeeThePost() async throws {
        try await withKindred { kindred in
            let (ada, bob, cyd, dee, post) = try await scene(kindred)
            // act: Bob double-taps twice at once, then again; Cyd likes too.
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for _ in 0..<4 { group.addTask { try await kindred.send(.PUT, "/kinnect/posts/\(post)/like", token: bob.accessToken).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .ok }, "\(statuses)")
            let cyds = try await kindred.send(.PUT, "/kinnect/posts/\(post)/like", token: cyd.accessToken).decode(Schemas.KinnectLikes.self)
            // validate
            #expect(cyds.liked && cyds.likeCount == 2)
            #expect(try await KinnectLike.query(on: kindred.app.db).count() == 2)
            let seenByBob = try await kindred.send(.GET, "/kinnect/posts/\(post)", token: bob.accessToken).decode(Schemas.KinnectPost.self)
            #expect(seenByBob.liked && seenByBob.likeCount == 2)
            let seenByAda = try await kindred.send(.GET, "/kinnect/feed", token: ada.accessToken).decode(Schemas.KinnectPostPage.self)
            #expect(seenByAda.items.first?.liked == false && seenByAda.items.first?.likeCount == 2)
            let likers = try await kindred.send(.GET, "/kinnect/posts/\(post)/likes", token: ada.accessToken).decode(Schemas.KinnectPersonPage.self)
            #expect(Set(likers.items.map(\.profile.username)) == ["bob", "cyd"])
            let unliked = try await kindred.send(.DELETE, "/kinnect/posts/\(post)/like", token: bob.accessToken).decode(Schemas.KinnectLikes.self)
            #expect(!unliked.liked && unliked.likeCount == 1)
            #expect(try await kindred.send(.DELETE, "/kinnect/posts/\(post)/like", token: bob.accessToken).decode(Schemas.KinnectLikes.self).likeCount == 1)
            for (method, path) in [(HTTPMethod.PUT, "/like"), (.DELETE, "/like"), (.GET, "/likes"), (.GET, "/comments")] {
                #expect(try await kindred.send(method, "/kinnect/posts/\(post)\(path)", token: dee.accessToken).status == .notFound, "a stranger: \(path)")
            }
            #expect(try await comment(kindred, dee, on: post, "Hello?").status == .notFound)
        }
    }

    @Test func commentsHaveOneLevelOfRepliesAndTheRightPeopleDeleteThem() async throws {
        try await withKindred { kindred in
            let (ada, bob, cyd, dee, post) = try await scene(kindred)
            let first = try await comment(kindred, bob, on: post, "Lovely!")
            #expect(first.status == .created, "\(first.body.string)")
            let top = try first.decode(Schemas.KinnectComment.self)
            kindred.clock.advance(by: 1)
            let reply = try await comment(kindred, ada, on: post, "Thanks Bob", replyTo: top.id).decode(Schemas.KinnectComment.self)
            kindred.clock.advance(by: 1)
            let replyToReply = try await comment(kindred, cyd, on: post, "Agreed", replyTo: reply.id).decode(Schemas.KinnectComment.self)
            kindred.clock.advance(by: 1)
            let second = try await comment(kindred, cyd, on: post, "Where is this?").decode(Schemas.KinnectComment.self)
            #expect(reply.replyTo == top.id && replyToReply.replyTo == top.id, "one level: a reply to a reply joins the thread")
            let blank = try await comment(kindred, bob, on: post, "   ")
            #expect(blank.status == .unprocessableEntity, "only spaces: \(blank.body.string)")
            #expect(try await comment(kindred, bob, on: post, String(repeating: "x", count: 2201)).status == .unprocessableEntity)

            let comments = try await kindred.send(.GET, "/kinnect/posts/\(post)/comments", token: cyd.accessToken).decode(Schemas.KinnectCommentPage.self)
            #expect(comments.items.map(\.id) == [top.id, second.id], "top-level, oldest first")
            #expect(comments.items.first?.replyCount == 2)
            let replies = try await kindred.send(.GET, "/kinnect/comments/\(top.id)/replies", token: cyd.accessToken).decode(Schemas.KinnectCommentPage.self)
            #expect(replies.items.map(\.id) == [reply.id, replyToReply.id])
            #expect(try await kindred.send(.GET, "/kinnect/posts/\(post)", token: bob.accessToken).decode(Schemas.KinnectPost.self).commentCount == 4)
            #expect(try await kindred.send(.GET, "/kinnect/comments/\(top.id)/replies", token: dee.accessToken).status == .notFound)

            // Deleting: not someone else's on someone else's post; my own, yes; the post's author, any.
            #expect(try await kindred.send(.DELETE, "/kinnect/comments/\(second.id)", token: bob.accessToken).status == .notFound)
            #expect(try await kindred.send(.DELETE, "/kinnect/comments/\(second.id)", token: dee.accessToken).status == .notFound)
            #expect(try await kindred.send(.DELETE, "/kinnect/comments/\(second.id)", token: cyd.accessToken).status == .noContent)
            #expect(try await kindred.send(.DELETE, "/kinnect/comments/\(top.id)", token: ada.accessToken).status == .noContent)
            #expect(try await KinnectComment.query(on: kindred.app.db).count() == 0, "the replies went with their comment")
            #expect(try await comment(kindred, bob, on: post, "Late", replyTo: top.id).status == .unprocessableEntity)
        }
    }
}

@Suite("Kinnect reports and moderation")
struct KinnectModerationTests {
    typealias Schemas = Components.Schemas

    private func report(_ kindred: TestKindred, _ user: TestUser, kind: String, id: UUID) async throws -> TestingHTTPResponse {
        let body = #"{"target":{"kind":"\#(kind)","id":"\#(id)"},"reason":"hate"}"#
        return try await kindred.send(.POST, "/reports", token: user.accessToken, bytes: Array(body.utf8), headers: ["Content-Type": "application/json"])
    }

    @Test func aHiddenPostLeavesEveryFeedButItsAuthorsAndAHiddenCommentItsThread() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let dee = try await kindred.signUp("dee")
            #expect(try await kindred.send(.POST, "/kinnect/follows", token: bob.accessToken, json: ["username": "ada"]).status == .created)
            #expect(try await kindred.send(.POST, "/kinnect/follow-requests/bob/confirm", token: ada.accessToken).status == .ok)
            var ids: [String] = []
            for (width, height) in [(40, 30), (20, 15)] {
                let upload = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: TestPNG.make(width: width, height: height, seed: 9))
                ids.append(try upload.decode(Schemas.Media.self).id.uuidString)
            }
            let draft = #"{"caption":"Hi","media":[{"display":"\#(ids[0])","thumbnail":"\#(ids[1])"}]}"#
            let post = try await kindred.send(.POST, "/kinnect/posts", token: ada.accessToken, bytes: Array(draft.utf8),
                                              headers: ["Content-Type": "application/json"]).decode(Schemas.KinnectPost.self)
            let comment = try await kindred.send(.POST, "/kinnect/posts/\(post.id)/comments", token: ada.accessToken, json: ["text": "Mine"])
                .decode(Schemas.KinnectComment.self)

            // Only someone who sees it can report it; the author can't report their own.
            #expect(try await report(kindred, dee, kind: "kinnect.post", id: post.id).status == .notFound)
            #expect(try await report(kindred, ada, kind: "kinnect.post", id: post.id).status == .unprocessableEntity)
            let postReport = try await report(kindred, bob, kind: "kinnect.post", id: post.id).decode(Schemas.Report.self)
            let commentReport = try await report(kindred, bob, kind: "kinnect.comment", id: comment.id).decode(Schemas.Report.self)
            #expect(postReport.status == .open && commentReport.status == .open)

            // act: the moderator hides both, through the app's seam.
            let moderation = ModerationService(context: kindred.app.context)
            try await moderation.resolve(commentReport.id, .hide)
            let thread = try await kindred.send(.GET, "/kinnect/posts/\(post.id)/comments", token: bob.accessToken).decode(Schemas.KinnectCommentPage.self)
            #expect(thread.items.isEmpty, "a hidden comment leaves the thread")
            let authorsThread = try await kindred.send(.GET, "/kinnect/posts/\(post.id)/comments", token: ada.accessToken).decode(Schemas.KinnectCommentPage.self)
            #expect(authorsThread.items.map(\.id) == [comment.id], "its author still sees it")
            #expect(try await kindred.send(.GET, "/kinnect/posts/\(post.id)", token: bob.accessToken).decode(Schemas.KinnectPost.self).commentCount == 0,
                    "a hidden comment is not counted")
            try await moderation.resolve(postReport.id, .hide)

            // validate
            let bobsFeed = try await kindred.send(.GET, "/kinnect/feed", token: bob.accessToken).decode(Schemas.KinnectPostPage.self)
            #expect(bobsFeed.items.isEmpty)
            #expect(try await kindred.send(.GET, "/kinnect/posts/\(post.id)", token: bob.accessToken).status == .notFound)
            #expect(try await kindred.send(.GET, "/media/\(ids[0])", token: bob.accessToken).status == .notFound, "its photos go with it")
            let adasFeed = try await kindred.send(.GET, "/kinnect/feed", token: ada.accessToken).decode(Schemas.KinnectPostPage.self)
            #expect(adasFeed.items.map(\.id) == [post.id], "the author still has it")
        }
    }
}
