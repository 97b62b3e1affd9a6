import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

/// docs/RIN-PART2.md §2.1: a contact holding an address its owner verified holds that person, as a
/// link by username does, at confidence 0.9; an address nobody proved is evidence of nothing.
@Suite("Rin's links by verified e-mail address")
struct RinEmailLinkTests {
    typealias Schemas = Components.Schemas

    /// Opens the newest verification link sent to `user`'s address.
    static func verifies(_ kindred: TestKindred, _ user: TestUser, address: String? = nil) async throws {
        let address = address ?? user.email
        let token = try #require(try await kindred.mail.to(address, subject: "Confirm your e-mail address").last?.token(of: "verify-email"))
        let confirmed = try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": token])
        #expect(confirmed.status == .ok, "\(confirmed.body.string)")
    }

    /// `holder` adds a contact with `address` in the book `book` (their primary unless named); no
    /// link by username.
    @discardableResult
    static func holds(_ kindred: TestKindred, _ holder: TestUser, address: String, in book: UUID? = nil) async throws -> UUID {
        let profile: UUID
        if let book { profile = book } else { profile = try await kindred.rinPrimary(holder) }
        let body = #"{"givenName":"Someone","values":[{"kind":"email","value":"\#(address)"}]}"#
        let response = try await kindred.send(.POST, "/rin/profiles/\(profile)/contacts", token: holder.accessToken, bytes: Array(body.utf8),
                                              headers: ["Content-Type": "application/json"])
        #expect(response.status == .created, "\(response.body.string)")
        return try response.decode(Schemas.RinContactDetail.self).id
    }

    @Test func aVerifiedAddressHoldsItsOwnerAndAnUnprovenOneHoldsNobody() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea")
            let beaBook = try await kindred.rinPrimary(bea)
            // Each holds the other's address, typed as people type it; neither address is proven.
            try await Self.holds(kindred, ada, address: " BEA@Example.com ")
            try await Self.holds(kindred, bea, address: ada.email)
            var network = try await RinNetworkTests.network(kindred, ada)
            #expect(network.links == 0 && network.oneWay == 0)

            // Ada proves hers: Bea now holds Ada, but learns nothing of it: neither her count nor her
            // score may tell her that the address she typed is someone's on Rin.
            let beaScoreBefore = try await kindred.send(.GET, "/rin/score", token: bea.accessToken).body.string
            try await Self.verifies(kindred, ada)
            #expect(try await RinNetworkTests.network(kindred, bea).oneWay == 0)
            let beaScoreAfter = try await kindred.send(.GET, "/rin/score", token: bea.accessToken).body.string
            #expect(beaScoreAfter == beaScoreBefore)
            network = try await RinNetworkTests.network(kindred, ada)
            #expect(network.links == 0 && network.oneWay == 0)

            // Bea proves hers: they are linked, and the link says how.
            try await Self.verifies(kindred, bea)
            let links = try await RinNetworkTests.links(kindred, ada)
            #expect(links.map(\.person.profileId) == [beaBook])
            #expect(links.first?.kind == .reciprocal && links.first?.byEmail == true)
            #expect(try await RinNetworkTests.network(kindred, bea).links == 1)

            // A new, unproven address holds nobody: the link ends.
            let moved = try await kindred.send(.PUT, "/me/email", token: bea.accessToken, json: ["email": "bea@elsewhere.example", "password": bea.password])
            #expect(moved.status == .ok)
            #expect(try await RinNetworkTests.network(kindred, ada).links == 0)
            #expect(try await RinNetworkTests.network(kindred, bea).oneWay == 0, "Bea's hold on Ada's address says nothing by itself")
        }
    }

    @Test func aLinkByUsernameAndAnAddressIsOneLinkAtFullConfidence() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea")
            try await Self.verifies(kindred, ada)
            try await Self.verifies(kindred, bea)
            try await RinNetworkTests.holds(kindred, ada, bea)
            try await Self.holds(kindred, ada, address: bea.email)
            try await Self.holds(kindred, bea, address: ada.email)
            let links = try await RinNetworkTests.links(kindred, ada)
            #expect(links.count == 1 && links.first?.byEmail == true)
            #expect(try await RinNetworkTests.network(kindred, ada).oneWay == 0)
            // The score's links: one, through a verified channel, sure on Ada's side only.
            let result = try await RinLinkStore.links(of: [ada.id], on: kindred.app.db)
            #expect(result.links.count == 1)
            #expect(result.links.first?.confidence == 0.9 && result.links.first?.isVerified == true)
        }
    }

    @Test func alternatesBlocksAndSuspensionsStillDecide() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea")
            try await Self.verifies(kindred, ada)
            try await Self.verifies(kindred, bea)
            // Held from Bea's alternate book, Ada is not held by Bea.
            let work = try await kindred.send(.POST, "/rin/profiles", token: bea.accessToken, json: ["kind": "professional", "displayName": "B. Work"])
                .decode(Schemas.RinProfileDetail.self).profile.id
            try await Self.holds(kindred, bea, address: ada.email, in: work)
            try await Self.holds(kindred, ada, address: bea.email)
            #expect(try await RinNetworkTests.network(kindred, ada).links == 0)
            #expect(try await RinNetworkTests.network(kindred, bea).oneWay == 0)

            try await Self.holds(kindred, bea, address: ada.email)
            #expect(try await RinNetworkTests.network(kindred, ada).links == 1)
            // A block either way ends it while it lasts.
            #expect(try await kindred.send(.POST, "/blocks", token: bea.accessToken, json: ["username": "ada"]).status == .created)
            #expect(try await RinNetworkTests.network(kindred, ada).links == 0)
            #expect(try await kindred.send(.DELETE, "/blocks/ada", token: bea.accessToken).status == .noContent)
            #expect(try await RinNetworkTests.network(kindred, ada).links == 1)
            // So does a suspension.
            let user = try #require(try await User.find(bea.id, on: kindred.app.db))
            user.suspendedAt = kindred.clock.now
            try await user.save(on: kindred.app.db)
            #expect(try await RinNetworkTests.network(kindred, ada).links == 0)
        }
    }

    @Test func theDailyJobCountsLinksByAddress() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada"), bea = try await kindred.signUp("bea")
            try await Self.verifies(kindred, ada)
            try await Self.verifies(kindred, bea)
            try await Self.holds(kindred, ada, address: bea.email)
            try await Self.holds(kindred, bea, address: ada.email)
            let edges = try await RinLinkStore.allEdges(on: kindred.app.db)
            #expect(edges.count == 2 && edges.allSatisfy(\.viaVerifiedEmail))
            #expect(Set(edges.map(\.holder)) == [ada.id, bea.id])
        }
    }
}
