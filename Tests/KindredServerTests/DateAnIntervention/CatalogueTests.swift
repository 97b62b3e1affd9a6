import KindredAPI
import Fluent
import Foundation
import KindredTestSupport
import Testing
@testable import KindredServer

@Suite("Date An Intervention catalogue")
struct CatalogueTests {
    @Test func theShippedCatalogueIsComplete() throws {
        let file = try InterventionCatalogueFile.bundled()
        #expect(file.problems() == [])
        #expect(file.interventions.count >= 50)
        #expect(Set(file.interventions.map(\.category)) == Set(InterventionProfile.Category.allCases))
        for item in file.interventions {
            #expect(!item.references.isEmpty, "\(item.id) has no reference")
            #expect(item.interests.count >= 3 && item.dealbreakers.count >= 3, "\(item.id) needs three benefits and three risks")
            #expect(item.personality.count >= 2, "\(item.id) needs personality traits")
            #expect(item.chatContext.count >= 200, "\(item.id)'s chat context is too thin to stay honest")
            #expect(item.bio.count <= 600 && item.tagline.count <= 80, "\(item.id) is too long for a card")
        }
    }

    @Test func theExamplesTheBriefNamesAreIn() throws {
        let ids = Set(try InterventionCatalogueFile.bundled().interventions.map(\.id))
        for id in ["stratospheric-aerosol-injection", "marine-cloud-brightening", "ocean-alkalinity-enhancement", "seabed-curtains",
                   "enhanced-rock-weathering", "biochar", "direct-air-capture-storage", "mangrove-restoration", "cool-roofs"] {
            #expect(ids.contains(id), "missing \(id)")
        }
    }

    @Test func validationNamesWhatIsWrong() throws {
        var file = try InterventionCatalogueFile.bundled()
        file.interventions[0].references = []
        file.interventions[1].techReadiness = 12
        file.interventions[2].gradient = ["red"]
        file.interventions[3].id = file.interventions[4].id
        file.interventions.removeAll { $0.category == .ice }
        let problems = file.problems().joined(separator: "\n")
        #expect(problems.contains("give one or two references"))
        #expect(problems.contains("techReadiness"))
        #expect(problems.contains("gradient"))
        #expect(problems.contains("used twice"))
        #expect(problems.contains("Ice preservation"))
    }

    @Test func aNewVersionRewritesTextButKeepsSwipesAndChats() async throws {
        try await withKindred { kindred in
            // setup: a user who swiped and chatted on version 1.
            let user = try await kindred.signUp()
            var file = try InterventionCatalogueFile.bundled()
            let first = file.interventions[0], dropped = file.interventions[1]
            for id in [first.id, dropped.id] {
                let swipe = try await kindred.send(.POST, "/date-an-intervention/swipes", token: user.accessToken,
                                                   json: ["interventionId": id, "direction": "like"])
                #expect(swipe.status == .created)
            }
            let chat = try await kindred.send(.POST, "/date-an-intervention/chats/\(first.id)/messages", token: user.accessToken,
                                              json: ["text": "Hello"])
            #expect(chat.body.string.contains("event: reply"))

            // act: version 2 rewrites one bio and drops another intervention.
            file.version += 1
            file.interventions[0].bio = "A rewritten bio for version two."
            file.interventions.remove(at: 1)
            #expect(try await CatalogueLoader.sync(file, on: kindred.app.db))
            #expect(try await !CatalogueLoader.sync(file, on: kindred.app.db), "the same version loads once")
            kindred.app.dateAnIntervention.interventions.invalidate()

            // validate: the text changed, the swipes and the chat did not.
            let detail = try await kindred.send(.GET, "/date-an-intervention/interventions/\(first.id)", token: user.accessToken)
            #expect(detail.body.string.contains("A rewritten bio for version two."))
            let matches = try await kindred.send(.GET, "/date-an-intervention/matches", token: user.accessToken)
                .decode(Components.Schemas.InterventionMatchPage.self)
            #expect(Set(matches.items.map(\.intervention.id)) == [first.id, dropped.id], "a retired match stays a match")
            #expect(matches.items.first { $0.intervention.id == first.id }?.lastMessage != nil)
            let deck = try await kindred.send(.GET, "/date-an-intervention/deck?limit=100", token: user.accessToken).decode(Components.Schemas.InterventionDeck.self)
            #expect(!deck.cards.map(\.id).contains(dropped.id), "a retired card leaves the deck")
            let catalogue = try await kindred.send(.GET, "/date-an-intervention/interventions", token: user.accessToken)
                .decode(Components.Schemas.InterventionCatalogue.self)
            #expect(catalogue.version == file.version)
            #expect(catalogue.interventions.count == file.interventions.count)
        }
    }
}
