import Foundation
import Testing
@testable import KindredServer

/// The science the catalogue must keep straight: research level and TRL tell the same story, and the
/// facts issue 8 corrected stay corrected.
@Suite("Date An Intervention catalogue facts")
struct CatalogueFactTests {
    /// The TRLs a research level allows. An early idea has not got past proof of concept. An emerging one
    /// has trials or pilots but no proven system at scale; IPCC AR6 rates trialled ocean methods whose
    /// carbon removal is unproven as low as TRL 2. An established one works in the real world.
    static func allowedReadiness(_ level: InterventionProfile.ResearchLevel) -> ClosedRange<Int> {
        switch level {
        case .early: 1...3
        case .emerging: 2...7
        case .established: 7...9
        }
    }

    static func entries() throws -> [String: InterventionProfile] {
        let interventions = try InterventionCatalogueFile.bundled().interventions
        return Dictionary(interventions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func researchLevelAndReadinessAgree() throws {
        for item in try InterventionCatalogueFile.bundled().interventions {
            let allowed = Self.allowedReadiness(item.researchLevel)
            #expect(allowed.contains(item.techReadiness),
                    "\(item.id): a research level of \(item.researchLevel.rawValue) means TRL \(allowed.lowerBound)-\(allowed.upperBound), not \(item.techReadiness)")
        }
    }

    @Test func carbonRemovalFactsMatchTheirSources() throws {
        let entries = try Self.entries()

        let soil = try #require(entries["soil-carbon-sequestration"])
        #expect(soil.chatContext.contains("-45") || soil.chatContext.contains("−45"),
                "soil-carbon-sequestration: AR6 WGIII gives costs of -45 to 100 USD/tCO2")

        for id in ["ocean-alkalinity-enhancement", "ocean-iron-fertilization"] {
            let item = try #require(entries[id], "missing \(id)")
            #expect(item.techReadiness <= 2, "\(id): AR6 WGIII rates it TRL 1-2, not \(item.techReadiness)")
            #expect(item.chatContext.contains("1-2"), "\(id): the chat context should give AR6's TRL 1-2")
        }

        let biochar = try #require(entries["biochar"])
        #expect(biochar.chatContext.contains("GtCO2e"), "biochar: Woolf et al.'s 1.8 Gt is carbon; the text must give it in GtCO2e")
    }

    @Test func coastalBlueCarbonIsOneStory() throws {
        let entries = try Self.entries()
        var coastal: [InterventionProfile] = []
        for id in ["seagrass-restoration", "mangrove-restoration", "salt-marsh-restoration"] {
            let item = try #require(entries[id], "missing \(id)")
            coastal.append(item)
        }
        #expect(Set(coastal.map(\.category)).count == 1, "seagrass, mangroves and salt marsh share a category")
        #expect(Set(coastal.map(\.researchLevel)).count == 1, "seagrass, mangroves and salt marsh share a research level")
        for item in coastal {
            #expect((2...3).contains(item.techReadiness), "\(item.id): AR6 rates coastal blue carbon removal TRL 2-3, not \(item.techReadiness)")
        }
    }

    @Test func iceAndClimateFactsMatchTheirSources() throws {
        let entries = try Self.entries()

        let blankets = try #require(entries["glacier-geotextile-blankets"])
        #expect(blankets.references.contains { $0.url == "https://doi.org/10.1016/j.coldregions.2021.103237" },
                "glacier-geotextile-blankets: cite Huss et al. 2021, where its figures come from")

        let cirrus = try #require(entries["cirrus-cloud-thinning"])
        #expect(cirrus.chatContext.contains("weeks to months"), "cirrus-cloud-thinning acts over weeks to months")

        let coral = try #require(entries["coral-assisted-evolution"])
        #expect(!coral.chatContext.contains("since 2016") && coral.chatContext.contains("1998"),
                "coral-assisted-evolution: mass bleaching goes back to 1998, not 2016")
    }
}
