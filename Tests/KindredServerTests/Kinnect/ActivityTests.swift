import Fluent
import Foundation
import OpenAPIRuntime
import KindredAPI
import KindredTestSupport
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

@Suite("Kinnect activity, people search and unused uploads")
struct ActivityTests {
    typealias Schemas = Components.Schemas

    private func follow(_ kindred: TestKindred, _ follower: TestUser, _ owner: TestUser, confirm: Bool = true) async throws {
        #expect(try await kindred.send(.POST, "/kinnect/follows", token: follower.accessToken, json: ["username": owner.username]).status == .created)
        if confirm {
            #expect(try await kindred.send(.POST, "/kinnect/follow-requests/\(follower.username)/confirm", token: owner.accessToken).status == .ok)
        }
    }

    private func post(_ kindred: TestKindred, _ author: TestUser) async throws -> UUID {
        var ids: [String] = []
        for (width, height) in [(40, 30), (20, 15)] {
            let upload = try await kindred.send(.POST, "/media", token: author.accessToken, bytes: TestPNG.make(width: width, height: height, seed: 2))
            ids.append(try upload.decode(Schemas.Media.self).id.uuidString)
        }
        let draft = #"{"caption":"Hi","media":[{"display":"\#(ids[0])","thumbnail":"\#(ids[1])"}]}"#
        return try await kindred.send(.POST, "/kinnect/posts", token: author.accessToken, bytes: Array(draft.utf8),
                                      headers: ["Content-Type": "application/json"]).decode(Schemas.KinnectPost.self).id
    }

    private func activity(_ kindred: TestKindred, _ user: TestUser) async throws -> [Schemas.KinnectActivity] {
        try await kindred.everyPage("/kinnect/activity", token: user.accessToken, limit: 2, as: Schemas.KinnectActivityPage.self,
                                    cursor: { $0.nextCursor }, count: { $0.items.count }).flatMap(\.items)
    }

    private func unread(_ kindred: TestKindred, _ user: TestUser) async throws -> Int {
        try await kindred.send(.GET, "/kinnect/activity/unread", token: user.accessToken).decode(Schemas.KinnectActivityUnread.self).count
    }

