import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

@Suite("Rin profiles, fields, circles and the policy grid, as their owner keeps them")
struct RinProfileTests {
    typealias Schemas = Components.Schemas

    @Test func theFirstRequestsMakeOnePrimaryWithItsCircles() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            // act: several first requests at once (two devices opening Rin together)
            let ids = try await withThrowingTaskGroup(of: UUID.self) { group in
                for _ in 0..<6 { group.addTask { try await kindred.rinPrimary(ada) } }
                return try await group.reduce(into: Set<UUID>()) { $0.insert($1) }
            }
            // validate: one primary, five circles in list order with the product's colours
            #expect(ids.count == 1)
            let primary = try #require(ids.first)
            let circles = try await kindred.rinCircles(ada, primary)
            #expect(circles.map(\.name) == ["Contacts", "Public", "Family", "Friends", "Colleagues"])
            #expect(circles.map(\.template) == [.nameOnly, .nameOnly, .permissive, .moderate, .restricted])
            #expect(circles.map(\.color.rawValue) == ["#6B7280", "#3B82F6", "#EF4444", "#22C55E", "#8B5CF6"])
            #expect(circles.map(\.isSystem) == [true, true, false, false, false])
            #expect(circles.map(\.memberCount) == [nil, nil, 0, 0, 0])
            let profiles = try await kindred.send(.GET, "/rin/profiles", token: ada.accessToken).decode(Schemas.RinProfileList.self)
            #expect(profiles.items.map(\.kind) == [.primary] && profiles.items[0].displayName == "ada")
            #expect(profiles.items[0].discoverable)
        }
    }

    @Test func theDefaultRegionReadsNationalNumbers() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let primary = try await kindred.rinPrimary(ada)
            let settings = try await kindred.send(.GET, "/rin/settings", token: ada.accessToken).decode(Schemas.RinSettings.self)
            #expect(settings.defaultRegion == "US")
            #expect(try await kindred.rinField(ada, primary, "phone", "mobile", "(202) 555-0143").value == "+12025550143")
            let unknown = try await kindred.send(.PATCH, "/rin/settings", token: ada.accessToken, json: ["defaultRegion": "ZZ"])
            #expect(unknown.status == .unprocessableEntity && unknown.problem?.errors?.first?.field == "defaultRegion")
            let changed = try await kindred.send(.PATCH, "/rin/settings", token: ada.accessToken, json: ["defaultRegion": "GB"])
            #expect(try changed.decode(Schemas.RinSettings.self).defaultRegion == "GB")
            #expect(try await kindred.rinField(ada, primary, "phone", "work", "020 7946 0958").value == "+442079460958")
            #expect(try await kindred.rinField(ada, primary, "phone", "home", "+49 30 901820").value == "+4930901820")

            // Onboarding finished on one device is known to every other; the first finish counts.
            #expect(settings.onboardedAt == nil)
            let finished = try await kindred.send(.PATCH, "/rin/settings", token: ada.accessToken, json: ["onboarded": true])
                .decode(Schemas.RinSettings.self)
            let when = try #require(finished.onboardedAt)
            #expect(abs(when.timeIntervalSince(kindred.clock.now)) < 5)
            kindred.clock.advance(by: 60)
            let again = try await kindred.send(.PATCH, "/rin/settings", token: ada.accessToken, json: ["onboarded": true])
                .decode(Schemas.RinSettings.self)
            #expect(again.onboardedAt == finished.onboardedAt)
            #expect(again.defaultRegion == "GB", "one change leaves the other setting alone")
            let forgotten = try await kindred.send(.PATCH, "/rin/settings", token: ada.accessToken, json: ["onboarded": false])
            #expect(try forgotten.decode(Schemas.RinSettings.self).onboardedAt == nil)
        }
    }

    @Test func fieldsAreCheckedAndStoredNormalised() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let primary = try await kindred.rinPrimary(ada)
            func add(_ body: String) async throws -> TestingHTTPResponse {
                try await kindred.send(.POST, "/rin/profiles/\(primary)/fields", token: ada.accessToken, bytes: Array(body.utf8),
                                       headers: ["Content-Type": "application/json"])
            }
            // validate: values stored normalised
            #expect(try await kindred.rinField(ada, primary, "email", "home", "  Ada@Example.COM ").value == "Ada@example.com", "shown as typed, the domain lowercased")
            #expect(try await kindred.rinField(ada, primary, "birthday", nil, "--02-29").value == "--02-29")
            #expect(try await kindred.rinField(ada, primary, "address", "home", "1 Analytical Row\nLondon").value == "1 Analytical Row\nLondon")
            // validate: each bad value names its field
            for (body, field) in [
                (#"{"kind":"phone","label":"mobile","value":"call me"}"#, "value"),
                (#"{"kind":"phone","label":"mobile","value":"12"}"#, "value"),
                (#"{"kind":"email","label":"home","value":"ada@"}"#, "value"),
                (#"{"kind":"email","label":"mobile","value":"a@b.co"}"#, "label"),
                (#"{"kind":"phone","value":"+12025550143"}"#, "label"),
                (#"{"kind":"social","label":"x","value":"   "}"#, "value"),
            ] {
                let response = try await add(body)
                #expect(response.status == .unprocessableEntity, "\(body)")
                #expect(response.problem?.errors?.map(\.field) == [field], "\(body): \(response.body.string)")
            }
            // A NUL is refused by the foundation before any Rin rule reads it.
            #expect(try await add(#"{"kind":"address","label":"home","value":"a\u0000b"}"#).status == .badRequest)
            let primaryAddress = try await add(#"{"kind":"address","label":"work","value":"1 Engine Row","isPrimary":true}"#)
            #expect(primaryAddress.status == .unprocessableEntity && primaryAddress.problem?.errors?.first?.field == "isPrimary")
            let badDate = try await add(#"{"kind":"birthday","value":"2023-02-29"}"#)
            #expect(badDate.status == .unprocessableEntity)
            let secondBirthday = try await add(#"{"kind":"birthday","value":"1815-12-10"}"#)
            #expect(secondBirthday.status == .conflict)
            let labelled = try await add(#"{"kind":"birthday","label":"home","value":"1815-12-10"}"#)
            #expect(labelled.status == .unprocessableEntity)
            let tooLong = try await add(#"{"kind":"social","label":"x","value":"\#(String(repeating: "a", count: 501))"}"#)
            #expect(tooLong.status == .unprocessableEntity)
        }
    }

    @Test func onePrimaryPhoneAtMostAndDeletingItPromotesNone() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let primary = try await kindred.rinPrimary(ada)
            let mobile = try await kindred.rinField(ada, primary, "phone", "mobile", "+1 202 555 0143")
            let work = try await kindred.rinField(ada, primary, "phone", "work", "+1 202 555 0199")
            #expect(mobile.isPrimary && !work.isPrimary, "the first phone is the primary one")
            let made = try await kindred.send(.PATCH, "/rin/profiles/\(primary)/fields/\(work.id)", token: ada.accessToken, json: ["isPrimary": true])
            #expect(try made.decode(Schemas.RinProfileField.self).isPrimary)
            func phones() async throws -> [Schemas.RinProfileField] {
                try await kindred.send(.GET, "/rin/profiles/\(primary)", token: ada.accessToken).decode(Schemas.RinProfileDetail.self).fields
            }
            #expect(try await phones().map(\.isPrimary) == [false, true])
            #expect(try await kindred.send(.DELETE, "/rin/profiles/\(primary)/fields/\(work.id)", token: ada.accessToken).status == .noContent)
            #expect(try await phones().map(\.isPrimary) == [false], "deleting the primary shows no other number to Friends")
            let relabelled = try await kindred.send(.PATCH, "/rin/profiles/\(primary)/fields/\(mobile.id)", token: ada.accessToken,
                                                    json: ["label": "home", "value": "202-555-0150"])
            let field = try relabelled.decode(Schemas.RinProfileField.self)
            #expect(field.label == .home && field.value == "+12025550150")
        }
    }

    @Test func alternatesHaveTheirOwnCirclesAndLimits() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let primary = try await kindred.rinPrimary(ada)
            func create(_ kind: String, _ name: String) async throws -> TestingHTTPResponse {
                try await kindred.send(.POST, "/rin/profiles", token: ada.accessToken, json: ["kind": kind, "displayName": name])
            }
            let work = try await create("professional", "A. Lovelace, Analyst")
            #expect(work.status == .created, "\(work.body.string)")
            let detail = try work.decode(Schemas.RinProfileDetail.self)
            #expect(detail.profile.kind == .professional && !detail.profile.discoverable && detail.fields.isEmpty)
            let circles = try await kindred.rinCircles(ada, detail.profile.id)
            #expect(circles.map(\.kind) == [.contacts, ._public])
            #expect(circles.map(\.template) == [.permissive, .nameOnly], "a professional profile's contacts see it all")
            // An alternate's photo is its own upload, and its link names neither the account nor
            // the file's storage key; an upload shown elsewhere (the avatar, another profile) would
            // tie the two together, so it is refused.
            func upload() async throws -> UUID {
                try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: MediaFixtures.png()).decode(Schemas.Media.self).id
            }
            let (workPhoto, avatar) = (try await upload(), try await upload())
            #expect(try await kindred.send(.PATCH, "/me", token: ada.accessToken, json: ["avatarId": avatar.uuidString]).status == .ok)
            let photo = try await kindred.send(.PATCH, "/rin/profiles/\(detail.profile.id)", token: ada.accessToken, json: ["photoId": workPhoto.uuidString])
            #expect(photo.status == .ok, "\(photo.body.string)")
            let shown = try #require(try photo.decode(Schemas.RinProfileDetail.self).profile.photo)
            let stored = try #require(try await MediaItem.find(workPhoto, on: kindred.app.db)).storageKey
            #expect(shown.url.hasPrefix("/media-files/\(workPhoto.uuidString.lowercased()).png?"))
            #expect(!shown.url.lowercased().contains(ada.id.uuidString.lowercased()))
            #expect(!shown.url.contains(stored))
            #expect(try await kindred.app.testing().sendRequest(.GET, shown.url).status == .ok)
            for (profile, media) in [(detail.profile.id, avatar), (primary, workPhoto)] {
                let shared = try await kindred.send(.PATCH, "/rin/profiles/\(profile)", token: ada.accessToken, json: ["photoId": media.uuidString])
                #expect(shared.status == .unprocessableEntity, "\(shared.body.string)")
                #expect(shared.problem?.errors?.first?.field == "photoId")
            }
            #expect(try await kindred.send(.PATCH, "/rin/profiles/\(primary)", token: ada.accessToken, json: ["photoId": avatar.uuidString]).status == .ok,
                    "the primary is the account's own face")
            #expect(try await create("personal", "Ada").status == .created)
            #expect(try await create("anonymous", "Quiet Otter").status == .created)
            let fourth = try await create("personal", "Too many")
            #expect(fourth.status == .tooManyRequests && fourth.headers.first(name: "Retry-After") != nil, "three a day")
            let list = try await kindred.send(.GET, "/rin/profiles", token: ada.accessToken).decode(Schemas.RinProfileList.self)
            #expect(list.items.map(\.kind) == [.primary, .professional, .personal, .anonymous])
            #expect(try await kindred.send(.DELETE, "/rin/profiles/\(primary)", token: ada.accessToken).status == .conflict)
            // Its book moves to the primary's, unlinked, when it goes.
            let grace = try await kindred.signUp("grace")
            _ = try await kindred.rinPrimary(grace)
            let card = try await kindred.send(.POST, "/rin/profiles/\(detail.profile.id)/contacts", token: ada.accessToken, json: ["displayName": "Grace"])
                .decode(Schemas.RinContactDetail.self)
            #expect(try await kindred.send(.PUT, "/rin/contacts/\(card.id)/link", token: ada.accessToken, json: ["username": "grace"]).status == .ok)
            #expect(try await kindred.send(.DELETE, "/rin/profiles/\(detail.profile.id)", token: ada.accessToken).status == .noContent)
            let moved = try await kindred.send(.GET, "/rin/contacts/\(card.id)", token: ada.accessToken).decode(Schemas.RinContactDetail.self)
            #expect(moved.profileId == primary && moved.linkedPerson == nil)
            #expect(try await kindred.send(.GET, "/rin/profiles/\(detail.profile.id)", token: ada.accessToken).status == .notFound)
            let primaryCreate = try await create("primary", "Second me")
            #expect(primaryCreate.status == .unprocessableEntity || primaryCreate.status == .badRequest)
        }
    }

    @Test func circlesFollowTheirRules() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let primary = try await kindred.rinPrimary(ada)
            let made = try await kindred.send(.POST, "/rin/profiles/\(primary)/circles", token: ada.accessToken,
                                              json: ["name": " Book club ", "emoji": "📚"])
            #expect(made.status == .created, "\(made.body.string)")
            let club = try made.decode(Schemas.RinCircle.self)
            #expect(club.name == "Book club" && club.emoji == "📚" && club.template == .restricted && club.kind == .custom)
            #expect(club.color.rawValue == "#F97316", "the palette's least-used colour")
            // A name of 30 characters, however many scalars, is fine; 31 is not.
            let family = String(repeating: "👍🏽", count: 30)
            #expect(try await kindred.send(.PATCH, "/rin/circles/\(club.id)", token: ada.accessToken, json: ["name": family]).status == .ok)
            for body in [["name": String(repeating: "a", count: 31)], ["name": "  "], ["emoji": "ab"], ["emoji": "🙂🙂"], ["color": "#123456"]] {
                let response = try await kindred.send(.PATCH, "/rin/circles/\(club.id)", token: ada.accessToken, json: body)
                #expect(response.status == .unprocessableEntity || response.status == .badRequest, "\(body): \(response.status)")
            }
            let contacts = try await kindred.rinCircle(ada, primary, .contacts)
            let everyone = try await kindred.rinCircle(ada, primary, ._public)
            #expect(try await kindred.send(.PATCH, "/rin/circles/\(contacts.id)", token: ada.accessToken, json: ["name": "Mine"]).status == .conflict)
            let emoji = try await kindred.send(.PATCH, "/rin/circles/\(contacts.id)", token: ada.accessToken, json: ["emoji": "📇"])
            #expect(try emoji.decode(Schemas.RinCircle.self).emoji == "📇", "a system circle keeps its name, not its look")
            let recoloured = try await kindred.send(.PATCH, "/rin/circles/\(contacts.id)", token: ada.accessToken, json: ["color": "#14B8A6"])
            #expect(try recoloured.decode(Schemas.RinCircle.self).color.rawValue == "#14B8A6")
            #expect(try await kindred.send(.DELETE, "/rin/circles/\(everyone.id)", token: ada.accessToken).status == .conflict)
            let friends = try await kindred.rinCircle(ada, primary, .friends)
            #expect(try await kindred.send(.DELETE, "/rin/circles/\(friends.id)", token: ada.accessToken).status == .noContent)
            #expect(try await kindred.rinCircles(ada, primary).map(\.name) == ["Contacts", "Public", "Family", "Colleagues", family])
        }
    }

    @Test func theGridStartsFromTheTemplatesAndSavesAllOrNothing() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let primary = try await kindred.rinPrimary(ada)
            let mobile = try await kindred.rinField(ada, primary, "phone", "mobile", "+1 202 555 0143")
            let workPhone = try await kindred.rinField(ada, primary, "phone", "work", "+1 202 555 0199")
            let home = try await kindred.rinField(ada, primary, "email", "home", "ada@example.com")
            let workMail = try await kindred.rinField(ada, primary, "email", "work", "ada@engine.example")
            let birthday = try await kindred.rinField(ada, primary, "birthday", nil, "1815-12-10")
            let linkedin = try await kindred.rinField(ada, primary, "social", "linkedin", "in/ada")
            let grid = try await kindred.send(.GET, "/rin/profiles/\(primary)/policies", token: ada.accessToken).decode(Schemas.RinPolicyGrid.self)
            let keys = ["name", "photo", "bio", mobile.key, workPhone.key, home.key, workMail.key, birthday.key, linkedin.key]
            #expect(grid.fields.map(\.key) == keys)
            func row(_ grid: Schemas.RinPolicyGrid, _ kind: Schemas.RinCircleKind) throws -> [String] {
                let circle = try #require(grid.circles.first { $0.kind == kind })
                return keys.map { key in grid.cells.first { $0.circleId == circle.id && $0.fieldKey == key }?.access.rawValue ?? "?" }
            }
            // validate: the product's defaults (docs/RIN.md §2.4)
            #expect(try row(grid, .contacts) == ["allow", "deny", "deny", "deny", "deny", "deny", "deny", "deny", "deny"])
            #expect(try row(grid, ._public) == ["allow", "deny", "deny", "deny", "deny", "deny", "deny", "deny", "deny"])
            #expect(try row(grid, .family) == Array(repeating: "allow", count: 9))
            #expect(try row(grid, .friends) == ["allow", "allow", "ask", "allow", "ask", "allow", "ask", "ask", "ask"])
            #expect(try row(grid, .colleagues) == ["allow", "deny", "deny", "deny", "allow", "deny", "allow", "deny", "deny"])
            #expect(grid.cells.allSatisfy { $0.isTemplate })

            // act: open the birthday to Colleagues and hide the bio from Friends, then one bad cell
            let colleagues = try #require(grid.circles.first { $0.kind == .colleagues })
            let friends = try #require(grid.circles.first { $0.kind == .friends })
            let saved = try await kindred.rinSetCells(ada, primary, [(colleagues.id, birthday.key, "allow"), (friends.id, "bio", "deny")])
            #expect(saved.status == .ok, "\(saved.body.string)")
            let after = try saved.decode(Schemas.RinPolicyGrid.self)
            #expect(try row(after, .colleagues)[7] == "allow")
            #expect(try row(after, .friends)[2] == "deny")
            #expect(after.cells.filter { !$0.isTemplate }.count == 2)
            let bad = try await kindred.rinSetCells(ada, primary, [(colleagues.id, mobile.key, "allow"), (friends.id, "field:\(UUID())", "allow"),
                                                                  (UUID(), "name", "deny")])
            #expect(bad.status == .unprocessableEntity && bad.problem?.errors?.count == 2, "\(bad.body.string)")
            let unchanged = try await kindred.send(.GET, "/rin/profiles/\(primary)/policies", token: ada.accessToken).decode(Schemas.RinPolicyGrid.self)
            #expect(try row(unchanged, .colleagues)[3] == "deny", "nothing of a refused save is kept")
            // Setting a cell to its template's value makes it the template's again.
            let back = try await kindred.rinSetCells(ada, primary, [(friends.id, "bio", "ask")]).decode(Schemas.RinPolicyGrid.self)
            #expect(back.cells.filter { !$0.isTemplate }.count == 1)
            #expect(try await kindred.send(.DELETE, "/rin/circles/\(colleagues.id)/policies", token: ada.accessToken).status == .noContent)
            let reset = try await kindred.send(.GET, "/rin/profiles/\(primary)/policies", token: ada.accessToken).decode(Schemas.RinPolicyGrid.self)
            #expect(reset.cells.allSatisfy { $0.isTemplate })
        }
    }

    @Test func nothingOfSomeoneElsesRinAnswersButNotFound() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let eve = try await kindred.signUp("eve")
            let primary = try await kindred.rinPrimary(ada)
            let field = try await kindred.rinField(ada, primary, "phone", "mobile", "+1 202 555 0143")
            let circle = try await kindred.rinCircle(ada, primary, .friends)
            _ = try await kindred.rinPrimary(eve)
            let attempts: [(HTTPMethod, String, [String: String]?)] = [
                (.GET, "/rin/profiles/\(primary)", nil), (.PATCH, "/rin/profiles/\(primary)", ["displayName": "Eve"]),
                (.DELETE, "/rin/profiles/\(primary)", nil), (.POST, "/rin/profiles/\(primary)/fields", ["kind": "social", "label": "x", "value": "@eve"]),
                (.PATCH, "/rin/profiles/\(primary)/fields/\(field.id)", ["value": "+1 202 555 0000"]),
                (.DELETE, "/rin/profiles/\(primary)/fields/\(field.id)", nil), (.GET, "/rin/profiles/\(primary)/circles", nil),
                (.POST, "/rin/profiles/\(primary)/circles", ["name": "Mine"]), (.PATCH, "/rin/circles/\(circle.id)", ["name": "Mine"]),
                (.DELETE, "/rin/circles/\(circle.id)", nil), (.GET, "/rin/circles/\(circle.id)/members", nil),
                (.GET, "/rin/profiles/\(primary)/policies", nil), (.DELETE, "/rin/circles/\(circle.id)/policies", nil),
                (.GET, "/rin/profiles/\(primary)/preview?viewer=public", nil),
            ]
            for (method, path, body) in attempts {
                let response = try await kindred.send(method, path, token: eve.accessToken, json: body)
                #expect(response.status == .notFound, "\(method) \(path): \(response.status)")
                #expect(!response.body.string.contains("+12025550143"))
                #expect(try await kindred.send(method, path, json: body).status == .unauthorized, "\(method) \(path) with no session")
            }
            let moved = try await kindred.send(.POST, "/rin/circles/\(circle.id)/members", token: eve.accessToken, json: ["profileIds": [primary]])
            #expect(moved.status == .notFound)
            // Her own fields are untouched.
            let detail = try await kindred.send(.GET, "/rin/profiles/\(primary)", token: ada.accessToken).decode(Schemas.RinProfileDetail.self)
            #expect(detail.fields.map(\.value) == ["+12025550143"] && detail.profile.displayName == "ada")
        }
    }
}
