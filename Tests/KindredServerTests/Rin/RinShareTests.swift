import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

@Suite("Rin share links: a secret that opens a profile's card, added to a book as a linked contact, revoked at once")
struct RinShareTests {
    typealias Schemas = Components.Schemas

    @Test func aLinkOpensTheCardAndAddsItToTheHoldersBookOnce() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bea = try await kindred.signUp("bea")
            let book = try await kindred.rinPrimary(ada)
            _ = try await kindred.rinField(ada, book, "phone", "mobile", "+44 20 7946 0018")
            let work = try await kindred.send(.POST, "/rin/profiles", token: ada.accessToken, json: ["kind": "professional", "displayName": "A. Lovelace, Analyst"])
                .decode(Schemas.RinProfileDetail.self).profile.id
            func link(_ profile: UUID) async throws -> Schemas.RinShareLink {
                try await kindred.send(.GET, "/rin/profiles/\(profile)/share-link", token: ada.accessToken).decode(Schemas.RinShareLink.self)
            }

            // The same link until it is revoked; one per profile; never an id.
            let shared = try await link(work)
            #expect(try await link(work).token == shared.token)
            #expect(try await link(book).token != shared.token)
            #expect(shared.token.count == 22)
            #expect(shared.link == kindred.configuration.publicBaseURL + "/r/" + shared.token)
            #expect(!shared.link.lowercased().contains(work.uuidString.lowercased()))
            #expect(!shared.link.lowercased().contains(ada.id.uuidString.lowercased()))
            #expect(shared.svg.hasPrefix("<svg") || shared.svg.contains("<svg"))

            // An alternate has no username; its link is how someone reaches it, seeing what Public shows.
            let card = try await kindred.send(.GET, "/rin/cards/\(shared.token)", token: bea.accessToken).decode(Schemas.RinCard.self)
            #expect(card.person.displayName == "A. Lovelace, Analyst")
            #expect(card.person.fields.isEmpty)
            #expect(card.contactId == nil && !card.isOwn)
            let added = try await kindred.send(.POST, "/rin/cards/\(shared.token)/contact", token: bea.accessToken)
            #expect(added.status == .created, "\(added.body.string)")
            let contact = try added.decode(Schemas.RinContactDetail.self)
            #expect(contact.displayName == "A. Lovelace, Analyst")
            #expect(contact.linkedPerson?.profileId == work)
            let again = try await kindred.send(.POST, "/rin/cards/\(shared.token)/contact", token: bea.accessToken)
            #expect(again.status == .ok)
            #expect(try again.decode(Schemas.RinContactDetail.self).id == contact.id)
            #expect(try await kindred.send(.GET, "/rin/cards/\(shared.token)", token: bea.accessToken).decode(Schemas.RinCard.self).contactId == contact.id)