    @Test func requestsFollowersLikesCommentsAndRepliesAreGroupedAndCounted() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await kindred.signUp("ada")
            let (bob, cyd, dee) = (try await kindred.signUp("bob"), try await kindred.signUp("cyd"), try await kindred.signUp("dee"))
            let adaSocket = try await RealtimeClient.connect(kindred, baseURL: try #require(kindred.baseURL), token: ada.accessToken)
            // A request waits in Ada's activity; confirming turns it into a new follower, and Bob
            // hears he was accepted.
            try await follow(kindred, bob, ada, confirm: false)
            var items = try await activity(kindred, ada)
            #expect(items.map(\.kind) == [.followRequested] && items.first?.actors.map(\.username) == ["bob"])
            guard case .kinnect_follow_requested = try await adaSocket.next(),
                  case .kinnect_activity_created(let event) = try await adaSocket.next()
            else { Issue.record("no activity event"); return }
            #expect(event.unreadCount == 1)
            #expect(try await kindred.send(.POST, "/kinnect/follow-requests/bob/confirm", token: ada.accessToken).status == .ok)
            for user in [cyd, dee] {
                kindred.clock.advance(by: 1)
                try await follow(kindred, user, ada)
            }
            items = try await activity(kindred, ada)
            #expect(items.map(\.kind) == [.followed], "three new followers today are one item")
            #expect(items.first?.actorCount == 3 && items.first?.actors.map(\.username) == ["dee", "cyd"])
            #expect(try await activity(kindred, bob).map(\.kind) == [.followAccepted])

            // Likes group per post; comments per post; a reply goes to the person replied to.
            let post = try await post(kindred, ada)
            for user in [bob, cyd, dee] {
                kindred.clock.advance(by: 1)
                #expect(try await kindred.send(.PUT, "/kinnect/posts/\(post)/like", token: user.accessToken).status == .ok)
            }
            _ = try await kindred.send(.PUT, "/kinnect/posts/\(post)/like", token: ada.accessToken)
            kindred.clock.advance(by: 1)
            let bobs = try await kindred.send(.POST, "/kinnect/posts/\(post)/comments", token: bob.accessToken, json: ["text": "Lovely"])
                .decode(Schemas.KinnectComment.self)
            kindred.clock.advance(by: 1)
            _ = try await kindred.send(.POST, "/kinnect/posts/\(post)/comments", token: cyd.accessToken,
                                       json: ["text": "Agreed, Bob", "replyTo": bobs.id.uuidString])
            items = try await activity(kindred, ada)
            #expect(items.map(\.kind) == [.commented, .liked, .followed], "newest first: \(items.map(\.kind))")
            let liked = try #require(items.first { $0.kind == .liked })
            #expect(liked.actorCount == 3 && liked.actors.map(\.username) == ["dee", "cyd"], "Ada's own like is not activity")
            #expect(liked.post?.id == post && liked.post?.thumbnail.width == 20)
            let commented = try #require(items.first)
            #expect(commented.actorCount == 2 && commented.text == "Agreed, Bob")
            let bobsItems = try await activity(kindred, bob)
            #expect(bobsItems.first?.kind == .replied && bobsItems.first?.text == "Agreed, Bob" && bobsItems.first?.commentId != nil)

            // Unread: everything until read; reading marks through a time, never past now.
            #expect(try await unread(kindred, ada) == 3)
            let read = try await kindred.send(.POST, "/kinnect/activity/read", token: ada.accessToken,
                                              json: ["through": try #require(items.first).latestAt])
            #expect(try read.decode(Schemas.KinnectActivityUnread.self).count == 0)
            #expect(try await activity(kindred, ada).allSatisfy { !$0.unread })
            kindred.clock.advance(by: 1)
            _ = try await kindred.send(.DELETE, "/kinnect/posts/\(post)/like", token: dee.accessToken)
            _ = try await kindred.send(.PUT, "/kinnect/posts/\(post)/like", token: dee.accessToken)
            #expect(try await unread(kindred, ada) == 1, "the likes group moved")
            _ = try await kindred.send(.POST, "/kinnect/activity/read", token: ada.accessToken, json: ["through": Date.distantPast])
            #expect(try await unread(kindred, ada) == 1, "reading never goes backwards")

            // Undone acts leave nothing; a block hides the blocked person's acts.
            _ = try await kindred.send(.DELETE, "/kinnect/posts/\(post)/like", token: dee.accessToken)
            _ = try await kindred.send(.DELETE, "/kinnect/comments/\(bobs.id)", token: bob.accessToken)
            items = try await activity(kindred, ada)
            #expect(items.first { $0.kind == .liked }?.actorCount == 2)
            #expect(!items.contains { $0.kind == .commented }, "the reply went with its comment")
            #expect(try await kindred.send(.POST, "/blocks", token: ada.accessToken, json: ["username": "cyd"]).status == .created)
            items = try await activity(kindred, ada)
            #expect(items.first { $0.kind == .liked }?.actors.map(\.username) == ["bob"])
            #expect(items.allSatisfy { !$0.actors.contains { $0.username == "cyd" } })
        }
    }

    @Test func aCancelledOrDeletedRequestLeavesNoActivity() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bob = try await kindred.signUp("bob")
            try await follow(kindred, bob, ada, confirm: false)
            #expect(try await kindred.send(.DELETE, "/kinnect/follows/ada", token: bob.accessToken).status == .noContent)
            #expect(try await activity(kindred, ada).isEmpty)
            try await follow(kindred, bob, ada, confirm: false)
            #expect(try await kindred.send(.DELETE, "/kinnect/follow-requests/bob", token: ada.accessToken).status == .noContent)
            #expect(try await activity(kindred, ada).isEmpty)
            #expect(try await unread(kindred, ada) == 0)
            let bad = try await kindred.send(.GET, "/kinnect/activity?cursor=nonsense", token: ada.accessToken)
            #expect(bad.status == .unprocessableEntity)
        }
    }

    @Test func aReplyOnAPostINoLongerSeeLeavesMyActivity() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let (bob, cyd) = (try await kindred.signUp("bob"), try await kindred.signUp("cyd"))
            try await follow(kindred, bob, ada)
            try await follow(kindred, cyd, ada)
            let post = try await post(kindred, ada)
            let bobs = try await kindred.send(.POST, "/kinnect/posts/\(post)/comments", token: bob.accessToken, json: ["text": "Mine"])
                .decode(Schemas.KinnectComment.self)
            _ = try await kindred.send(.POST, "/kinnect/posts/\(post)/comments", token: cyd.accessToken,
                                       json: ["text": "Ada's friends only", "replyTo": bobs.id.uuidString])
            #expect(try await activity(kindred, bob).contains { $0.kind == .replied && $0.post?.id == post })

            // Ada removes Bob as a follower: the reply, its text and the post's thumbnail are not his to see.
            #expect(try await kindred.send(.DELETE, "/kinnect/followers/bob", token: ada.accessToken).status == .noContent)
            let after = try await activity(kindred, bob)
            #expect(!after.contains { $0.post?.id == post || $0.text == "Ada's friends only" }, "\(after.map(\.kind))")
        }
    }

    @Test func peopleAreFoundByUsernameOrAnyWordOfTheirName() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            var people: [String: TestUser] = [:]
            for (username, name) in [("grace", "Grace Hopper"), ("hopper_fan", "Ada Fan"), ("alan", "Alan Turing"), ("gus", "Grace Notes"),
                                     ("x100", "100% Real")] {
                let user = try await kindred.signUp(username)
                people[username] = user
                _ = try await kindred.send(.PATCH, "/me", token: user.accessToken, json: ["displayName": name])
            }
            func search(_ query: String, as user: TestUser? = nil) async throws -> [String] {
                let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
                return try await kindred.send(.GET, "/kinnect/people?q=\(encoded)", token: (user ?? ada).accessToken)
                    .decode(Schemas.KinnectPeople.self).items.map(\.profile.username)
            }
            #expect(try await search("gr") == ["grace", "gus"], "Grace Notes matches by name")
            #expect(try await search("HOP") == ["hopper_fan", "grace"], "usernames first, then names")
            #expect(try await search("ada") == ["hopper_fan"], "I am not in my own results")
            #expect(try await search("grace h") == ["grace"])
            #expect(try await search("100%") == ["x100"])
            #expect(try await search("%").isEmpty, "a wildcard matches only itself")
            #expect(try await search("_").isEmpty)
            // Where I stand with each is in the answer.
            let grace = try #require(people["grace"])
            try await follow(kindred, ada, grace, confirm: false)
            let found = try await kindred.send(.GET, "/kinnect/people?q=grace", token: ada.accessToken).decode(Schemas.KinnectPeople.self)
            #expect(found.items.first { $0.profile.username == "grace" }?.state == .requested)
            // Blocked either way, or suspended: never found.
            #expect(try await kindred.send(.POST, "/blocks", token: grace.accessToken, json: ["username": "ada"]).status == .created)
            #expect(try await search("gr") == ["gus"])
            try await User.query(on: kindred.app.db).filter(\.$username == "gus").set(\.$suspendedAt, to: Date()).update()
            #expect(try await search("gr").isEmpty)
            #expect(try await kindred.send(.GET, "/kinnect/people?q=", token: ada.accessToken).status == .unprocessableEntity)
            #expect(try await kindred.send(.GET, "/kinnect/people?q=" + String(repeating: "a", count: 51), token: ada.accessToken).status == .unprocessableEntity)
        }
    }

    @Test func uploadsNothingUsesAreSweptAfterADay() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let post = try await post(kindred, ada)
            let avatar = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: TestPNG.make(width: 8, height: 8, seed: 9))
                .decode(Schemas.Media.self)
            _ = try await kindred.send(.PATCH, "/me", token: ada.accessToken, json: ["avatarId": avatar.id.uuidString])
            let abandonedUpload = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: try VideoTests.fixture("clip.mp4"))
            #expect(abandonedUpload.status == .created, "\(abandonedUpload.body.string)")
            let abandoned = try abandonedUpload.decode(Schemas.Media.self)
            let sweeper = MediaSweeper(context: kindred.app.context)
            #expect(try await sweeper.sweep() == 0, "nothing is a day old yet")
            kindred.clock.advance(by: 25 * 3600)
            // (Ada's token has long expired; the upload goes straight to the service.)
            let fresh = try await MediaService(context: kindred.app.context).upload(TestPNG.make(width: 8, height: 8, seed: 10), by: ada.id)

            #expect(try await sweeper.sweep() == 1)

            let left = Set(try await MediaItem.query(on: kindred.app.db).all().compactMap(\.id))
            #expect(!left.contains(abandoned.id))
            let freshID = try fresh.requireID()
            #expect(left.contains(avatar.id) && left.contains(freshID))
            #expect(try await KinnectPostMedia.query(on: kindred.app.db).filter(\.$post.$id == post).count() == 1)
            #expect(left.count == 4, "the post's two, the avatar and the fresh upload")
            let files = try FileManager.default.contentsOfDirectory(atPath: kindred.configuration.mediaDirectory)
            #expect(!files.contains { $0.contains(abandoned.id.uuidString.lowercased()) })
        }
    }
}

