import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

@Suite("Rin people search: discoverable profiles by what Public may see of their name")
struct RinSearchTests {
    typealias Schemas = Components.Schemas

    @Test func searchFindsOnlyWhatAStrangerCouldSee() async throws {
        try await withKindred { kindred in
            let eve = try await kindred.signUp("eve")
            _ = try await kindred.rinPrimary(eve)
            func named(_ username: String, _ name: String) async throws -> (TestUser, UUID) {
                let user = try await kindred.signUp(username)
                let profile = try await kindred.rinPrimary(user)
                #expect(try await kindred.send(.PATCH, "/rin/profiles/\(profile)", token: user.accessToken, json: ["displayName": name]).status == .ok)
                return (user, profile)
            }
            let (ada, adaBook) = try await named("ada", "Ada Lovelace")
            _ = try await named("emile", "Émile Zola")
            let (hidden, hiddenBook) = try await named("hidden", "Ada Hidden")
            let (privateUser, privateBook) = try await named("private", "Ada Private")
            let (blocker, _) = try await named("blocker", "Ada Blocker")
            func search(_ q: String, as user: TestUser = eve) async throws -> [String] {
                let response = try await kindred.send(.GET, "/rin/people/search?q=\(q.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? q)",
                                                      token: user.accessToken)
                #expect(response.status == .ok, "\(q): \(response.body.string)")
                return try response.decode(Schemas.RinPersonList.self).items.compactMap(\.displayName)
            }
            // Its name on Don't Allow for Public: never found, even by someone who may see it.
            let everyone = try await kindred.rinCircle(hidden, hiddenBook, ._public)
            #expect(try await kindred.rinSetCells(hidden, hiddenBook, [(everyone.id, "name", "deny")]).status == .ok)
            #expect(try await kindred.send(.PATCH, "/rin/profiles/\(privateBook)", token: privateUser.accessToken, json: ["discoverable": false]).status == .ok)
            #expect(try await kindred.send(.POST, "/blocks", token: blocker.accessToken, json: ["username": "eve"]).status == .created)
            // An alternate is not in search unless its owner says so.
            let work = try await kindred.send(.POST, "/rin/profiles", token: ada.accessToken, json: ["kind": "professional", "displayName": "Ada at Work"])
                .decode(Schemas.RinProfileDetail.self).profile.id

            #expect(try await search("ada") == ["Ada Lovelace"])
            #expect(try await search("ADA love") == ["Ada Lovelace"], "every word, any case")
            #expect(try await search("emile") == ["Émile Zola"], "accents ignored")
            #expect(try await search("zola ÉMILE") == ["Émile Zola"])
            #expect(try await search("nobody") == [])
            #expect(try await search("lovelace", as: ada) == [], "my own profiles are not found")
            #expect(try await search("ada", as: ada) == ["Ada Blocker"], "a block counts for the one it names")
            #expect(try await kindred.send(.PATCH, "/rin/profiles/\(work)", token: ada.accessToken, json: ["discoverable": true]).status == .ok)
            #expect(try await search("ada") == ["Ada at Work", "Ada Lovelace"])
            // What is shown is what the searcher may see: a stranger sees only the name.
            let found = try await kindred.send(.GET, "/rin/people/search?q=lovelace", token: eve.accessToken).decode(Schemas.RinPersonList.self)
            #expect(found.items.map(\.profileId) == [adaBook])
            #expect(found.items.allSatisfy { $0.fields.isEmpty && $0.askable.isEmpty })
            // A renamed profile is found by its new name only.
            #expect(try await kindred.send(.PATCH, "/rin/profiles/\(adaBook)", token: ada.accessToken, json: ["displayName": "Augusta King"]).status == .ok)
            #expect(try await search("lovelace") == [])
            #expect(try await search("augusta") == ["Augusta King"])
            // Wildcards are plain characters.
            #expect(try await search("%") == [])
            #expect(try await search("_") == [])
        }
    }

    @Test func aBlankSearchIsRefused() async throws {
        try await withKindred { kindred in
            let eve = try await kindred.signUp("eve")
            let blank = try await kindred.send(.GET, "/rin/people/search?q=%20%20", token: eve.accessToken)
            #expect(blank.status == .unprocessableEntity)
            #expect(blank.problem?.errors?.first?.field == "q")
        }
    }
}
