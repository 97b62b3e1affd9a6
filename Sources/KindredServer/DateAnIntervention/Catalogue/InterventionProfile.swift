import Foundation
import KindredAPI

/// One intervention as the catalogue file writes it. `chatContext` is the science the character
/// must stay true to; it goes into the prompt, not to clients.
struct InterventionProfile: Codable, Sendable, Equatable {
    enum Category: String, Codable, Sendable, CaseIterable {
        case srm, ocean, ice, land, localized

        var name: String { dto.displayName }
    }

    enum ImpactScale: String, Codable, Sendable { case global, regional, local }
    enum ResearchLevel: String, Codable, Sendable { case early, emerging, established }
    enum SupportLevel: String, Codable, Sendable { case low, mixed, high }

    struct Reference: Codable, Sendable, Equatable {
        var title: String
        var publisher: String
        var year: Int
        var url: String
    }

    var id: String
    var name: String
    var category: Category
    var tagline: String
    var age: String
    var bio: String
    var interests: [String]
    var dealbreakers: [String]
    var personality: [String]
    var conversationStyle: String
    var impactScale: ImpactScale
    var researchLevel: ResearchLevel
    var techReadiness: Int
    var supportLevel: SupportLevel
    var symbol: String
    var emoji: String
    var gradient: [String]
    var chatContext: String
    var references: [Reference]
}

/// The versioned data file: `Catalogue/interventions.json`, shipped inside the server.
struct InterventionCatalogueFile: Codable, Sendable {
    /// Raised whenever the text changes; migrating with a higher version rewrites the rows.
    var version: Int
    var interventions: [InterventionProfile]

    /// The shipped file, read and checked once per process: it cannot change while the process
    /// runs, and every instance the process starts (each test's server among them) migrates with
    /// it. Decoding and checking its texts cost more than storing them.
    static func bundled() throws -> InterventionCatalogueFile {
        try bundledOnce.get()
    }

    private static let bundledOnce = Result { () throws -> InterventionCatalogueFile in
        guard let url = Bundle.module.url(forResource: "interventions", withExtension: "json") else {
            throw AppError(.internalError, .internalServerError, "The intervention catalogue is missing from the build.")
        }
        let file = try decode(Data(contentsOf: url))
        try file.check()
        return file
    }

    /// Throws every problem at once (`problems()`), so a bad edit fails loudly.
    func check() throws {
        let problems = problems()
        guard problems.isEmpty else {
            throw AppError(.internalError, .internalServerError, "The intervention catalogue is invalid: " + problems.joined(separator: " "))
        }
    }

    static func decode(_ data: Data) throws -> InterventionCatalogueFile {
        try JSONDecoder().decode(InterventionCatalogueFile.self, from: data)
    }

    /// Everything wrong with the file, so a bad edit fails the tests and the migration loudly.
    func problems() -> [String] {
        var problems: [String] = []
        if interventions.count < 50 { problems.append("The catalogue needs at least 50 interventions; it has \(interventions.count).") }
        var seen: Set<String> = []
        for item in interventions {
            let label = item.id.isEmpty ? item.name : item.id
            if !seen.insert(item.id).inserted { problems.append("\(label): the id is used twice.") }
            if item.id.range(of: #"^[a-z0-9]+(-[a-z0-9]+)*$"#, options: .regularExpression) == nil {
                problems.append("\(label): the id must be a kebab-case slug.")
            }
            let texts = [("name", item.name), ("tagline", item.tagline), ("age", item.age), ("bio", item.bio),
                         ("conversationStyle", item.conversationStyle), ("symbol", item.symbol),
                         ("emoji", item.emoji), ("chatContext", item.chatContext)]
            for (field, text) in texts where text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("\(label): \(field) is empty.")
            }
            for (field, list) in [("interests", item.interests), ("dealbreakers", item.dealbreakers), ("personality", item.personality)] {
                if list.isEmpty || list.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                    problems.append("\(label): \(field) needs at least one non-empty entry.")
                }
            }
            if !(1...9).contains(item.techReadiness) { problems.append("\(label): techReadiness is a TRL from 1 to 9.") }
            if item.gradient.count != 2 || item.gradient.contains(where: { $0.range(of: "^#[0-9A-F]{6}$", options: .regularExpression) == nil }) {
                problems.append("\(label): gradient is two #RRGGBB colours.")
            }
            if !(1...2).contains(item.references.count) { problems.append("\(label): give one or two references.") }
            for reference in item.references where reference.title.isEmpty || reference.publisher.isEmpty
                || !reference.url.hasPrefix("https://") || !(1900...2100).contains(reference.year) {
                problems.append("\(label): a reference needs a title, a publisher, a year and an https URL.")
            }
        }
        let missing = Set(InterventionProfile.Category.allCases).subtracting(interventions.map(\.category))
        for category in missing.sorted(by: { $0.rawValue < $1.rawValue }) {
            problems.append("No intervention covers the \(category.name) category.")
        }
        return problems
    }
}