            // Revoked: the old link is dead at once, a new one works, the contact stays linked.
            #expect(try await kindred.send(.DELETE, "/rin/profiles/\(work)/share-link", token: ada.accessToken).status == .noContent)
            let dead = try await kindred.send(.GET, "/rin/cards/\(shared.token)", token: bea.accessToken)
            #expect(dead.status == .notFound)
            #expect(dead.problem?.detail.contains("doesn't work") == true)
            #expect(try await kindred.send(.POST, "/rin/cards/\(shared.token)/contact", token: bea.accessToken).status == .notFound)
            let renewed = try await link(work)
            #expect(renewed.token != shared.token)
            #expect(try await kindred.send(.GET, "/rin/contacts/\(contact.id)", token: bea.accessToken)
                .decode(Schemas.RinContactDetail.self).linkedPerson?.profileId == work)

            // My own card: shown as mine, not addable.
            let own = try await kindred.send(.GET, "/rin/cards/\(renewed.token)", token: ada.accessToken).decode(Schemas.RinCard.self)
            #expect(own.isOwn)
            #expect(try await kindred.send(.POST, "/rin/cards/\(renewed.token)/contact", token: ada.accessToken).status == .conflict)

            // A block either way makes the link unknown to the other.
            #expect(try await kindred.send(.POST, "/blocks", token: ada.accessToken, json: ["username": "bea"]).status == .created)
            #expect(try await kindred.send(.GET, "/rin/cards/\(renewed.token)", token: bea.accessToken).status == .notFound)
        }
    }

    @Test func aContactAlreadyInMyBookIsLinkedByTheCardsLink() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bea = try await kindred.signUp("bea")
            let beaBook = try await kindred.rinPrimary(bea)
            let work = try await kindred.send(.POST, "/rin/profiles", token: ada.accessToken, json: ["kind": "professional", "displayName": "A. Lovelace, Analyst"])
                .decode(Schemas.RinProfileDetail.self).profile.id
            let token = try await kindred.send(.GET, "/rin/profiles/\(work)/share-link", token: ada.accessToken).decode(Schemas.RinShareLink.self).token
            let own = try await kindred.send(.GET, "/rin/profiles/\(beaBook)/share-link", token: bea.accessToken).decode(Schemas.RinShareLink.self).token
            let contact = try await kindred.send(.POST, "/rin/profiles/\(beaBook)/contacts", token: bea.accessToken, json: ["displayName": "Ada from the conference"])
                .decode(Schemas.RinContactDetail.self).id
            func link(_ body: [String: String]) async throws -> TestingHTTPResponse {
                try await kindred.send(.PUT, "/rin/contacts/\(contact)/link", token: bea.accessToken, json: body)
            }

            // One of the two, not both, not neither; my own card is not someone else.
            for body in [[:], ["username": "ada", "token": token]] {
                let refused = try await link(body)
                #expect(refused.status == .unprocessableEntity)
                #expect(refused.problem?.errors?.first?.field == "username")
            }
            let mine = try await link(["token": own])
            #expect(mine.status == .unprocessableEntity)
            #expect(mine.problem?.errors?.first?.field == "token")

            // act
            let linked = try await link(["token": token])

            // validate: linked to the alternate, named as she keeps it, seeing what the card shows her
            #expect(linked.status == .ok, "\(linked.body.string)")
            let detail = try linked.decode(Schemas.RinContactDetail.self)
            #expect(detail.displayName == "Ada from the conference")
            #expect(detail.linkedPerson?.profileId == work && detail.linkedPerson?.displayName == "A. Lovelace, Analyst")
            #expect(!linked.body.string.contains("\"ada\""), "no username of an alternate's owner")

            // A revoked link links nothing.
            #expect(try await kindred.send(.DELETE, "/rin/profiles/\(work)/share-link", token: ada.accessToken).status == .noContent)
            #expect(try await kindred.send(.DELETE, "/rin/contacts/\(contact)/link", token: bea.accessToken).status == .ok)
            #expect(try await link(["token": token]).status == .notFound)
        }
    }

    @Test func aCardWhoseNameIsNotForMeStillOpensWithoutAName() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bea = try await kindred.signUp("bea")
            let book = try await kindred.rinPrimary(ada)
            let everyone = try await kindred.rinCircle(ada, book, ._public)
            #expect(try await kindred.rinSetCells(ada, book, [(everyone.id, "name", "deny")]).status == .ok)
            let token = try await kindred.send(.GET, "/rin/profiles/\(book)/share-link", token: ada.accessToken)
                .decode(Schemas.RinShareLink.self).token
            #expect(try await kindred.rinPerson(book, as: bea).status == .notFound, "without the link, nothing")
            let card = try await kindred.send(.GET, "/rin/cards/\(token)", token: bea.accessToken).decode(Schemas.RinCard.self)
            #expect(card.person.displayName == nil)
            let contact = try await kindred.send(.POST, "/rin/cards/\(token)/contact", token: bea.accessToken).decode(Schemas.RinContactDetail.self)
            #expect(contact.displayName == "Rin contact")
        }
    }

    @Test func theLinkOpensTheWebClient() async throws {
        try await withKindred { kindred in
            let page = try await kindred.app.testing().sendRequest(.GET, "/r/\(Secrets.randomToken(bytes: 16))")
            #expect(page.status == .ok)
            #expect(page.body.string.contains("<script type=\"module\""))
        }
    }
}
