import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

@Suite("Rin blocks: one profile (a card) blocked, both ways, never its owner's account, under the name it was known by")
struct RinBlockTests {
    typealias Schemas = Components.Schemas

    @Test func blockingACardHidesThatProfileOnlyAndTellsNobodyWhoseItWas() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bea = try await kindred.signUp("bea")
            let adaBook = try await kindred.rinPrimary(ada)
            let beaBook = try await kindred.rinPrimary(bea)
            let work = try await kindred.send(.POST, "/rin/profiles", token: ada.accessToken,
                                              json: ["kind": "professional", "displayName": "A. Lovelace, Analyst"])
                .decode(Schemas.RinProfileDetail.self).profile.id
            let token = try await kindred.send(.GET, "/rin/profiles/\(work)/share-link", token: ada.accessToken)
                .decode(Schemas.RinShareLink.self).token
            // Bea put the card in Friends, where her address is on Ask; the card asks for it.
            let friends = try await kindred.rinCircle(bea, beaBook, .friends)
            try await kindred.rinAddMembers(bea, circle: friends.id, [work])
            let address = try await kindred.rinField(bea, beaBook, "address", "home", "2 Quiet Row")
            let asked = try await kindred.send(.POST, "/rin/people/\(beaBook)/asks?actingProfileId=\(work)", token: ada.accessToken,
                                               json: ["fieldKey": address.key])
            #expect(asked.status == .ok, "\(asked.body.string)")
            func incoming() async throws -> [Schemas.RinIncomingAsk] {
                try await kindred.send(.GET, "/rin/profiles/\(beaBook)/asks", token: bea.accessToken).decode(Schemas.RinIncomingAskPage.self).items
            }
            #expect(try await incoming().count == 1)

            // act
            let blocked = try await kindred.send(.POST, "/rin/cards/\(token)/block", token: bea.accessToken)

            // validate: the block names the card as Bea saw it, and nothing of Ada's account
            #expect(blocked.status == .created, "\(blocked.body.string)")
            let block = try blocked.decode(Schemas.RinBlock.self)
            #expect(block.label == "A. Lovelace, Analyst")
            for secret in [ada.id.uuidString.lowercased(), adaBook.uuidString.lowercased(), work.uuidString.lowercased()] {
                #expect(!blocked.body.string.lowercased().contains(secret), "the block told \(secret)")
            }
            // The username as a word of its own: the block's random id may hold the letters "ada".
            #expect(blocked.body.string.lowercased().range(of: #"\bada\b"#, options: .regularExpression) == nil, "the block told her username")
            let again = try await kindred.send(.POST, "/rin/cards/\(token)/block", token: bea.accessToken)
            #expect(again.status == .ok)
            #expect(try again.decode(Schemas.RinBlock.self).id == block.id)
            let listed = try await kindred.send(.GET, "/rin/blocks", token: bea.accessToken)
            #expect(try listed.decode(Schemas.RinBlockPage.self).items.map(\.id) == [block.id])
            #expect(!listed.body.string.contains("\"ada"), "\(listed.body.string)")

