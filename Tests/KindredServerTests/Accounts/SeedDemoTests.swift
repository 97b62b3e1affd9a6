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
            let demo = try await SeededDemo.twice(kindred)
            let ada = try await demo.token("ada")
            let feed = try await kindred.send(.GET, "/kinnect/feed", token: ada).decode(Components.Schemas.KinnectPostPage.self)
            #expect(feed.items.count == 6, "two posts each, posted once")
            #expect(Set(feed.items.map(\.author.username)) == ["ada", "grace", "alan"])
            #expect(feed.items.allSatisfy { !$0.media.isEmpty && $0.media.allSatisfy { $0.display.width == 540 && $0.thumbnail.width == 270 } })
            let activity = try await kindred.send(.GET, "/kinnect/activity", token: ada).decode(Components.Schemas.KinnectActivityPage.self)
            #expect(Set(activity.items.map(\.kind)).isSuperset(of: [.liked, .commented, .followed]))
            let requests = try await kindred.send(.GET, "/kinnect/follow-requests", token: try await demo.token("grace"))
                .decode(Components.Schemas.KinnectPersonPage.self)
            #expect(requests.items.map(\.profile.username) == ["alan"])
        }
    }

    @Test func rinHasAnImportedBookWithItsReviewCirclesAndAnAskOnce() async throws {
        try await withKindred { kindred in
            let demo = try await SeededDemo.twice(kindred)
            let ada = try await demo.token("ada")
            let settings = try await kindred.send(.GET, "/rin/settings", token: ada).decode(Components.Schemas.RinSettings.self)
            let book = settings.primaryProfileId
            let home = try await kindred.send(.GET, "/rin/profiles/\(book)/contacts/home", token: ada).decode(Components.Schemas.RinContactsHome.self)
            #expect(home.total == 11, "twelve cards, one sure duplicate merged, imported once")
            #expect(home.suggestions == 2)
            let merges = try await kindred.send(.GET, "/rin/profiles/\(book)/merges", token: ada).decode(Components.Schemas.RinMergePage.self)
            #expect(merges.items.map(\.survivorName) == ["Grace Hopper"])
            #expect(merges.items.map(\.kind) == [.auto])
            let profiles = try await kindred.send(.GET, "/rin/profiles", token: ada).decode(Components.Schemas.RinProfileList.self)
            #expect(profiles.items.map(\.kind) == [.primary, .professional])
            let asks = try await kindred.send(.GET, "/rin/profiles/\(book)/asks", token: ada).decode(Components.Schemas.RinIncomingAskPage.self)
            #expect(asks.items.map(\.requester.displayName) == ["Alan Turing"])
            #expect(asks.items.map(\.field.kind) == [.address])
            // Grace, in Ada's Family, sees all of her; a linked card shows what Grace shares.
            let seen = try await kindred.send(.GET, "/rin/people/\(book)", token: try await demo.token("grace")).decode(Components.Schemas.RinPersonView.self)
            #expect(Set(seen.fields.map(\.kind)) == [.phone, .email, .address, .birthday])
            let graces = try await kindred.send(.GET, "/rin/profiles/\(book)/contacts?q=grace", token: ada).decode(Components.Schemas.RinContactPage.self)
            #expect(graces.items.map(\.isLinked) == [true])
        }
    }

    @Test func rinLinksTheDemoPeopleWithAnOfficialScoreADisputeAndAnAlertOnce() async throws {
        try await withKindred { kindred in
            let demo = try await SeededDemo.twice(kindred)
            let ada = try await demo.token("ada")

            // Grace, Alan and Mary are Ada's links; Grace and Alan show how they connect people, and
            // each bridges to Katherine, who is not Ada's link.
            let network = try await kindred.send(.GET, "/rin/network", token: ada).decode(Components.Schemas.RinNetwork.self)
            #expect(network.links == 3)
            #expect(network.showing == 2)
            let links = try await kindred.send(.GET, "/rin/network/links", token: ada).decode(Components.Schemas.RinLinkedPersonPage.self)
            #expect(Set(links.items.map(\.person.displayName)) == ["Grace Hopper", "Alan Turing", "Mary Somerville"])
            let bridges = Dictionary(uniqueKeysWithValues: links.items.map { ($0.person.displayName, $0.bridges) })
            #expect(bridges["Grace Hopper"] == 1 && bridges["Alan Turing"] == 1)
            #expect(bridges["Mary Somerville"] == .some(nil), "Mary does not show how she connects people")

            // The day's official score is there, with its explanations.
            let score = try await kindred.send(.GET, "/rin/score", token: ada).decode(Components.Schemas.RinScore.self)
            #expect(score.official != nil)
            #expect(!score.explanations.isEmpty)

            // Ada's inbox: Alan's ask, Grace's dispute and a new device's sign-in all need her, once.
            let inbox = try await kindred.send(.GET, "/rin/security", token: ada).decode(Components.Schemas.RinSecuritySummary.self)
            let action = Dictionary(uniqueKeysWithValues: inbox.sections.map { ($0.section, $0.action) })
            #expect(action[.access] == 1)
            #expect(action[.disputes] == 1)
            #expect(action[.alerts] == 1)
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

/// The demo seeded twice (the second run must add nothing), its people signed in with the
/// printed password.
private struct SeededDemo {
    let kindred: TestKindred
    let password: String

    static func twice(_ kindred: TestKindred) async throws -> SeededDemo {
        _ = try await SeedDemoCommand.seed(on: kindred.app)
        return SeededDemo(kindred: kindred, password: try await SeedDemoCommand.seed(on: kindred.app).password)
    }

    func token(_ name: String) async throws -> String {
        try await kindred.send(.POST, "/auth/sign-in", json: ["email": "\(name)@demo.kindred.app", "password": password])
            .decode(Components.Schemas.AuthSession.self).accessToken
    }
}
