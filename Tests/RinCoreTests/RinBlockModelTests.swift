import Foundation
import KindredTestSupport
import RinContacts
import RinProfiles
import RinSettings
import Testing
@testable import KindredServer

/// Blocking one profile from the app: from the card a link opened, from a person's page, and the
/// list of blocks in Settings, where each is lifted.
@MainActor
@Suite("Rin blocks in the app")
struct RinBlockModelTests {
    @Test func aCardAndAPersonAreBlockedAndUnblockedFromTheApp() async throws {
        try await withKindred(running: true) { kindred in
            let base = try #require(kindred.baseURL)
            let ada = KindredSession(serverURL: base), bea = KindredSession(serverURL: base)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada", displayName: "Ada")
            try await bea.signUp(email: "bea@example.com", password: "bea-secret", username: "bea", displayName: "Bea")
            let work = try await ada.createRinProfile(.init(kind: .professional, displayName: "A. Lovelace, Analyst"))
            let token = try await ada.rinShareLink(of: work.profile.id).token
            let beaContext = RinContext(session: bea, directory: nil)
            await beaContext.start()

            // From the card: blocked under the name it showed, and from then on gone for Bea.
            let card = CardModel(context: beaContext, token: token)
            await card.load()
            #expect(card.name == "A. Lovelace, Analyst")
            let block = try #require(await card.blockCard())
            #expect(block.label == "A. Lovelace, Analyst")
            #expect(card.card == nil)
            let reopened = CardModel(context: beaContext, token: token)
            await reopened.load()
            #expect(reopened.isMissing)

            // From a person's page: Ada's primary, which Bea sees by its Public name.
            let adaPrimary = try await ada.rinSettings().primaryProfileId
            let person = PersonModel(context: beaContext, profileID: adaPrimary)
            await person.load()
            #expect(person.person?.displayName == "Ada")
            let personBlock = try #require(await person.blockPerson())
            #expect(personBlock.label == "Ada")
            #expect(person.isUnavailable && person.person == nil)
            await person.load()
            #expect(person.isUnavailable)

            // Settings lists both, newest first, a page at a time; unblocking one lifts only it.
            let blocked = BlockedCardsModel(context: beaContext, pageSize: 1)
            await blocked.load()
            #expect(blocked.blocks.map(\.label) == ["Ada"])
            await blocked.loadMore()
            #expect(blocked.blocks.map(\.label) == ["Ada", "A. Lovelace, Analyst"])
            #expect(blocked.cursor == nil)
            await blocked.unblock(try #require(blocked.blocks.last))
            #expect(blocked.blocks.map(\.label) == ["Ada"])
            #expect(blocked.notice?.contains("A. Lovelace, Analyst is unblocked") == true)
            await reopened.load()
            #expect(!reopened.isMissing && reopened.card != nil)
            await person.load()
            #expect(person.isUnavailable, "the other block stands")

            // A block lifted on another device leaves the list without an error.
            try await bea.unblockRin(personBlock.id)
            await blocked.unblock(personBlock)
            #expect(blocked.blocks.isEmpty && blocked.error == nil)
            await blocked.load()
            #expect(blocked.isEmpty)
        }
    }
}
