import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

@Suite("Kinnect posts and the feed")
struct PostTests {
    typealias Schemas = Components.Schemas

    /// Uploads a photo as the clients send it: the display rendition and its thumbnail.
    private func photo(_ kindred: TestKindred, _ user: TestUser, width: Int = 1080, height: Int = 810,
                       thumbWidth: Int = 320, thumbHeight: Int = 240) async throws -> [String: String] {
        func upload(_ bytes: [UInt8]) async throws -> UUID {
            let response = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: bytes)
            #expect(response.status == .created, "\(response.body.string)")
            return try response.decode(Schemas.Media.self).id
        }
        return ["display": try await upload(MediaFixtures.png(width: width, height: height)).uuidString,
                "thumbnail": try await upload(MediaFixtures.png(width: thumbWidth, height: thumbHeight)).uuidString]
    }

    private func post(_ kindred: TestKindred, _ user: TestUser, caption: String = "Hello", photos: [[String: String]]) async throws -> TestingHTTPResponse {
        let body = try JSONSerialization.data(withJSONObject: ["caption": caption, "media": photos])
        return try await kindred.send(.POST, "/kinnect/posts", token: user.accessToken, bytes: Array(body), headers: ["Content-Type": "application/json"])
    }

    /// Ada, her approved follower Bob, a requester, a stranger and someone she blocked.
    private func cast(_ kindred: TestKindred) async throws -> (ada: TestUser, bob: TestUser, requester: TestUser, stranger: TestUser, blocked: TestUser) {
        let ada = try await kindred.signUp("ada")
        let bob = try await kindred.signUp("bob")
        let requester = try await kindred.signUp("requester")
        let stranger = try await kindred.signUp("stranger")
        let blocked = try await kindred.signUp("blocked")
        for user in [bob, requester, blocked] {
            #expect(try await kindred.send(.POST, "/kinnect/follows", token: user.accessToken, json: ["username": "ada"]).status == .created)
        }
        for name in ["bob", "blocked"] {
            #expect(try await kindred.send(.POST, "/kinnect/follow-requests/\(name)/confirm", token: ada.accessToken).status == .ok)
        }
        #expect(try await kindred.send(.POST, "/blocks", token: ada.accessToken, json: ["username": "blocked"]).status == .created)
        return (ada, bob, requester, stranger, blocked)
    }

    @Test func aPostWithTwoPhotosIsSeenOnlyByTheAuthorAndApprovedFollowers() async throws {
        try await withKindred { kindred in
            let (ada, bob, requester, stranger, blocked) = try await cast(kindred)
            let photos = [try await photo(kindred, ada), try await photo(kindred, ada, width: 810, height: 1080, thumbWidth: 240, thumbHeight: 320)]
            // act
            let created = try await post(kindred, ada, caption: "  Two from the beach  ", photos: photos)
            // validate
            #expect(created.status == .created, "\(created.body.string)")
            let made = try created.decode(Schemas.KinnectPost.self)
            #expect(made.caption == "Two from the beach" && made.media.count == 2 && made.author.username == "ada")
            #expect(made.media.map(\.display.id.uuidString) == photos.compactMap { $0["display"] }, "carousel order kept")
            #expect(made.media[1].display.width == 810 && made.media[1].thumbnail.width == 240)

            for (user, expected) in [(ada, HTTPStatus.ok), (bob, .ok), (requester, .notFound), (stranger, .notFound), (blocked, .notFound)] {
                #expect(try await kindred.send(.GET, "/kinnect/posts/\(made.id)", token: user.accessToken).status == expected, "\(user.username): post")
                for media in made.media.flatMap({ [$0.display.id, $0.thumbnail.id] }) {
                    #expect(try await kindred.send(.GET, "/media/\(media)", token: user.accessToken).status == expected, "\(user.username): media")
                }
                let grid = try await kindred.send(.GET, "/kinnect/profiles/ada/posts", token: user.accessToken)
                #expect(grid.status == (expected == .ok ? .ok : .notFound), "\(user.username): grid")
                let feed = try await kindred.send(.GET, "/kinnect/feed", token: user.accessToken).decode(Schemas.KinnectPostPage.self)
                #expect(feed.items.map(\.id) == (expected == .ok ? [made.id] : []), "\(user.username): feed")
            }
            #expect(try await kindred.send(.GET, "/kinnect/posts/\(made.id)").status == .unauthorized)
            #expect(try await kindred.send(.GET, "/kinnect/posts/\(UUID())", token: ada.accessToken).status == .notFound)
        }
    }

    @Test func aNewPostReachesEveryApprovedFollowerInOneEvent() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, bob, requester, _, _) = try await cast(kindred)
            let baseURL = try #require(kindred.baseURL)
            let bobSocket = try await RealtimeClient.connect(kindred, baseURL: baseURL, token: bob.accessToken)
            let requesterSocket = try await RealtimeClient.connect(kindred, baseURL: baseURL, token: requester.accessToken)
            let made = try await post(kindred, ada, photos: [try await photo(kindred, ada)]).decode(Schemas.KinnectPost.self)
            guard case .kinnect_post_created(let event) = try await bobSocket.next() else { Issue.record("no new-post event"); return }
            #expect(event.postId == made.id && event.author.username == "ada")
            // The requester hears nothing of it: the next event they get is their own profile change.
            #expect(try await kindred.send(.PATCH, "/me", token: requester.accessToken, json: ["bio": "Still waiting"]).status == .ok)
            guard case .profile_updated = try await requesterSocket.next() else { Issue.record("a requester heard of the post"); return }
            try await bobSocket.close()
            try await requesterSocket.close()
        }
    }

    @Test func photosAreCheckedAndAPostIsAllOrNothing() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            let good = try await photo(kindred, ada)
            let refusals: [(String, [[String: String]])] = [
                ("too wide", [try await photo(kindred, ada, width: 1200, height: 900, thumbWidth: 320, thumbHeight: 240)]),
                ("thumbnail too wide", [try await photo(kindred, ada, width: 1080, height: 810, thumbWidth: 540, thumbHeight: 405)]),
                ("other proportions", [try await photo(kindred, ada, width: 1080, height: 810, thumbWidth: 320, thumbHeight: 320)]),
                ("someone else's upload", [try await photo(kindred, bob)]),
                ("one photo twice", [good, good]),
                ("a good photo and a bad one", [good, ["display": good["display"] ?? "", "thumbnail": UUID().uuidString]]),
            ]
            for (label, photos) in refusals {
                let response = try await post(kindred, ada, photos: photos)
                #expect(response.status == .unprocessableEntity, "\(label): \(response.status) \(response.body.string)")
            }
            #expect(try await KinnectPost.query(on: kindred.app.db).count() == 0, "nothing half-posted")
            #expect(try await post(kindred, ada, photos: Array(repeating: good, count: 11)).status == .unprocessableEntity, "at most 10")
            #expect(try await post(kindred, ada, caption: String(repeating: "a", count: 2201), photos: [good]).status == .unprocessableEntity)
            let longest = try await post(kindred, ada, caption: String(repeating: "é", count: 2200), photos: [good])
            #expect(longest.status == .created, "the longest caption: \(longest.body.string)")
            #expect(try await post(kindred, ada, photos: [good]).status == .unprocessableEntity, "a photo is in one post at most")
        }
    }

    @Test func theAuthorEditsTheCaptionAndDeletesThePostWithItsFiles() async throws {
        try await withKindred { kindred in
            let (ada, bob, _, stranger, _) = try await cast(kindred)
            let made = try await post(kindred, ada, photos: [try await photo(kindred, ada)]).decode(Schemas.KinnectPost.self)
            for user in [bob, stranger] {
                #expect(try await kindred.send(.PATCH, "/kinnect/posts/\(made.id)", token: user.accessToken, json: ["caption": "Mine now"]).status == .notFound)
                #expect(try await kindred.send(.DELETE, "/kinnect/posts/\(made.id)", token: user.accessToken).status == .notFound)
            }
            kindred.clock.advance(by: 5)
            let edited = try await kindred.send(.PATCH, "/kinnect/posts/\(made.id)", token: ada.accessToken, json: ["caption": "Edited"])
            #expect(edited.status == .ok)
            let after = try edited.decode(Schemas.KinnectPost.self)
            #expect(after.caption == "Edited" && after.editedAt != nil)
            let seen = try await kindred.send(.GET, "/kinnect/posts/\(made.id)", token: bob.accessToken).decode(Schemas.KinnectPost.self)
            #expect(seen.caption == "Edited")

            let keys = try await MediaItem.query(on: kindred.app.db).all().map(\.storageKey)
            #expect(try await kindred.send(.DELETE, "/kinnect/posts/\(made.id)", token: ada.accessToken).status == .noContent)
            #expect(try await kindred.send(.GET, "/kinnect/posts/\(made.id)", token: ada.accessToken).status == .notFound)
            #expect(try await MediaItem.query(on: kindred.app.db).count() == 0)
            #expect(try await KinnectPostMedia.query(on: kindred.app.db).count() == 0)
            for key in keys {
                #expect(!FileManager.default.fileExists(atPath: kindred.configuration.mediaDirectory + "/" + key), "\(key) is still stored")
            }
        }
    }

    @Test func aSuspendedAuthorsPostsPhotosAndAvatarAreGoneForEveryoneElse() async throws {
        try await withKindred { kindred in
            let (ada, bob, _, _, _) = try await cast(kindred)
            let photos = try await photo(kindred, ada)
            let made = try await post(kindred, ada, photos: [photos]).decode(Schemas.KinnectPost.self)
            let avatar = try await photo(kindred, ada)
            #expect(try await kindred.send(.PATCH, "/me", token: ada.accessToken, json: ["avatarId": avatar["display"] ?? ""]).status == .ok)
            #expect(try await kindred.send(.PUT, "/kinnect/posts/\(made.id)/save", token: bob.accessToken).status == .noContent)
            // act
            try await ModerationService(context: kindred.app.context).suspend(ada.id)
            // validate
            #expect(try await kindred.send(.GET, "/kinnect/posts/\(made.id)", token: bob.accessToken).status == .notFound)
            #expect(try await kindred.send(.GET, "/kinnect/feed", token: bob.accessToken).decode(Schemas.KinnectPostPage.self).items.isEmpty)
            #expect(try await kindred.send(.GET, "/kinnect/saved", token: bob.accessToken).decode(Schemas.KinnectPostPage.self).items.isEmpty)
            for media in [photos["display"], photos["thumbnail"], avatar["display"]].compactMap({ $0 }) {
                #expect(try await kindred.send(.GET, "/media/\(media)", token: bob.accessToken).status == .notFound, "\(media)")
            }
        }
    }

    /// A post's photo made the profile photo gets a copy of its own: shown to everyone as any
    /// avatar is (the post still only to followers), and kept when the post is deleted.
    @Test func aPostsPhotoMadeTheProfilePhotoIsCopiedAndOutlivesThePost() async throws {
        try await withKindred { kindred in
            let (ada, _, _, stranger, _) = try await cast(kindred)
            let photos = try await photo(kindred, ada)
            let made = try await post(kindred, ada, photos: [photos]).decode(Schemas.KinnectPost.self)
            let display = made.media[0].display.id
            // act
            let updated = try await kindred.send(.PATCH, "/me", token: ada.accessToken, json: ["avatarId": display.uuidString])
            // validate
            #expect(updated.status == .ok, "\(updated.body.string)")
            let avatar = try #require(try updated.decode(Schemas.Me.self).profile.avatar)
            #expect(avatar.id != display && avatar.width == 1080 && avatar.height == 810)
            let original = try #require(try await MediaItem.find(display, on: kindred.app.db))
            let copy = try #require(try await MediaItem.find(avatar.id, on: kindred.app.db))
            #expect(copy.$owner.id == ada.id && copy.byteCount == original.byteCount && copy.storageKey != original.storageKey)
            let directory = kindred.configuration.mediaDirectory + "/"
            #expect(FileManager.default.contents(atPath: directory + copy.storageKey) == FileManager.default.contents(atPath: directory + original.storageKey))
            // Everyone sees a profile photo; the post's own file stays the followers'.
            #expect(try await kindred.send(.GET, "/media/\(avatar.id)", token: stranger.accessToken).status == .ok)
            #expect(try await kindred.send(.GET, "/media/\(display)", token: stranger.accessToken).status == .notFound)
            // Choosing the same photo again makes no second copy.
            let again = try await kindred.send(.PATCH, "/me", token: ada.accessToken, json: ["avatarId": avatar.id.uuidString])
            #expect(try again.decode(Schemas.Me.self).profile.avatar?.id == avatar.id)
            #expect(try await MediaItem.query(on: kindred.app.db).filter(\.$owner.$id == ada.id).count() == 3)

            #expect(try await kindred.send(.DELETE, "/kinnect/posts/\(made.id)", token: ada.accessToken).status == .noContent)
            #expect(!FileManager.default.fileExists(atPath: directory + original.storageKey))
            let me = try await kindred.send(.GET, "/me", token: ada.accessToken).decode(Schemas.Me.self)
            #expect(me.profile.avatar?.id == avatar.id)
            let served = try await kindred.app.testing().sendRequest(.GET, try #require(me.profile.avatar).url)
            #expect(served.status == .ok && Int64(served.body.readableBytes) == copy.byteCount)
        }
    }

    @Test func savedPostsArePrivateAndOnlyWhatIMayStillSee() async throws {
        try await withKindred { kindred in
            let (ada, bob, _, stranger, _) = try await cast(kindred)
            let first = try await post(kindred, ada, caption: "one", photos: [try await photo(kindred, ada)]).decode(Schemas.KinnectPost.self)
            kindred.clock.advance(by: 1)
            let second = try await post(kindred, ada, caption: "two", photos: [try await photo(kindred, ada)]).decode(Schemas.KinnectPost.self)
            // act: Bob saves both (the first twice), most recent save first.
            for id in [second.id, first.id, first.id] {
                kindred.clock.advance(by: 1)
                #expect(try await kindred.send(.PUT, "/kinnect/posts/\(id)/save", token: bob.accessToken).status == .noContent)
            }
            #expect(try await kindred.send(.PUT, "/kinnect/posts/\(first.id)/save", token: stranger.accessToken).status == .notFound)
            // validate
            let saved = try await kindred.send(.GET, "/kinnect/saved", token: bob.accessToken).decode(Schemas.KinnectPostPage.self)
            #expect(saved.items.map(\.id) == [first.id, second.id] && saved.items.allSatisfy(\.saved))
            #expect(try await KinnectSave.query(on: kindred.app.db).count() == 2)
            #expect(try await kindred.send(.GET, "/kinnect/posts/\(first.id)", token: bob.accessToken).decode(Schemas.KinnectPost.self).saved)
            #expect(try await kindred.send(.GET, "/kinnect/saved", token: ada.accessToken).decode(Schemas.KinnectPostPage.self).items.isEmpty,
                    "a saved list is its owner's alone")
            #expect(try await kindred.send(.DELETE, "/kinnect/posts/\(second.id)/save", token: bob.accessToken).status == .noContent)
            // Ada removes Bob as a follower: what he saved of hers is out of his reach too.
            #expect(try await kindred.send(.DELETE, "/kinnect/followers/bob", token: ada.accessToken).status == .noContent)
            #expect(try await kindred.send(.GET, "/kinnect/saved", token: bob.accessToken).decode(Schemas.KinnectPostPage.self).items.isEmpty)
        }
    }

    @Test func theFeedIsNewestFirstAndStableWhileNewPostsArrive() async throws {
        try await withKindred { kindred in
            let (ada, bob, _, _, _) = try await cast(kindred)
            let photoSet = try await photo(kindred, ada)
            var posted: [UUID] = []
            for index in 0..<25 {
                kindred.clock.advance(by: 1)
                let author = index % 2 == 0 ? ada : bob
                let photos = author.username == "ada" && index == 0 ? [photoSet] : [try await photo(kindred, author)]
                posted.append(try await post(kindred, author, caption: "#\(index)", photos: photos).decode(Schemas.KinnectPost.self).id)
            }
            // Bob's feed: Ada's posts and his own.
            let first = try await kindred.send(.GET, "/kinnect/feed?limit=20", token: bob.accessToken).decode(Schemas.KinnectPostPage.self)
            #expect(first.items.map(\.id) == Array(posted.reversed().prefix(20)))
            // New posts arrive while Bob scrolls: the next page goes on where the first stopped.
            kindred.clock.advance(by: 1)
            _ = try await post(kindred, ada, caption: "late", photos: [try await photo(kindred, ada)])
            let cursor = try #require(first.nextCursor)
            let second = try await kindred.send(.GET, "/kinnect/feed?limit=20&cursor=\(cursor)", token: bob.accessToken)
                .decode(Schemas.KinnectPostPage.self)
            #expect(second.items.map(\.id) == Array(posted.reversed().dropFirst(20)))
            #expect(second.nextCursor == nil)
            // Ada does not follow Bob: her feed is hers alone.
            let adas = try await kindred.send(.GET, "/kinnect/feed?limit=100", token: ada.accessToken).decode(Schemas.KinnectPostPage.self)
            #expect(adas.items.allSatisfy { $0.author.username == "ada" } && adas.items.count == 14)
        }
    }
}
