import Foundation
import KindredAPI
import KindredTestSupport
import Testing
@testable import KindredServer

@Suite("kindred seed-demo")
struct SeedDemoTests {
    @Test func demoPeopleCanSignInWithThePrintedPasswordAndSeedingAgainResetsIt() async throws {
        try await withKindred { kindred in
            let first = try await SeedDemoCommand.seed(on: kindred.app)
            let second = try await SeedDemoCommand.seed(on: kindred.app)

            #expect(second.emails.count == SeedDemoCommand.people.count)
            #expect(first.password != second.password)
            for email in second.emails {
                let ok = try await kindred.send(.POST, "/auth/sign-in", json: ["email": email, "password": second.password])
                #expect(ok.status == .ok, "\(email)")
            }
            let stale = try await kindred.send(.POST, "/auth/sign-in", json: ["email": second.emails[0], "password": first.password])
            #expect(stale.status == .unauthorized)
            let profile = try await kindred.send(.GET, "/profiles/ada", token: try await kindred.signUp("visitor").accessToken)
            #expect(try profile.decode(Components.Schemas.Profile.self).displayName == "Ada Lovelace")
        }
    }

    @Test func kinnectHasALivingFeedARequestAndActivityOnce() async throws {
        try await withKindred { kindred in
            _ = try await SeedDemoCommand.seed(on: kindred.app)
            let seeded = try await SeedDemoCommand.seed(on: kindred.app)
            func token(_ name: String) async throws -> String {
                try await kindred.send(.POST, "/auth/sign-in", json: ["email": "\(name)@demo.kindred.app", "password": seeded.password])
                    .decode(Components.Schemas.AuthSession.self).accessToken
            }
            let ada = try await token("ada")
            let feed = try await kindred.send(.GET, "/kinnect/feed", token: ada).decode(Components.Schemas.KinnectPostPage.self)
            #expect(feed.items.count == 6, "two posts each, posted once")
            #expect(Set(feed.items.map(\.author.username)) == ["ada", "grace", "alan"])
            #expect(feed.items.allSatisfy { !$0.media.isEmpty && $0.media.allSatisfy { $0.display.width == 540 && $0.thumbnail.width == 270 } })
            let activity = try await kindred.send(.GET, "/kinnect/activity", token: ada).decode(Components.Schemas.KinnectActivityPage.self)
            #expect(Set(activity.items.map(\.kind)).isSuperset(of: [.liked, .commented, .followed]))
            let requests = try await kindred.send(.GET, "/kinnect/follow-requests", token: try await token("grace"))
                .decode(Components.Schemas.KinnectPersonPage.self)
            #expect(requests.items.map(\.profile.username) == ["alan"])
        }
    }

    @Test func aRealAccountWithADemoUsernameIsNeverTouched() async throws {
        try await withKindred { kindred in
            let real = try await kindred.signUp("grace", password: "my own password")
            let seeded = try await SeedDemoCommand.seed(on: kindred.app)

            #expect(!seeded.emails.contains("grace@demo.kindred.app"))
            #expect(seeded.emails.count == SeedDemoCommand.people.count - 1)
            let stillMine = try await kindred.send(.POST, "/auth/sign-in", json: ["email": real.email, "password": real.password])
            #expect(stillMine.status == .ok)
        }
    }
}
