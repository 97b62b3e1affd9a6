import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

/// Links and the graph one may see (docs/RIN-PART2.md §2–3): a link needs both people's acts, and
/// nothing beyond my own links is seen except through people who chose to show it.
@Suite("Rin's network: links made by both people's acts, and a graph seen only through those who show it")
struct RinNetworkTests {
    typealias Schemas = Components.Schemas

    // MARK: - Acts, as the clients make them

    /// `holder` adds a contact and links it to `held` by username.
    @discardableResult
    static func holds(_ kindred: TestKindred, _ holder: TestUser, _ held: TestUser) async throws -> UUID {
        let book = try await kindred.rinPrimary(holder)
        _ = try await kindred.rinPrimary(held)  // someone who never opened Rin has no profile to link to
        let contact = try await kindred.send(.POST, "/rin/profiles/\(book)/contacts", token: holder.accessToken, json: ["displayName": held.username])
        #expect(contact.status == .created, "\(contact.body.string)")
        let id = try contact.decode(Schemas.RinContactDetail.self).id
        let linked = try await kindred.send(.PUT, "/rin/contacts/\(id)/link", token: holder.accessToken, json: ["username": held.username])
        #expect(linked.status == .ok, "\(linked.body.string)")
        return id
    }

    static func linked(_ kindred: TestKindred, _ one: TestUser, _ other: TestUser) async throws {
        try await holds(kindred, one, other)
        try await holds(kindred, other, one)
    }

    /// `taker` adds the card `sharer` shared from `profile` (their primary unless named).
    static func takesCard(_ kindred: TestKindred, _ taker: TestUser, of sharer: TestUser, profile: UUID? = nil) async throws {
        let shared = try await kindred.rinPrimary(sharer)
        let link = try await kindred.send(.GET, "/rin/profiles/\(profile ?? shared)/share-link", token: sharer.accessToken)
            .decode(Schemas.RinShareLink.self)
        let added = try await kindred.send(.POST, "/rin/cards/\(link.token)/contact", token: taker.accessToken)
        #expect(added.status == .created, "\(added.body.string)")
    }

    static func shows(_ kindred: TestKindred, _ user: TestUser, _ shows: Bool = true) async throws {
        let response = try await kindred.send(.PATCH, "/rin/settings", token: user.accessToken, json: ["showsConnections": shows])
        #expect(response.status == .ok, "\(response.body.string)")
        #expect(try response.decode(Schemas.RinSettings.self).showsConnections == shows)
    }

    static func network(_ kindred: TestKindred, _ user: TestUser) async throws -> Schemas.RinNetwork {
        let response = try await kindred.send(.GET, "/rin/network", token: user.accessToken)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(Schemas.RinNetwork.self)
    }

    static func links(_ kindred: TestKindred, _ user: TestUser) async throws -> [Schemas.RinLinkedPerson] {
        let response = try await kindred.send(.GET, "/rin/network/links", token: user.accessToken)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(Schemas.RinLinkedPersonPage.self).items
    }

    static func paths(_ kindred: TestKindred, _ user: TestUser, to profile: UUID) async throws -> TestingHTTPResponse {
        try await kindred.send(.GET, "/rin/network/paths/\(profile)", token: user.accessToken)
    }

    // MARK: - Links

    @Test func aLinkNeedsBothPeoplesActs() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea"), cy = try await kindred.signUp("cyra")
            let dan = try await kindred.signUp("dan")
            let (beaBook, danBook) = (try await kindred.rinPrimary(bea), try await kindred.rinPrimary(dan))

            // Ada holding Cy links nobody: Cy learns nothing, Ada's one-way count grows.
            try await Self.holds(kindred, ada, cy)
            var network = try await Self.network(kindred, ada)
            #expect(network.links == 0 && network.oneWay == 1)
            let cyNetwork = try await Self.network(kindred, cy)
            #expect(cyNetwork.links == 0 && cyNetwork.oneWay == 0)
            #expect(try await Self.links(kindred, cy).isEmpty)

