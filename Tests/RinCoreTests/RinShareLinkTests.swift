import Foundation
import KindredTestSupport
import RinAppShell
import RinContacts
import RinProfiles
import Testing
@testable import KindredServer

/// Share links from the app: the link of the profile in use, opened by someone else's phone
/// (a camera gives the shell an `https://…/r/<token>` link), the card added to their book, and a
/// renewed link that stops the old one.
@MainActor
@Suite("Rin share links in the app")
struct RinShareLinkTests {
    @Test func anAlternatesLinkOpensItsCardOnAnotherPhoneAndAddsIt() async throws {
        try await withKindred(running: true) { kindred in
            let base = try #require(kindred.baseURL)
            let ada = KindredSession(serverURL: base), bea = KindredSession(serverURL: base)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            try await bea.signUp(email: "bea@example.com", password: "bea-secret", username: "bea")
            let adaContext = RinContext(session: ada, directory: nil)
            await adaContext.start()
            let work = try await ada.createRinProfile(.init(kind: .professional, displayName: "Ada at Work — Ingénieure"))
            adaContext.put(work.profile)
            adaContext.chosenProfileID = work.profile.id

            let sharing = ShareLinkModel(context: adaContext)
            await sharing.load()
            let link = try #require(sharing.link)
            #expect(sharing.profileID == work.profile.id)
            #expect(link.svg.contains("<svg"))
            await sharing.load()
            #expect(sharing.link?.token == link.token, "the same link until it is renewed")

            // Bea's camera hands the link to her app.
            let beaContext = RinContext(session: bea, directory: nil)
            let shell = RinShell(context: beaContext)
            let running = Task { await shell.run() }
            try await eventually { await MainActor.run { shell.isReady } }
            let url = try #require(URL(string: link.link))
            #expect(RinRoute(url: url) == .card(link.token))
            #expect(shell.open(url))
            #expect(shell.tab == .home)
            #expect(shell.contacts.path == [.card(link.token)])

            let card = CardModel(context: beaContext, token: link.token)
            await card.load()
            #expect(card.name == "Ada at Work — Ingénieure")
            #expect(card.card?.isOwn == false)
            #expect(card.card?.contactId == nil)
            let contact = try #require(await card.add())
            #expect(contact.linkedPerson?.profileId == work.profile.id)
            #expect(try await bea.rinContacts(of: try #require(beaContext.profileID)).items.map(\.displayName) == ["Ada at Work — Ingénieure"])
            await card.load()
            #expect(card.card?.contactId == contact.id)
            #expect(await card.add()?.id == contact.id, "adding again gives the same contact")

            // Ada renews the link: the old one no longer opens.
            await sharing.renew()
            #expect(sharing.link?.token != link.token)
            let stale = CardModel(context: beaContext, token: link.token)
            await stale.load()
            #expect(stale.isMissing)
            #expect(stale.error?.contains("doesn't work") == true)
            #expect(await stale.add() == nil)
            await stop(running)
        }
    }

    @Test func myOwnCardIsShownAsMineAndNotAdded() async throws {
        try await withKindred(running: true) { kindred in
            let ada = KindredSession(serverURL: try #require(kindred.baseURL))
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada", displayName: "Ada")
            let context = RinContext(session: ada, directory: nil)
            let sharing = ShareLinkModel(context: context)
            await sharing.load()
            let token = try #require(sharing.link?.token)
            let card = CardModel(context: context, token: token)
            await card.load()
            #expect(card.card?.isOwn == true)
            #expect(await card.add() == nil)
            #expect(card.error?.contains("your own card") == true)
            #expect(!card.isMissing)
        }
    }

    @Test(arguments: ["https://kindred.example/r/AAAAAAAAAAAAAAAAAAAAAA", "rin://cards/AAAAAAAAAAAAAAAAAAAAAA"])
    func aShareLinkReadsAsACard(_ text: String) throws {
        #expect(RinRoute(url: try #require(URL(string: text))) == .card("AAAAAAAAAAAAAAAAAAAAAA"))
        #expect(RinRoute.card("AAAAAAAAAAAAAAAAAAAAAA").url.absoluteString == "rin://cards/AAAAAAAAAAAAAAAAAAAAAA")
    }

    @Test(arguments: ["https://kindred.example/r/short", "https://kindred.example/r/AAAAAAAAAAAAAAAAAAAAAA/more",
                      "https://kindred.example/c/AAAAAAAAAAAAAAAAAAAAAA", "rin://cards/AAAAAAAAAAAAAAAAAAAAA!", "rin://cards"])
    func anythingElseIsNoCard(_ text: String) throws {
        #expect(RinRoute(url: try #require(URL(string: text))) == nil)
    }
}

/// Finding people by name from the app: only the newest search's answer shows.
@MainActor
@Suite("Rin people search in the app")
struct RinPeopleSearchTests {
    @Test func searchFindsDiscoverablePeopleByAnyCaseAndAccent() async throws {
        try await withKindred(running: true) { kindred in
            let base = try #require(kindred.baseURL)
            let ada = KindredSession(serverURL: base), bea = KindredSession(serverURL: base)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada", displayName: "Émilie du Châtelet")
            try await bea.signUp(email: "bea@example.com", password: "bea-secret", username: "bea")
            _ = try await ada.rinSettings()  // her Rin profile is made on her first Rin request
            let search = PeopleSearchModel(context: RinContext(session: bea, directory: nil))
            search.query = "emilie CHATELET"
            await search.search()
            #expect(search.results.map(\.displayName) == ["Émilie du Châtelet"])
            #expect(!search.foundNobody)
            search.query = "nobody at all"
            await search.search()
            #expect(search.results.isEmpty && search.foundNobody)
            search.query = "   "
            await search.search()
            #expect(search.results.isEmpty && !search.foundNobody && search.error == nil)
            search.query = String(repeating: "a", count: 81)
            await search.search()
            #expect(search.error?.contains("80") == true)
        }
    }
}
