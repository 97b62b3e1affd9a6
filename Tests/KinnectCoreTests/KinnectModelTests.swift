import Foundation
import KindredTestSupport
import KinnectCore
import Testing
@testable import KindredServer

/// Kinnect's models over the SDK, against a real server running in-process.
@MainActor
@Suite("Kinnect models")
struct KinnectModelTests {
    @Test func theFollowButtonAsksAndTheOwnerConfirmsInline() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, bob, _) = try await KinnectPeople.adaAndBob(kindred)

            // Ada's requests list is open, live.
            let requests = FollowRequestsModel(session: ada)
            await requests.load()
            #expect(requests.requests.isEmpty)
            let listening = Task { await requests.followChanges() }
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: try #require(await ada.userID)) == 1 }

            // Bob taps Follow: Requested at once.
            let profile = KinnectProfileModel(session: bob, username: "ada")
            await profile.load()
            #expect(profile.followButtonTitle == "Follow" && profile.profile?.canSeePosts == false)
            await profile.tapFollow()
            #expect(profile.followButtonTitle == "Requested" && profile.error == nil)

            // Ada sees the request arrive and confirms it; Bob now follows.
            try await eventually { await MainActor.run { requests.requests.map(\.profile.username) == ["bob"] } }
            await requests.confirm(try #require(requests.requests.first))
            #expect(requests.requests.isEmpty && requests.error == nil)
            await profile.load()
            #expect(profile.followButtonTitle == "Following" && profile.profile?.canSeePosts == true && profile.profile?.followerCount == 1)

            // Unfollowing hides the posts again at once.
            await profile.tapFollow()
            #expect(profile.followButtonTitle == "Follow" && profile.profile?.canSeePosts == false && profile.profile?.followerCount == 0)
            listening.cancel()
        }
    }

    @Test func aRefusedTapPutsTheButtonBack() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, bob, _) = try await KinnectPeople.adaAndBob(kindred)
            let profile = KinnectProfileModel(session: bob, username: "ada")
            await profile.load()
            // Ada blocks Bob after his screen loaded: his tap is refused, and the button says Follow again.
            try await ada.block(username: "bob")
            await profile.tapFollow()
            #expect(profile.followButtonTitle == "Follow")
            #expect(profile.error != nil)

            // A request deleted elsewhere comes back to the list when deleting it fails here.
            try await ada.unblock(username: "bob")
            try await bob.follow("ada")
            let requests = FollowRequestsModel(session: ada)
            await requests.load()
            let request = try #require(requests.requests.first)
            try await ada.deleteFollowRequest(from: "bob")
            await requests.delete(request)
            #expect(requests.requests.map(\.profile.username) == ["bob"], "rolled back")
            #expect(requests.error != nil)
        }
    }
}

@MainActor
@Suite("Kinnect feed model")
struct KinnectFeedModelTests {
    /// A photo as the clients send it: a display rendition and its thumbnail.
    private func photo(_ session: KindredSession, seed: UInt8) async throws -> (display: UUID, thumbnail: UUID) {
        (try await session.uploadMedia(Data(TestPNG.make(width: 40, height: 30, seed: seed))).id,
         try await session.uploadMedia(Data(TestPNG.make(width: 20, height: 15, seed: seed))).id)
    }

    @Test func theFeedPagesAndRaisesTheBannerForNewPosts() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, bob, _) = try await KinnectPeople.adaAndBob(kindred)
            try await bob.follow("ada")
            try await ada.confirmFollowRequest(from: "bob")
            for index in 0..<22 {
                kindred.clock.advance(by: 1)
                _ = try await ada.post(caption: "#\(index)", media: [try await photo(ada, seed: UInt8(index))])
            }

            let feed = FeedModel(session: bob)
            await feed.refresh()
            #expect(feed.posts.count == 20 && feed.posts.first?.caption == "#21" && feed.nextCursor != nil)
            await feed.loadMore()
            #expect(feed.posts.map(\.caption).suffix(2) == ["#1", "#0"] && feed.nextCursor == nil)

            let listening = Task { await feed.followChanges() }
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: try #require(await bob.userID)) == 1 }
            kindred.clock.advance(by: 1)
            _ = try await ada.post(caption: "fresh", media: [try await photo(ada, seed: 99)])
            try await eventually { await MainActor.run { feed.newPosts == 1 } }
            await feed.refresh()
            #expect(feed.newPosts == 0 && feed.posts.first?.caption == "fresh")
            listening.cancel()

            // Bob can't delete Ada's post: it comes back, with the reason.
            let adas = try #require(feed.posts.first)
            await feed.delete(adas)
            #expect(feed.posts.first?.id == adas.id && feed.error != nil)
        }
    }
}