            // Each holding the other links them, from the later act.
            try await Self.holds(kindred, ada, bea)
            kindred.clock.advance(by: 60)
            let beaHoldsAda = try await Self.holds(kindred, bea, ada)
            network = try await Self.network(kindred, ada)
            #expect(network.links == 1 && network.oneWay == 1)
            var links = try await Self.links(kindred, ada)
            #expect(links.map(\.person.profileId) == [beaBook] && links[0].kind == .reciprocal)
            #expect(links[0].person.displayName == "bea" && !links[0].showsConnections && links[0].bridges == nil)
            #expect(try await Self.links(kindred, bea).map(\.person.profileId) == [try await kindred.rinPrimary(ada)])

            // Taking a card someone shared links at once: sharing it was their act.
            kindred.clock.advance(by: 60)
            try await Self.takesCard(kindred, ada, of: dan)
            links = try await Self.links(kindred, ada)
            #expect(links.map(\.person.profileId) == [danBook, beaBook], "the most recent link first")
            #expect(links[0].kind == .card && links[0].since > links[1].since)
            #expect(try await Self.links(kindred, dan).count == 1)

            // Unlinking ends it for both.
            #expect(try await kindred.send(.DELETE, "/rin/contacts/\(beaHoldsAda)/link", token: bea.accessToken).status == .ok)
            #expect(try await Self.links(kindred, ada).map(\.person.profileId) == [danBook])
            #expect(try await Self.network(kindred, bea).oneWay == 0)
            #expect(try await Self.network(kindred, ada).oneWay == 2)
        }
    }

    @Test func linksComePageByPageNewestFirstEachOnce() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            for name in ["bea", "cyra", "dan", "eve", "finn"] {
                try await Self.linked(kindred, ada, try await kindred.signUp(name))
            }
            let whole = try await Self.links(kindred, ada)
            #expect(whole.count == 5)
            #expect(whole.map(\.since) == whole.map(\.since).sorted(by: >))
            // Two at a time, as a phone scrolls: the same people in the same order, each once.
            let pages = try await kindred.everyPage("/rin/network/links", token: ada.accessToken, limit: 2,
                                                    as: Schemas.RinLinkedPersonPage.self, cursor: { $0.nextCursor }, count: { $0.items.count })
            #expect(pages.map(\.items.count) == [2, 2, 1])
            #expect(pages.flatMap(\.items).map(\.person.profileId) == whole.map(\.person.profileId))
            #expect(pages.last?.nextCursor == nil)
            // A link made while scrolling is newer than the cursor: it shows on a fresh first page, not on a later one.
            let gus = try await kindred.signUp("gus")
            try await Self.linked(kindred, ada, gus)
            let rest = try await kindred.send(.GET, "/rin/network/links?limit=2&cursor=\(try #require(pages[0].nextCursor))",
                                              token: ada.accessToken).decode(Schemas.RinLinkedPersonPage.self)
            #expect(rest.items.map(\.person.profileId) == pages[1].items.map(\.person.profileId))
            #expect(try await Self.links(kindred, ada).count == 6)
        }
    }

    @Test func alternatesNeverLink() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea")
            let work = try await kindred.send(.POST, "/rin/profiles", token: bea.accessToken, json: ["kind": "professional", "displayName": "B. Work"])
                .decode(Schemas.RinProfileDetail.self).profile.id
            try await Self.takesCard(kindred, ada, of: bea, profile: work)
            // Bea's primary holds Ada too; still no link: Ada holds Bea's alternate, not Bea.
            try await Self.holds(kindred, bea, ada)
            #expect(try await Self.network(kindred, ada).links == 0)
            #expect(try await Self.network(kindred, bea).links == 0)
            #expect(try await Self.network(kindred, ada).oneWay == 0, "an alternate held is no Rin person held")
            let path = try await Self.paths(kindred, ada, to: work)
            #expect(path.status == .ok)
            #expect(try path.decode(Schemas.RinPathList.self).paths.isEmpty, "an alternate has no path, as any path not shown")
        }
    }

    @Test func blocksAndSuspensionsEndLinksWhileTheyLast() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea"), cy = try await kindred.signUp("cyra")
            try await Self.linked(kindred, ada, bea)
            try await Self.linked(kindred, ada, cy)
            #expect(try await Self.network(kindred, ada).links == 2)

            // An account block, either way.
            let block = try await kindred.send(.POST, "/blocks", token: bea.accessToken, json: ["username": "ada"])
            #expect(block.status == .created)
            #expect(try await Self.links(kindred, ada).map(\.person.displayName) == ["cyra"])
            let beaNetwork = try await Self.network(kindred, bea)
            #expect(beaNetwork.links == 0 && beaNetwork.oneWay == 0)
            #expect(try await kindred.send(.DELETE, "/blocks/ada", token: bea.accessToken).status == .noContent)
            #expect(try await Self.network(kindred, ada).links == 2)

            // A block of Cy's primary profile by Ada's account (part 1's block of one profile).
            let cyBook = try await kindred.rinPrimary(cy)
            #expect(try await kindred.send(.POST, "/rin/people/\(cyBook)/block", token: ada.accessToken).status == .created)
            #expect(try await Self.links(kindred, cy).isEmpty)
            #expect(try await Self.links(kindred, ada).map(\.person.displayName) == ["bea"])

            // A suspended account links nobody.
            let user = try #require(try await User.find(bea.id, on: kindred.app.db))
            user.suspendedAt = kindred.clock.now
            try await user.save(on: kindred.app.db)
            #expect(try await Self.network(kindred, ada).links == 0)
        }
    }

    // MARK: - Seeing beyond my links

    @Test func twoHopsAndBridgesAreSeenOnlyThroughThoseWhoShowThem() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea"), cy = try await kindred.signUp("cyra")
            try await Self.linked(kindred, ada, bea)
            try await Self.linked(kindred, ada, cy)
            var friends: [TestUser] = []
            for index in 0..<6 { friends.append(try await kindred.signUp("pal\(index)")) }
            for friend in friends[..<4] { try await Self.linked(kindred, bea, friend) }
            try await Self.linked(kindred, bea, cy)

            // Bea shows nothing yet: nothing beyond Ada's links is seen.
            var network = try await Self.network(kindred, ada)
            #expect(network.links == 2 && network.showing == 0 && network.twoHop == nil)
            #expect(try await Self.links(kindred, ada).allSatisfy { $0.bridges == nil && !$0.showsConnections })

            // Bea shows: her four friends are two hops from Ada (Cy is Ada's own link), fewer than
            // five, so the count is not told; her bridge count is.
            try await Self.shows(kindred, bea)
            network = try await Self.network(kindred, ada)
            #expect(network.showing == 1 && network.twoHop == nil)
            let beaLink = try #require(try await Self.links(kindred, ada).first { $0.person.displayName == "bea" })
            #expect(beaLink.showsConnections && beaLink.bridges == 4)

            // Two more: six, told.
            for friend in friends[4...] { try await Self.linked(kindred, bea, friend) }
            #expect(try await Self.network(kindred, ada).twoHop == 6)
            // Someone blocked with Ada is not counted through Bea.
            #expect(try await kindred.send(.POST, "/blocks", token: friends[0].accessToken, json: ["username": "ada"]).status == .created)
            #expect(try await Self.network(kindred, ada).twoHop == 5)
            // Bea stops showing: gone at once.
            try await Self.shows(kindred, bea, false)
            network = try await Self.network(kindred, ada)
            #expect(network.showing == 0 && network.twoHop == nil)
        }
    }

    @Test func pathsGoOnlyThroughPeopleWhoShowThemAndWhomICanSee() async throws {
        try await withKindred { kindred in
            // ada – bea – cy – dan, and ada – eve – cy.
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea"), cy = try await kindred.signUp("cyra")
            let dan = try await kindred.signUp("dan"), eve = try await kindred.signUp("eve")
            try await Self.linked(kindred, ada, bea)
            try await Self.linked(kindred, bea, cy)
            try await Self.linked(kindred, cy, dan)
            try await Self.linked(kindred, ada, eve)
            try await Self.linked(kindred, eve, cy)
            let (beaBook, cyBook, danBook, eveBook) = (try await kindred.rinPrimary(bea), try await kindred.rinPrimary(cy),
                                                       try await kindred.rinPrimary(dan), try await kindred.rinPrimary(eve))
            func paths(to profile: UUID) async throws -> [[UUID]] {
                let response = try await Self.paths(kindred, ada, to: profile)
                #expect(response.status == .ok, "\(response.body.string)")
                return try response.decode(Schemas.RinPathList.self).paths.map { $0.via.map(\.profileId) }
            }
            #expect(try await paths(to: danBook).isEmpty)
            #expect(try await paths(to: beaBook) == [[]], "linked: nobody in between")
            #expect(try await paths(to: cyBook).isEmpty, "nobody in between shows how they connect people")

            try await Self.shows(kindred, bea)
            #expect(try await paths(to: cyBook) == [[beaBook]])
            #expect(try await paths(to: danBook).isEmpty, "Cy does not show it")
            try await Self.shows(kindred, eve)
            let both = try await paths(to: cyBook)
            #expect(Set(both) == [[beaBook], [eveBook]] && both.count == 2)
            #expect(try await paths(to: cyBook) == both, "ties in one order every time")
            try await Self.shows(kindred, cy)
            #expect(Set(try await paths(to: danBook)) == [[beaBook, cyBook], [eveBook, cyBook]])

            // Cy hides their name from strangers (Ada is one to Cy): Cy is no longer on Ada's paths,
            // and nothing in the answer names Cy.
            let cyPublic = try await kindred.rinCircle(cy, cyBook, ._public)
            #expect(try await kindred.rinSetCells(cy, cyBook, [(cyPublic.id, "name", "deny")]).status == .ok)
            let hidden = try await Self.paths(kindred, ada, to: danBook)
            #expect(try hidden.decode(Schemas.RinPathList.self).paths.isEmpty)
            #expect(!hidden.body.string.contains(cyBook.uuidString.lowercased()) && !hidden.body.string.contains(cyBook.uuidString))
            #expect(try await Self.paths(kindred, ada, to: cyBook).status == .notFound, "a profile I may not see is 404, as anywhere")
        }
    }

    @Test func aBlockedPersonIsNeverOnAPath() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea"), cy = try await kindred.signUp("cyra")
            let dan = try await kindred.signUp("dan")
            try await Self.linked(kindred, ada, bea)
            try await Self.linked(kindred, bea, cy)
            try await Self.linked(kindred, cy, dan)
            for person in [bea, cy] { try await Self.shows(kindred, person) }
            let danBook = try await kindred.rinPrimary(dan)
            #expect(try await Self.paths(kindred, ada, to: danBook).decode(Schemas.RinPathList.self).paths.count == 1)
            // Cy blocks Ada: the path through Cy is gone, and so is Cy.
            #expect(try await kindred.send(.POST, "/blocks", token: cy.accessToken, json: ["username": "ada"]).status == .created)
            #expect(try await Self.paths(kindred, ada, to: danBook).decode(Schemas.RinPathList.self).paths.isEmpty)
            #expect(try await Self.paths(kindred, ada, to: try await kindred.rinPrimary(cy)).status == .notFound)
        }
    }

    @Test func myOwnProfilesAndUnknownOnesAreRefused() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let own = try await Self.paths(kindred, ada, to: try await kindred.rinPrimary(ada))
            #expect(own.status == .unprocessableEntity)
            #expect(try await Self.paths(kindred, ada, to: UUID()).status == .notFound)
            let settings = try await kindred.send(.GET, "/rin/settings", token: ada.accessToken).decode(Schemas.RinSettings.self)
            #expect(!settings.showsConnections, "nobody shows how they connect people until they choose to")
        }
    }
}
