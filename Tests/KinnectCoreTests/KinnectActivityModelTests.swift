import Fluent
import Foundation
import KindredTestSupport
import KinnectCore
import Testing
@testable import KindredServer

/// The activity tab, people search and the composer, over the SDK against a real server.
@MainActor
@Suite("Kinnect activity, search and composer models")
struct KinnectActivityModelTests {
    @Test func requestsArriveLiveAndAreConfirmedInline() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, bob, _) = try await KinnectPeople.adaAndBob(kindred)
            let activity = ActivityModel(session: ada)
            await activity.load()
            #expect(activity.items.isEmpty && activity.unreadCount == 0)
            let listening = Task { await activity.followChanges() }
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: try #require(await ada.userID)) == 1 }

            try await bob.follow("ada")
            try await eventually { await MainActor.run { activity.unreadCount == 1 } }
            await activity.load()
            let request = try #require(activity.items.first)
            #expect(request.kind == .followRequested && request.actors.map(\.username) == ["bob"] && request.unread)
            await activity.confirm(request)
            #expect(activity.error == nil && !activity.items.contains { $0.id == request.id })
            await activity.load()
            #expect(activity.items.map(\.kind) == [.followed])
            await activity.markRead()
            #expect(activity.unreadCount == 0 && activity.items.allSatisfy { !$0.unread })
            #expect(try await bob.activity().items.map(\.kind) == [.followAccepted])
            listening.cancel()
        }
    }

    @Test func searchFindsPeopleAndTheButtonFollowsAndCancels() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, _, _) = try await KinnectPeople.adaAndBob(kindred)
            let search = PeopleSearchModel(session: ada)
            search.query = "  "
            await search.search()
            #expect(search.results.isEmpty && search.error == nil)
            search.query = "bo"
            await search.search()
            let bob = try #require(search.results.first)
            #expect(bob.profile.username == "bob" && bob.state == .none)
            await search.toggleFollow(bob)
            #expect(search.results.first?.state == .requested)
            await search.toggleFollow(try #require(search.results.first))
            #expect(search.results.first?.state == KinnectFollowState.none && search.error == nil)
            #expect(try await KinnectFollow.query(on: kindred.app.db).count() == 0, "the request was cancelled")
        }
    }

    @Test func theComposerPostsOnlyWhenEveryUploadIsStoredAndRetriesWhatFailed() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, _, _) = try await KinnectPeople.adaAndBob(kindred)
            let composer = ComposerModel(session: ada)
            #expect(await composer.post() == nil && composer.error != nil, "nothing to post")
            composer.addPhoto(display: Data(TestPNG.make(width: 40, height: 30, seed: 1)), thumbnail: Data(TestPNG.make(width: 20, height: 15, seed: 1)))
            let video = try Data(contentsOf: URL(fileURLWithPath: TestKindred.repositoryRoot + "/Tests/Fixtures/video/portrait.mov"))
            composer.addVideo(video, poster: Data(TestPNG.make(width: 24, height: 32, seed: 2)))
            // A poster that is not an image fails its upload; the post waits.
            composer.addPhoto(display: Data(TestPNG.make(width: 40, height: 30, seed: 3)), thumbnail: Data("not an image".utf8))
            composer.caption = "Beach day"
            #expect(await composer.post() == nil)
            #expect(composer.items.map(\.state).prefix(2) == [.uploaded, .uploaded])
            guard case .failed = composer.items[2].state else { Issue.record("the third upload should fail"); return }
            #expect(try await KinnectPost.query(on: kindred.app.db).count() == 0, "nothing posted half-done")
            let storedBefore = try await MediaItem.query(on: kindred.app.db).count()

            // The user drops the broken photo, moves the video first and tries again.
            composer.remove(composer.items[2].id)
            composer.move(composer.items[1].id, to: 0)
            let post = try #require(await composer.post())
            #expect(post.caption == "Beach day" && post.media.map(\.display.kind) == [.quicktime, .png])
            #expect(post.media.first?.display.durationSeconds != nil && post.media.first?.thumbnail.width == 24)
            #expect(try await MediaItem.query(on: kindred.app.db).count() == storedBefore, "nothing uploaded twice")
            #expect(composer.items.isEmpty && composer.caption.isEmpty)
            composer.caption = String(repeating: "a", count: 2201)
            #expect(!composer.canPost)
        }
    }
}