@Suite("Dates in requests")
struct ContractDatesTests {
    @Test func anyRFC3339DateTimeIsReadAndNothingElse() throws {
        let dates = ContractDates()
        #expect(try dates.decode("2026-11-23T08:00:00Z") == Date(timeIntervalSince1970: 1_795_420_800))
        #expect(try dates.decode("2026-11-23T09:00:00.250+01:00").timeIntervalSince1970 == 1_795_420_800.25)
        #expect(try dates.decode("1166-09-18T22:53:42.320+20:42") == (try dates.decode("1166-09-18T02:11:42.320Z")))
        for bad in ["2026-11-23", "2026-02-30T00:00:00Z", "2026-11-23T24:00:00Z", "2026-11-23T08:00:00+24:00", "2026-11-23T08:00:00.Z", "now"] {
            #expect(throws: (any Error).self, "\(bad)") { try dates.decode(bad) }
        }
        #expect(try dates.encode(Date(timeIntervalSince1970: 1_795_420_800.7)) == "2026-11-23T08:00:00Z")
    }

    /// The hand-written encoder against Foundation's formatter, which it replaced for speed: the
    /// same text for moments from 1600 to 9999 (leap days, centuries, the second before and after
    /// midnight, fractions, before 1970), and every moment it writes read back as its whole
    /// second. Before 1582 Foundation's calendar turns Julian; RFC 3339 stays Gregorian.
    @Test func writtenAsFoundationWritesThem() throws {
        let dates = ContractDates(), foundation = ISO8601DateTranscoder.iso8601
        var generator = SystemRandomNumberGenerator()
        var moments: [Double] = [0, -1, -0.5, 86_399.999, 951_782_400, 951_868_799, 4_107_542_400, -62_135_596_800,
                                 253_402_300_799.9, -2_208_988_800, 1_795_420_800.7]
        // Fractions short of the next second by less than a millisecond are left out of the
        // random ones: Foundation goes through milliseconds in a Double there and may round up.
        for _ in 0..<5_000 {
            moments.append(Double(Int.random(in: -62_135_596_800..<253_402_300_800, using: &generator))
                + Double.random(in: 0..<0.99, using: &generator))
        }
        for moment in moments {
            let date = Date(timeIntervalSince1970: moment)
            let text = try dates.encode(date)
            if moment >= -11_676_096_000 { #expect(text == (try foundation.encode(date)), "\(moment)") }
            #expect(try dates.decode(text) == Date(timeIntervalSince1970: moment.rounded(.down)), "\(text)")
        }
        #expect(try dates.decode("2024-02-29T23:59:60Z") == (try dates.decode("2024-02-29T23:59:59Z")))
        #expect(throws: (any Error).self) { try dates.decode("2023-02-29T00:00:00Z") }
        #expect(throws: (any Error).self) { try dates.decode("1900-02-29T00:00:00Z") }
        #expect(try dates.decode("2000-02-29T00:00:00Z") == Date(timeIntervalSince1970: 951_782_400))
    }
}
