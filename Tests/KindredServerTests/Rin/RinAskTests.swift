import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

@Suite("Rin asks: a field on Ask is requested, approved (an override for that person) or declined silently")
struct RinAskTests {
    typealias Schemas = Components.Schemas

    func ask(_ kindred: TestKindred, _ user: TestUser, _ profile: UUID, _ key: String) async throws -> TestingHTTPResponse {
        try await kindred.send(.POST, "/rin/people/\(profile)/asks", token: user.accessToken, json: ["fieldKey": key])
    }

    func inbox(_ kindred: TestKindred, _ setup: RinVisibilityTests.Setup) async throws -> [Schemas.RinIncomingAsk] {
        try await kindred.send(.GET, "/rin/profiles/\(setup.profile)/asks", token: setup.ada.accessToken).decode(Schemas.RinIncomingAskPage.self).items
    }

    @Test func aFriendAsksIsApprovedAndSeesTheFieldFromThenOn() async throws {
        try await withKindred { kindred in
            let setup = try await RinVisibilityTests.setUp(kindred)
            let address = try #require(setup.fields["address"])
            let before = try await RinVisibilityTests.view(kindred, setup, as: setup.grace)
            #expect(before.askable.first { $0.key == address.key }?.requested == false)

            // act: Grace asks, twice
            let asked = try await ask(kindred, setup.grace, setup.profile, address.key)
            #expect(asked.status == .ok, "\(asked.body.string)")
            #expect(try asked.decode(Schemas.RinAskState.self).requested)
            #expect(try await ask(kindred, setup.grace, setup.profile, address.key).body.string == asked.body.string)
            #expect(try await RinVisibilityTests.view(kindred, setup, as: setup.grace).askable.first { $0.key == address.key }?.requested == true)

            // validate: one request in Ada's inbox, naming Grace as she lets Ada see her
            let waiting = try await inbox(kindred, setup)
            #expect(waiting.count == 1 && waiting[0].requester.displayName == "grace" && waiting[0].field.key == address.key)
            #expect(waiting[0].field.kind == .address && waiting[0].field.label == .home)
            #expect(try await kindred.send(.POST, "/rin/asks/\(waiting[0].id)/approve", token: setup.grace.accessToken).status == .notFound,
                    "only the owner answers")

            // act: Ada approves
            #expect(try await kindred.send(.POST, "/rin/asks/\(waiting[0].id)/approve", token: setup.ada.accessToken).status == .noContent)
            let after = try await RinVisibilityTests.view(kindred, setup, as: setup.grace)
            #expect(after.fields.contains { $0.key == address.key && $0.value == "SENTINEL-address" })
            #expect(!after.askable.contains { $0.key == address.key })
            #expect(try await inbox(kindred, setup).isEmpty)
            // Bob, in the same circle, still sees it on Ask: the approval was Grace's alone.
            #expect(try await RinVisibilityTests.view(kindred, setup, as: setup.bob).askable.contains { $0.key == address.key })

            // act: Ada takes it back; the field is on Ask again, and Grace may ask again
            let graceProfile = try #require(setup.profiles["grace"])
            let removed = try await kindred.send(.DELETE, "/rin/profiles/\(setup.profile)/overrides?viewerProfileId=\(graceProfile)&fieldKey=\(address.key)",
                                                 token: setup.ada.accessToken)
            #expect(removed.status == .noContent)
            let again = try await RinVisibilityTests.view(kindred, setup, as: setup.grace)
            #expect(again.askable.first { $0.key == address.key }?.requested == false)
            #expect(try await ask(kindred, setup.grace, setup.profile, address.key).status == .ok)
            #expect(try await inbox(kindred, setup).count == 1)
        }
    }

    @Test func aDeclineTellsTheRequesterNothingAndAskingAgainChangesNothing() async throws {
        try await withKindred { kindred in
            let setup = try await RinVisibilityTests.setUp(kindred)
            let birthday = try #require(setup.fields["birthday"])
            let first = try await ask(kindred, setup.grace, setup.profile, birthday.key)
            let request = try #require(try await inbox(kindred, setup).first)
            #expect(try await kindred.send(.POST, "/rin/asks/\(request.id)/deny", token: setup.ada.accessToken).status == .noContent)
            let view = try await RinVisibilityTests.view(kindred, setup, as: setup.grace)
            #expect(view.askable.first { $0.key == birthday.key }?.requested == true, "declined reads as waiting")
            let repeated = try await ask(kindred, setup.grace, setup.profile, birthday.key)
            #expect(repeated.status == first.status && repeated.body.string == first.body.string)
            #expect(try await inbox(kindred, setup).isEmpty, "the owner is not asked again")
            #expect(!view.fields.contains { $0.key == birthday.key })
        }
    }

    @Test func onlyAFieldOnAskCanBeAskedForWithinTheDailyLimit() async throws {
        try await withKindred(adjust: { $0.rin.asksPerDay = 2 }) { kindred in
            let setup = try await RinVisibilityTests.setUp(kindred)
            let mobile = try #require(setup.fields["mobile"]), x = try #require(setup.fields["x"])
            // Don't Allow, already shown, absent, malformed: all answer as an unknown field.
            let forEve = try await ask(kindred, setup.eve, setup.profile, x.key)
            let shown = try await ask(kindred, setup.grace, setup.profile, mobile.key)
            let absent = try await ask(kindred, setup.grace, setup.profile, "field:\(UUID())")
            #expect(forEve.status == .notFound && shown.status == .notFound && absent.status == .notFound)
            #expect(forEve.problem?.detail == absent.problem?.detail)
            // Two new asks a day; the third is refused, a repeat is not counted.
            #expect(try await ask(kindred, setup.grace, setup.profile, x.key).status == .ok)
            #expect(try await ask(kindred, setup.grace, setup.profile, "bio").status == .ok)
            #expect(try await ask(kindred, setup.grace, setup.profile, x.key).status == .ok)
            let third = try await ask(kindred, setup.grace, setup.profile, try #require(setup.fields["birthday"]).key)
            #expect(third.status == .tooManyRequests && third.headers.first(name: "Retry-After") != nil)
            // A day later there is room again (signed in afresh: access tokens live minutes).
            kindred.clock.advance(by: 24 * 3600 + 1)
            struct Session: Decodable { let accessToken: String }
            var grace = setup.grace
            grace.accessToken = try await kindred.send(.POST, "/auth/sign-in", json: ["email": grace.email, "password": grace.password])
                .decode(Session.self).accessToken
            #expect(try await ask(kindred, grace, setup.profile, try #require(setup.fields["birthday"]).key).status == .ok)
        }
    }

    @Test func aBlockDeclinesWhatWaitsAndOverridesDecideForOnePerson() async throws {
        try await withKindred { kindred in
            let setup = try await RinVisibilityTests.setUp(kindred)
            let birthday = try #require(setup.fields["birthday"]), x = try #require(setup.fields["x"])
            #expect(try await ask(kindred, setup.grace, setup.profile, birthday.key).status == .ok)
            #expect(try await kindred.send(.POST, "/blocks", token: setup.ada.accessToken, json: ["username": "grace"]).status == .created)
            #expect(try await inbox(kindred, setup).isEmpty)
            #expect(try await kindred.send(.DELETE, "/blocks/grace", token: setup.ada.accessToken).status == .noContent)
            #expect(try await inbox(kindred, setup).isEmpty, "the block declined it; unblocking does not bring it back")

            // A personal override for Eve (a stranger): her X account, and nothing else.
            let eve = try #require(setup.profiles["eve"])
            let set = try await kindred.send(.PUT, "/rin/profiles/\(setup.profile)/overrides", token: setup.ada.accessToken,
                                             json: ["viewerProfileId": eve.uuidString, "fieldKey": x.key, "access": "allow"])
            #expect(set.status == .noContent, "\(set.body.string)")
            let view = try await RinVisibilityTests.view(kindred, setup, as: setup.eve)
            #expect(view.fields.map(\.value) == ["SENTINEL-x"])
            // Every field for Alan, except the one Ada hides from him by name.
            let alan = try #require(setup.profiles["alan"])
            #expect(try await kindred.send(.PUT, "/rin/profiles/\(setup.profile)/overrides", token: setup.ada.accessToken,
                                           json: ["viewerProfileId": alan.uuidString, "fieldKey": "*", "access": "allow"]).status == .noContent)
            #expect(try await kindred.send(.PUT, "/rin/profiles/\(setup.profile)/overrides", token: setup.ada.accessToken,
                                           json: ["viewerProfileId": alan.uuidString, "fieldKey": birthday.key, "access": "deny"]).status == .noContent)
            let alanView = try await RinVisibilityTests.view(kindred, setup, as: setup.alan)
            #expect(alanView.fields.count == setup.fields.count - 1 && !alanView.fields.contains { $0.key == birthday.key })
            #expect(alanView.bio == "SENTINEL-bio")
            let nobody = try await kindred.send(.PUT, "/rin/profiles/\(setup.profile)/overrides", token: setup.ada.accessToken,
                                                json: ["viewerProfileId": UUID().uuidString, "fieldKey": "*", "access": "allow"])
            #expect(nobody.status == .notFound)
            #expect(try await kindred.send(.PUT, "/rin/profiles/\(setup.profile)/overrides", token: setup.eve.accessToken,
                                           json: ["viewerProfileId": eve.uuidString, "fieldKey": "*", "access": "allow"]).status == .notFound)
        }
    }
}
