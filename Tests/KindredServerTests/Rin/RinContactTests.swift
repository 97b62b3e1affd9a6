import Foundation
import KindredAPI
import KindredTestSupport
import RinFormats
import Testing
import VaporTesting
@testable import KindredServer

@Suite("Rin's book: contacts made by hand, listed A to Z, searched, linked and exported")
struct RinContactTests {
    typealias Schemas = Components.Schemas

    static func create(_ kindred: TestKindred, _ user: TestUser, _ profile: UUID, _ body: String) async throws -> Schemas.RinContactDetail {
        let response = try await kindred.send(.POST, "/rin/profiles/\(profile)/contacts", token: user.accessToken, bytes: Array(body.utf8),
                                              headers: ["Content-Type": "application/json"])
        #expect(response.status == .created, "\(body): \(response.body.string)")
        return try response.decode(Schemas.RinContactDetail.self)
    }

    static func names(_ kindred: TestKindred, _ user: TestUser, _ profile: UUID, _ query: String = "") async throws -> [String] {
        let response = try await kindred.send(.GET, "/rin/profiles/\(profile)/contacts" + query, token: user.accessToken)
        #expect(response.status == .ok, "\(query): \(response.body.string)")
        return try response.decode(Schemas.RinContactPage.self).items.map(\.displayName)
    }

