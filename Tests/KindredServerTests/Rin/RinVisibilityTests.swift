import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

@Suite("What another Rin user sees of a profile: computed on the server from circles, policies and blocks")
struct RinVisibilityTests {
    typealias Schemas = Components.Schemas

    /// Ada's primary profile with one field of every kind, each value a sentinel that must never
    /// reach anyone it is not for; Grace in Friends, Alan in Colleagues, Bob in both, Eve nowhere.
    struct Setup {
        let ada, grace, alan, bob, eve: TestUser
        let profile: UUID
        let profiles: [String: UUID]
        let fields: [String: Schemas.RinProfileField]
        let circles: [Schemas.RinCircleKind: Schemas.RinCircle]

        func sentinel(_ name: String) -> String { fields[name]?.value ?? "?" }
    }

    static func setUp(_ kindred: TestKindred) async throws -> Setup {
        let ada = try await kindred.signUp("ada")
        let others = [try await kindred.signUp("grace"), try await kindred.signUp("alan"), try await kindred.signUp("bob"), try await kindred.signUp("eve")]
        let profile = try await kindred.rinPrimary(ada)
        var profiles: [String: UUID] = [:]
        for user in others { profiles[user.username] = try await kindred.rinPrimary(user) }
        #expect(try await kindred.send(.PATCH, "/rin/profiles/\(profile)", token: ada.accessToken,
                                       json: ["displayName": "Ada Lovelace", "bio": "SENTINEL-bio"]).status == .ok)
        var fields: [String: Schemas.RinProfileField] = [:]
        fields["mobile"] = try await kindred.rinField(ada, profile, "phone", "mobile", "+1 202 555 0101")
        fields["workPhone"] = try await kindred.rinField(ada, profile, "phone", "work", "+1 202 555 0102")
        fields["home"] = try await kindred.rinField(ada, profile, "email", "home", "sentinel-home@example.com")
        fields["workMail"] = try await kindred.rinField(ada, profile, "email", "work", "sentinel-work@engine.example")
        fields["address"] = try await kindred.rinField(ada, profile, "address", "home", "SENTINEL-address")
        fields["birthday"] = try await kindred.rinField(ada, profile, "birthday", nil, "1815-12-10")
        fields["x"] = try await kindred.rinField(ada, profile, "social", "x", "SENTINEL-x")
        var circles: [Schemas.RinCircleKind: Schemas.RinCircle] = [:]
        for circle in try await kindred.rinCircles(ada, profile) { circles[circle.kind] = circle }
        let friends = try #require(circles[.friends]), colleagues = try #require(circles[.colleagues])
        try await kindred.rinAddMembers(ada, circle: friends.id, [try #require(profiles["grace"]), try #require(profiles["bob"])])
        try await kindred.rinAddMembers(ada, circle: colleagues.id, [try #require(profiles["alan"]), try #require(profiles["bob"])])
        return Setup(ada: ada, grace: others[0], alan: others[1], bob: others[2], eve: others[3], profile: profile, profiles: profiles,
                     fields: fields, circles: circles)
    }

    static func view(_ kindred: TestKindred, _ setup: Setup, as user: TestUser) async throws -> Schemas.RinPersonView {
        let response = try await kindred.rinPerson(setup.profile, as: user)
        #expect(response.status == .ok, "\(user.username): \(response.body.string)")
        return try response.decode(Schemas.RinPersonView.self)
    }

    @Test func eachCircleSeesWhatItsPolicyAllows() async throws {
        try await withKindred { kindred in
            let setup = try await Self.setUp(kindred)
            let eve = try await Self.view(kindred, setup, as: setup.eve)
            #expect(eve.displayName == "Ada Lovelace" && eve.bio == nil && eve.fields.isEmpty && eve.askable.isEmpty)

            let grace = try await Self.view(kindred, setup, as: setup.grace)
            #expect(Set(grace.fields.map(\.value)) == [setup.sentinel("mobile"), setup.sentinel("home")])
            #expect(Set(grace.askable.map(\.key)) == Set(["bio"] + ["workPhone", "workMail", "address", "birthday", "x"].map { setup.fields[$0]?.key ?? "" }))
            #expect(grace.askable.allSatisfy { !$0.requested })
            #expect(grace.bio == nil, "an Ask field shows its kind, not its value")

            let alan = try await Self.view(kindred, setup, as: setup.alan)
            #expect(Set(alan.fields.map(\.value)) == [setup.sentinel("workPhone"), setup.sentinel("workMail")])
            #expect(alan.askable.isEmpty)

            // Bob is in both: each field takes the more permissive of the two.
            let bob = try await Self.view(kindred, setup, as: setup.bob)
            #expect(Set(bob.fields.map(\.value)) == Set(["mobile", "workPhone", "home", "workMail"].map(setup.sentinel)))
            #expect(Set(bob.askable.map(\.key)) == Set(["bio"] + ["address", "birthday", "x"].map { setup.fields[$0]?.key ?? "" }))

            // Nothing reaches anyone beyond what resolved for them: a value only when Allow, a key
            // only when Allow or Ask, checked in the raw answer of every viewer.
            for (view, user) in [(eve, setup.eve), (grace, setup.grace), (alan, setup.alan), (bob, setup.bob)] {
                let body = try await kindred.rinPerson(setup.profile, as: user).body.string
                let shown = Set(view.fields.map(\.key)), askable = Set(view.askable.map(\.key))
                for (name, field) in setup.fields where !shown.contains(field.key) {
                    #expect(!body.contains(field.value), "\(user.username) learned the value of \(name)")
                    if !askable.contains(field.key) { #expect(!body.contains(field.key), "\(user.username) learned of \(name)") }
                }
                #expect(!body.contains("SENTINEL-bio"))
                #expect(!body.contains("isPrimary"), "a primary flag would tell of a hidden phone")
            }
        }
    }

    @Test func aPolicyChangeAppliesToEveryoneAtOnce() async throws {
        try await withKindred { kindred in
            let setup = try await Self.setUp(kindred)
            let friends = try #require(setup.circles[.friends]), everyone = try #require(setup.circles[._public])
            let address = try #require(setup.fields["address"])
            #expect(try await kindred.rinSetCells(setup.ada, setup.profile, [(friends.id, address.key, "allow")]).status == .ok)
            #expect(try await Self.view(kindred, setup, as: setup.grace).fields.contains { $0.value == "SENTINEL-address" })
            // The name on Don't Allow for Public: a stranger cannot tell the profile exists.
            #expect(try await kindred.rinSetCells(setup.ada, setup.profile, [(everyone.id, "name", "deny")]).status == .ok)
            let hidden = try await kindred.rinPerson(setup.profile, as: setup.eve)
            let missing = try await kindred.rinPerson(UUID(), as: setup.eve)
            #expect(hidden.status == .notFound && missing.status == .notFound)
            #expect(hidden.problem?.detail == missing.problem?.detail, "hidden and absent read the same")
            #expect(try await kindred.send(.GET, "/rin/people?username=ada", token: setup.eve.accessToken).status == .notFound)
            #expect(try await Self.view(kindred, setup, as: setup.grace).displayName == "Ada Lovelace")
            // Leaving Friends takes it all back.
            let members = try await kindred.send(.GET, "/rin/circles/\(friends.id)/members", token: setup.ada.accessToken)
                .decode(Schemas.RinCircleMemberPage.self)
            #expect(Set(members.items.compactMap(\.displayName)) == ["grace", "bob"])
            let graceMember = try #require(members.items.first { $0.profileId == setup.profiles["grace"] })
            #expect(try await kindred.send(.DELETE, "/rin/circles/\(friends.id)/members/\(graceMember.id)", token: setup.ada.accessToken).status == .noContent)
            #expect(try await kindred.rinPerson(setup.profile, as: setup.grace).status == .notFound)
        }
    }

    @Test func aMemberWhoHidesFromMeLeavesNoTraceInMyCircle() async throws {
        try await withKindred { kindred in
            let setup = try await Self.setUp(kindred)
            let friends = try #require(setup.circles[.friends])
            func members() async throws -> (names: [String?], count: Int?) {
                let page = try await kindred.send(.GET, "/rin/circles/\(friends.id)/members", token: setup.ada.accessToken)
                    .decode(Schemas.RinCircleMemberPage.self)
                let circle = try await kindred.rinCircle(setup.ada, setup.profile, .friends)
                return (page.items.map(\.displayName), circle.memberCount)
            }
            #expect(try await members().count == 2)
            // act: Grace blocks Ada; Bob hides his name from everyone but his own circles
            #expect(try await kindred.send(.POST, "/blocks", token: setup.grace.accessToken, json: ["username": "ada"]).status == .created)
            let bobProfile = try #require(setup.profiles["bob"])
            let bobPublic = try await kindred.rinCircle(setup.bob, bobProfile, ._public)
            #expect(try await kindred.rinSetCells(setup.bob, bobProfile, [(bobPublic.id, "name", "deny")]).status == .ok)
            // validate: neither is listed or counted, exactly as if they had left
            let after = try await members()
            #expect(after.names.isEmpty && after.count == 0, "\(after)")
            // An unblock and a change of mind bring them back: the rows were kept.
            #expect(try await kindred.send(.DELETE, "/blocks/ada", token: setup.grace.accessToken).status == .noContent)
            #expect(try await kindred.rinSetCells(setup.bob, bobProfile, [(bobPublic.id, "name", "allow")]).status == .ok)
            #expect(try await members().count == 2)
        }
    }

    @Test func aBlockHidesBothWays() async throws {
        try await withKindred { kindred in
            let setup = try await Self.setUp(kindred)
            #expect(try await kindred.send(.POST, "/blocks", token: setup.grace.accessToken, json: ["username": "ada"]).status == .created)
            #expect(try await kindred.rinPerson(setup.profile, as: setup.grace).status == .notFound)
            let graceProfile = try #require(setup.profiles["grace"])
            #expect(try await kindred.rinPerson(graceProfile, as: setup.ada).status == .notFound)
            #expect(try await kindred.send(.GET, "/rin/profiles/\(setup.profile)/preview?viewer=profile:\(graceProfile)",
                                           token: setup.ada.accessToken).status == .notFound)
            #expect(try await kindred.send(.GET, "/rin/people?username=ada", token: setup.grace.accessToken).status == .notFound)
            #expect(try await Self.view(kindred, setup, as: setup.alan).fields.count == 2, "others are untouched")
        }
    }

    @Test func seeAsIsExactlyWhatThatPersonSees() async throws {
        try await withKindred { kindred in
            kindred.clock.freeze()
            let setup = try await Self.setUp(kindred)
            for user in [setup.grace, setup.alan, setup.bob, setup.eve] {
                let own = try await kindred.rinPerson(setup.profile, as: user)
                let id = try #require(setup.profiles[user.username])
                let preview = try await kindred.send(.GET, "/rin/profiles/\(setup.profile)/preview?viewer=profile:\(id)", token: setup.ada.accessToken)
                #expect(preview.status == .ok && preview.body.string == own.body.string, "\(user.username)")
            }
            // A member of Friends with no override sees what Grace sees; anyone on Rin what Eve sees.
            let friends = try #require(setup.circles[.friends])
            let asFriends = try await kindred.send(.GET, "/rin/profiles/\(setup.profile)/preview?viewer=circle:\(friends.id)", token: setup.ada.accessToken)
            #expect(asFriends.body.string == (try await kindred.rinPerson(setup.profile, as: setup.grace)).body.string)
            let asPublic = try await kindred.send(.GET, "/rin/profiles/\(setup.profile)/preview?viewer=public", token: setup.ada.accessToken)
            #expect(asPublic.body.string == (try await kindred.rinPerson(setup.profile, as: setup.eve)).body.string)
            let nobody = try await kindred.send(.GET, "/rin/profiles/\(setup.profile)/preview?viewer=circle:\(UUID())", token: setup.ada.accessToken)
            #expect(nobody.status == .notFound)
            let malformed = try await kindred.send(.GET, "/rin/profiles/\(setup.profile)/preview?viewer=everyone", token: setup.ada.accessToken)
            #expect(malformed.status == .unprocessableEntity || malformed.status == .badRequest)
            // The owner sees everything of their own.
            let own = try await Self.view(kindred, setup, as: setup.ada)
            #expect(own.fields.count == 7 && own.bio == "SENTINEL-bio")
        }
    }

    @Test func theProfileIActAsDecidesWhatISee() async throws {
        try await withKindred { kindred in
            let setup = try await Self.setUp(kindred)
            let alternate = try await kindred.send(.POST, "/rin/profiles", token: setup.grace.accessToken,
                                                   json: ["kind": "personal", "displayName": "G"]).decode(Schemas.RinProfileDetail.self).profile.id
            let asAlternate = try await kindred.rinPerson(setup.profile, as: setup.grace, acting: alternate)
            let view = try asAlternate.decode(Schemas.RinPersonView.self)
            #expect(view.fields.isEmpty, "Ada put Grace's primary in Friends, not her alternate")
            let notHers = try await kindred.rinPerson(setup.profile, as: setup.eve, acting: alternate)
            #expect(notHers.status == .notFound, "only the caller's own profiles can act")
        }
    }
}
