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