    @Test func theBookListsAToZSearchesAndPages() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let book = try await kindred.rinPrimary(ada)
            _ = try await Self.create(kindred, ada, book, #"{"givenName":"Zoë","familyName":"Ångström","values":[{"kind":"phone","label":"mobile","value":"(202) 555-0143"}]}"#)
            _ = try await Self.create(kindred, ada, book, #"{"givenName":"ada","familyName":"Lovelace","values":[{"kind":"email","value":"Ada@Engine.Example"}]}"#)
            _ = try await Self.create(kindred, ada, book, #"{"displayName":"Émile Zola","favourite":true}"#)
            _ = try await Self.create(kindred, ada, book, #"{"organization":"123 Plumbing"}"#)
            _ = try await Self.create(kindred, ada, book, #"{"familyName":"张","givenName":"伟","displayName":"张伟"}"#)
            // A card with only an e-mail has no name to show; it sorts under "#".
            let nameless = try await Self.create(kindred, ada, book, #"{"values":[{"kind":"email","value":"nobody@example.com"}]}"#)
            #expect(nameless.displayName.isEmpty && nameless.section == "#")

            // validate: sorted ignoring case and accents, digits and other scripts under "#"
            let page = try await kindred.send(.GET, "/rin/profiles/\(book)/contacts", token: ada.accessToken).decode(Schemas.RinContactPage.self)
            #expect(page.items.map(\.displayName) == ["ada Lovelace", "Émile Zola", "Zoë Ångström", "", "123 Plumbing", "张伟"])
            let named = page.items.filter { !$0.displayName.isEmpty }
            #expect(named.map(\.displayName) == ["ada Lovelace", "Émile Zola", "Zoë Ångström", "123 Plumbing", "张伟"])
            #expect(named.map(\.section) == ["A", "E", "Z", "#", "#"], "the # section comes last")
            #expect(named.first { $0.displayName == "Zoë Ångström" }?.phone == "(202) 555-0143")

            // validate: pages of two walk the whole book once
            var seen: [String] = []
            var cursor: String?
            repeat {
                let path = "/rin/profiles/\(book)/contacts?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                let next = try await kindred.send(.GET, path, token: ada.accessToken).decode(Schemas.RinContactPage.self)
                seen += next.items.map(\.id.uuidString)
                cursor = next.nextCursor
            } while cursor != nil
            #expect(seen == page.items.map(\.id.uuidString))

            // validate: search by folded words, by an e-mail, by a phone's digits however typed
            #expect(try await Self.names(kindred, ada, book, "?q=angstrom") == ["Zoë Ångström"])
            #expect(try await Self.names(kindred, ada, book, "?q=ADA%20love") == ["ada Lovelace"])
            #expect(try await Self.names(kindred, ada, book, "?q=engine.example") == ["ada Lovelace"])
            #expect(try await Self.names(kindred, ada, book, "?q=555.0143") == ["Zoë Ångström"])
            #expect(try await Self.names(kindred, ada, book, "?q=%2B1202555") == ["Zoë Ångström"])
            #expect(try await Self.names(kindred, ada, book, "?q=100%25").isEmpty, "LIKE's wildcards are searched as themselves")
            #expect(try await Self.names(kindred, ada, book, "?favourites=true") == ["Émile Zola"])
            let bad = try await kindred.send(.GET, "/rin/profiles/\(book)/contacts?cursor=nonsense", token: ada.accessToken)
            #expect(bad.status == .unprocessableEntity)
        }
    }

    @Test func aContactIsEditedFavouritedAndDeleted() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let book = try await kindred.rinPrimary(ada)
            let grace = try await Self.create(kindred, ada, book, #"{"givenName":"Grace","familyName":"Hopper","birthday":"19061209","values":[{"kind":"phone","value":"+1 202 555 0101"},{"kind":"phone","value":"202-555-0102","isPrimary":true},{"kind":"email","label":"work","value":"grace@navy.example"}]}"#)
            #expect(grace.birthday == "1906-12-09")
            #expect(grace.values.map(\.isPrimary) == [false, true, true], "one primary per kind")
            #expect(grace.values.first?.normalized == "+12025550101")
            let edited = try await kindred.send(.PATCH, "/rin/contacts/\(grace.id)", token: ada.accessToken,
                                                bytes: Array(#"{"title":"Rear Admiral","familyName":"","favourite":true,"values":[{"kind":"url","value":"https://example.com/grace"}]}"#.utf8),
                                                headers: ["Content-Type": "application/json"])
            #expect(edited.status == .ok, "\(edited.body.string)")
            let detail = try edited.decode(Schemas.RinContactDetail.self)
            #expect(detail.displayName == "Grace" && detail.familyName == nil && detail.title == "Rear Admiral" && detail.favourite)
            #expect(detail.values.map(\.kind) == [.url] && detail.values[0].isPrimary)
            let home = try await kindred.send(.GET, "/rin/profiles/\(book)/contacts/home", token: ada.accessToken).decode(Schemas.RinContactsHome.self)
            #expect(home.total == 1 && home.favourites.map(\.displayName) == ["Grace"] && home.recent.count == 1 && home.incomplete == 1)
            let empty = try await kindred.send(.POST, "/rin/profiles/\(book)/contacts", token: ada.accessToken, json: ["nickname": "  "])
            #expect(empty.status == .unprocessableEntity)
            #expect(try await kindred.send(.DELETE, "/rin/contacts/\(grace.id)", token: ada.accessToken).status == .noContent)
            #expect(try await kindred.send(.GET, "/rin/contacts/\(grace.id)", token: ada.accessToken).status == .notFound)
        }
    }

    @Test func aContactIsExportedAsVCard4WithMyOwnValuesOnly() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let grace = try await kindred.signUp("grace")
            let book = try await kindred.rinPrimary(ada)
            let graceProfile = try await kindred.rinPrimary(grace)
            // Grace's own phone is open to everyone on Rin; Ada's card must not carry it.
            let field = try await kindred.rinField(grace, graceProfile, "phone", "mobile", "+1 202 555 0199")
            let everyone = try await kindred.rinCircle(grace, graceProfile, ._public)
            #expect(try await kindred.rinSetCells(grace, graceProfile, [(everyone.id, field.key, "allow")]).status == .ok)
            let card = try await Self.create(kindred, ada, book, #"{"givenName":"Grace","familyName":"Hopper; Jr","note":"Met at the, \"navy\"\nyard","values":[{"kind":"email","label":"work","value":"grace@navy.example"},{"kind":"address","label":"home","value":"1 Cobol Way\nArlington"}]}"#)
            let linked = try await kindred.send(.PUT, "/rin/contacts/\(card.id)/link", token: ada.accessToken, json: ["username": "grace"])
            #expect(try linked.decode(Schemas.RinContactDetail.self).linkedPerson?.fields.map(\.value) == ["+12025550199"])

            let one = try await kindred.send(.GET, "/rin/contacts/\(card.id)/vcard", token: ada.accessToken, headers: ["Accept": "text/vcard"])
            #expect(one.status == .ok && one.headers.first(name: .contentType)?.hasPrefix("text/vcard") == true)
            let text = one.body.string
            #expect(text.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n") && !text.contains("555"))
            let parsed = try VCardParser().parse(text)
            let read = try #require(parsed.cards.first.map(ContactCard.init))
            #expect(read.name?.family == "Hopper; Jr" && read.note == "Met at the, \"navy\"\nyard")
            #expect(read.emails.map(\.value) == ["grace@navy.example"])
            _ = try await Self.create(kindred, ada, book, #"{"displayName":"Alan Turing"}"#)
            let all = try await kindred.send(.GET, "/rin/profiles/\(book)/contacts/vcard", token: ada.accessToken, headers: ["Accept": "text/vcard"])
            #expect(try VCardParser().parse(all.body.string).cards.count == 2)
            #expect(try await kindred.send(.GET, "/rin/contacts/\(card.id)/vcard", token: grace.accessToken).status == .notFound)
        }
    }

    @Test func linkingAContactPutsThatPersonInMyCircles() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let grace = try await kindred.signUp("grace")
            let eve = try await kindred.signUp("eve")
            let book = try await kindred.rinPrimary(ada)
            _ = try await kindred.rinPrimary(grace)
            _ = try await kindred.rinPrimary(eve)
            let mobile = try await kindred.rinField(ada, book, "phone", "mobile", "+1 202 555 0101")
            let card = try await Self.create(kindred, ada, book, #"{"displayName":"Grace"}"#)
            let friends = try await kindred.rinCircle(ada, book, .friends)
            let contacts = try await kindred.rinCircle(ada, book, .contacts)
            let added = try await kindred.send(.POST, "/rin/circles/\(friends.id)/members", token: ada.accessToken,
                                               json: ["contactIds": [card.id]])
            #expect(added.status == .ok, "\(added.body.string)")
            #expect(try added.decode(Schemas.RinCircleMemberList.self).items.map(\.displayName) == ["Grace"])
            func graceSees() async throws -> [String] {
                let response = try await kindred.rinPerson(book, as: grace)
                return response.status == .ok ? try response.decode(Schemas.RinPersonView.self).fields.map(\.value) : ["404"]
            }
            #expect(try await graceSees().isEmpty, "an unlinked card gives nobody anything")
            #expect(try await kindred.send(.PUT, "/rin/contacts/\(card.id)/link", token: ada.accessToken, json: ["username": "grace"]).status == .ok)
            #expect(try await graceSees() == [mobile.value], "Friends shows the primary phone")
            // Contacts on its own: open the phone there, take the card out of Friends.
            #expect(try await kindred.rinSetCells(ada, book, [(contacts.id, mobile.key, "ask")]).status == .ok)
            let member = try await kindred.send(.GET, "/rin/circles/\(friends.id)/members", token: ada.accessToken)
                .decode(Schemas.RinCircleMemberPage.self).items[0]
            #expect(member.contactId == card.id && member.profileId == nil)
            #expect(try await kindred.send(.DELETE, "/rin/circles/\(friends.id)/members/\(member.id)", token: ada.accessToken).status == .noContent)
            let asContact = try await kindred.rinPerson(book, as: grace).decode(Schemas.RinPersonView.self)
            #expect(asContact.fields.isEmpty && asContact.askable.map(\.key) == [mobile.key])
            #expect(try await kindred.send(.DELETE, "/rin/contacts/\(card.id)/link", token: ada.accessToken).status == .ok)
            #expect(try await kindred.rinPerson(book, as: grace).decode(Schemas.RinPersonView.self).askable.isEmpty)
            // Nobody links to someone hidden from them, or to themselves; Eve's card of Ada is hers alone.
            #expect(try await kindred.send(.POST, "/blocks", token: eve.accessToken, json: ["username": "ada"]).status == .created)
            #expect(try await kindred.send(.PUT, "/rin/contacts/\(card.id)/link", token: ada.accessToken, json: ["username": "eve"]).status == .notFound)
            #expect(try await kindred.send(.PUT, "/rin/contacts/\(card.id)/link", token: ada.accessToken, json: ["username": "nobody"]).status == .notFound)
            #expect(try await kindred.send(.PUT, "/rin/contacts/\(card.id)/link", token: ada.accessToken, json: ["username": "ada"]).status == .unprocessableEntity)
        }
    }

    @Test func nobodyElseReachesMyBook() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let eve = try await kindred.signUp("eve")
            let book = try await kindred.rinPrimary(ada)
            _ = try await kindred.rinPrimary(eve)
            let card = try await Self.create(kindred, ada, book, #"{"displayName":"SENTINEL-name","values":[{"kind":"phone","value":"+1 202 555 0177"}]}"#)
            let eveFriends = try await kindred.rinCircle(eve, try await kindred.rinPrimary(eve), .friends)
            let attempts: [(HTTPMethod, String, String?)] = [
                (.GET, "/rin/profiles/\(book)/contacts", nil), (.GET, "/rin/profiles/\(book)/contacts/home", nil),
                (.GET, "/rin/profiles/\(book)/contacts/vcard", nil), (.POST, "/rin/profiles/\(book)/contacts", #"{"displayName":"x"}"#),
                (.GET, "/rin/contacts/\(card.id)", nil), (.PATCH, "/rin/contacts/\(card.id)", #"{"displayName":"x"}"#),
                (.DELETE, "/rin/contacts/\(card.id)", nil), (.PUT, "/rin/contacts/\(card.id)/link", #"{"username":"eve"}"#),
                (.DELETE, "/rin/contacts/\(card.id)/link", nil), (.GET, "/rin/contacts/\(card.id)/vcard", nil),
                (.POST, "/rin/circles/\(eveFriends.id)/members", #"{"contactIds":["\#(card.id)"]}"#),
            ]
            for (method, path, body) in attempts {
                let response = try await kindred.send(method, path, token: eve.accessToken, bytes: body.map { Array($0.utf8) },
                                                      headers: body == nil ? [:] : ["Content-Type": "application/json"])
                #expect(response.status == .notFound, "\(method) \(path): \(response.status)")
                // The number as typed and as stored: a bare "0177" could be part of a UUID in the answer.
                #expect(!response.body.string.contains("SENTINEL") && !response.body.string.contains("555 0177")
                        && !response.body.string.contains("+12025550177"))
            }
            #expect(try await kindred.send(.GET, "/rin/contacts/\(card.id)", token: ada.accessToken).decode(Schemas.RinContactDetail.self)
                .displayName == "SENTINEL-name")
        }
    }
}