@MainActor
@Suite("Kinnect likes and comments models")
struct KinnectReactionModelTests {
    @Test func aLikeShowsAtOnceAndCommentsAndRepliesArriveInPlace() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, bob, bobMe) = try await KinnectPeople.adaAndBob(kindred)
            try await bob.follow("ada")
            try await ada.confirmFollowRequest(from: "bob")
            let display = try await ada.uploadMedia(Data(TestPNG.make(width: 40, height: 30, seed: 3))).id
            let thumbnail = try await ada.uploadMedia(Data(TestPNG.make(width: 20, height: 15, seed: 3))).id
            let post = try await ada.post(caption: "Sunset", media: [(display, thumbnail)])

            // A double tap likes; a second double tap keeps the like; the heart unlikes.
            let feed = FeedModel(session: bob)
            await feed.refresh()
            await feed.toggleLike(post.id, likeOnly: true)
            await feed.toggleLike(post.id, likeOnly: true)
            #expect(feed.posts.first?.liked == true && feed.posts.first?.likeCount == 1)
            #expect(try await ada.kinnectPost(post.id).likeCount == 1)
            await feed.toggleLike(post.id)
            #expect(feed.posts.first?.liked == false && feed.posts.first?.likeCount == 0)
            await feed.toggleSave(post.id)
            #expect(feed.posts.first?.saved == true && feed.error == nil)
            #expect(try await bob.savedPosts().items.map(\.id) == [post.id])

            // Comment, reply, reply to the reply (same thread), then the author deletes the thread.
            let comments = CommentsModel(session: bob, postID: post.id)
            await comments.load()
            await comments.send("Gorgeous", me: bobMe.profile)
            let top = try #require(comments.comments.first)
            #expect(top.text == "Gorgeous" && comments.error == nil)
            await comments.send("Thank you!", me: bobMe.profile, replyTo: top)
            await comments.send("And again", me: bobMe.profile, replyTo: try #require(comments.replies[top.id]?.first))
            #expect(comments.replies[top.id]?.map(\.text) == ["Thank you!", "And again"] && comments.comments.first?.replyCount == 2)
            // Ada replies from a sheet whose thread was never opened: the earlier replies show too.
            let fresh = CommentsModel(session: ada, postID: post.id)
            await fresh.load()
            let firstComment = try #require(fresh.comments.first)
            await fresh.send("Glad you like it", me: try await ada.me().profile, replyTo: firstComment)
            #expect(fresh.replies[top.id]?.map(\.text) == ["Thank you!", "And again", "Glad you like it"])
            await fresh.delete(try #require(fresh.comments.first))
            #expect(fresh.comments.isEmpty && fresh.error == nil)

            // A comment the server refuses disappears again, with the reason.
            try await ada.deletePost(post.id)
            await comments.send("Too late", me: bobMe.profile)
            #expect(!comments.comments.contains { $0.text == "Too late" } && comments.error != nil)
        }
    }
}

/// Ada and Bob, each signed in on a session of their own against the running server.
enum KinnectPeople {
    @discardableResult
    static func adaAndBob(_ kindred: TestKindred) async throws -> (ada: KindredSession, bob: KindredSession, bobMe: Me) {
        let baseURL = try #require(kindred.baseURL)
        let ada = KindredSession(serverURL: baseURL)
        let bob = KindredSession(serverURL: baseURL)
        try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada", displayName: "Ada")
        let bobMe = try await bob.signUp(email: "bob@example.com", password: "builder!!", username: "bob", displayName: "Bob")
        return (ada, bob, bobMe)
    }
}