            // validate: the card and Bea's profiles no longer see each other, whichever acts
            #expect(try await kindred.send(.GET, "/rin/cards/\(token)", token: bea.accessToken).status == .notFound)
            #expect(try await kindred.rinPerson(work, as: bea).status == .notFound)
            #expect(try await kindred.rinPerson(beaBook, as: ada, acting: work).status == .notFound)
            #expect(!(try await kindred.send(.GET, "/rin/circles/\(friends.id)/members", token: bea.accessToken).body.string
                .contains(work.uuidString.lowercased())), "the card left Bea's circle's members")
            #expect(try await incoming().isEmpty, "the pending ask was declined")

            // validate: only that profile: Ada's primary and her account are untouched, and Ada is not told
            #expect(try await kindred.rinPerson(adaBook, as: bea).status == .ok)
            #expect(try await kindred.rinPerson(beaBook, as: ada).status == .ok)
            #expect(try await Block.query(on: kindred.app.db).count() == 0)
            #expect(try await kindred.send(.GET, "/blocks", token: bea.accessToken).decode(Schemas.BlockedProfilePage.self).items.isEmpty)
            #expect(try await kindred.send(.GET, "/rin/blocks", token: ada.accessToken).decode(Schemas.RinBlockPage.self).items.isEmpty)

            // Only the blocker lifts it; then the card opens again, and the declined ask stays declined.
            #expect(try await kindred.send(.DELETE, "/rin/blocks/\(block.id)", token: ada.accessToken).status == .notFound)
            #expect(try await kindred.send(.DELETE, "/rin/blocks/\(block.id)", token: bea.accessToken).status == .noContent)
            #expect(try await kindred.send(.DELETE, "/rin/blocks/\(block.id)", token: bea.accessToken).status == .notFound)
            #expect(try await kindred.send(.GET, "/rin/cards/\(token)", token: bea.accessToken).status == .ok)
            #expect(try await kindred.rinPerson(beaBook, as: ada, acting: work).status == .ok)
            #expect(try await incoming().isEmpty)

            // My own card is not mine to block.
            #expect(try await kindred.send(.POST, "/rin/cards/\(token)/block", token: ada.accessToken).status == .conflict)
        }
    }

    @Test func onlyAProfileIKnowCanBeBlockedByItsID() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bea = try await kindred.signUp("bea")
            let cy = try await kindred.signUp("cyrus")
            let beaBook = try await kindred.rinPrimary(bea)
            let cyBook = try await kindred.rinPrimary(cy)
            let hidden = try await kindred.send(.POST, "/rin/profiles", token: ada.accessToken, json: ["kind": "personal", "displayName": "Ada at home"])
                .decode(Schemas.RinProfileDetail.self).profile.id

            // A profile whose name is not for Bea (an alternate that shows nobody its name), met in no
            // other way, reads as one that is not there.
            let everyone = try await kindred.rinCircle(ada, hidden, ._public)
            let contacts = try await kindred.rinCircle(ada, hidden, .contacts)
            #expect(try await kindred.rinSetCells(ada, hidden, [(everyone.id, "name", "deny"), (contacts.id, "name", "deny")]).status == .ok)
            let unknown = try await kindred.send(.POST, "/rin/people/\(hidden)/block", token: bea.accessToken)
            let nobody = try await kindred.send(.POST, "/rin/people/\(UUID())/block", token: bea.accessToken)
            #expect(unknown.status == .notFound)
            #expect(nobody.status == .notFound)
            #expect(unknown.problem?.detail == nobody.problem?.detail)

            // One Bea sees (Cy's name is for everyone on Rin) she may block, by its name.
            let cyName = try #require(try await kindred.rinPerson(cyBook, as: bea).decode(Schemas.RinPersonView.self).displayName)
            let seen = try await kindred.send(.POST, "/rin/people/\(cyBook)/block", token: bea.accessToken)
            #expect(seen.status == .created, "\(seen.body.string)")
            #expect(try seen.decode(Schemas.RinBlock.self).label == cyName)
            #expect(try await kindred.rinPerson(cyBook, as: bea).status == .notFound)
            #expect(try await kindred.rinPerson(beaBook, as: cy).status == .notFound)

            // The same profile once its card is in her book: blocked under her own name for it.
            let token = try await kindred.send(.GET, "/rin/profiles/\(hidden)/share-link", token: ada.accessToken)
                .decode(Schemas.RinShareLink.self).token
            #expect(try await kindred.send(.POST, "/rin/cards/\(token)/contact", token: bea.accessToken).status == .created)
            let linked = try await kindred.send(.POST, "/rin/people/\(hidden)/block", token: bea.accessToken)
            #expect(linked.status == .created, "\(linked.body.string)")
            #expect(try linked.decode(Schemas.RinBlock.self).label == "Rin contact")
            #expect(!linked.body.string.contains("Ada at home"))

            // My own profile is not mine to block.
            #expect(try await kindred.send(.POST, "/rin/people/\(beaBook)/block", token: bea.accessToken).status == .conflict)
            let blocks = try await kindred.send(.GET, "/rin/blocks?limit=1", token: bea.accessToken).decode(Schemas.RinBlockPage.self)
            #expect(blocks.items.count == 1)
            let rest = try await kindred.send(.GET, "/rin/blocks?limit=1&cursor=\(try #require(blocks.nextCursor))", token: bea.accessToken)
                .decode(Schemas.RinBlockPage.self)
            #expect(rest.items.count == 1)
            #expect(Set((blocks.items + rest.items).map(\.label)) == [cyName, "Rin contact"])
        }
    }

    /// A contact's own name for someone may be longer than the block's label may be: cut between
    /// characters to the contract's 80 code points (a family emoji is seven).
    @Test func aLongNameIsCutToTheLabelsLengthBetweenCharacters() {
        let family = "👨‍👩‍👧‍👦"
        let label = RinBlockService.shortened(String(repeating: family, count: 12))
        #expect(label.unicodeScalars.count == 77 && label == String(repeating: family, count: 11))
        #expect(RinBlockService.shortened("Ada") == "Ada")
    }

    @Test func twoBlocksAtOnceMakeOne() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bea = try await kindred.signUp("bea")
            let adaBook = try await kindred.rinPrimary(ada)
            _ = try await kindred.rinPrimary(bea)
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await kindred.send(.POST, "/rin/people/\(adaBook)/block", token: bea.accessToken).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 1, "\(statuses)")
            #expect(statuses.allSatisfy { $0 == .created || $0 == .ok }, "\(statuses)")
            #expect(try await RinProfileBlock.query(on: kindred.app.db).count() == 1)
        }
    }
}
