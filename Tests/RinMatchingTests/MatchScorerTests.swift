import Foundation
import Testing
@testable import RinMatching

/// docs/RIN.md §2.3's score table, row by row, and the sure condition.
@Suite struct MatchScorerTests {
    typealias F = MatchFixture

    func verdict(_ a: MatchRecord, _ b: MatchRecord) -> MatchVerdict {
        let verdict = MatchScorer.verdict(a, b)
        #expect(MatchScorer.verdict(b, a) == verdict, "the scorer is symmetric")
        return verdict
    }

    @Test func sharedValuesFoundThroughFingerprintsAreTheListsIntersections() {
        // E-mails from a few local parts and domains (webmail, employers, one domain that is a
        // suffix of another), phones from a few numbers: every way two cards can overlap.
        var generator = SystemRandomNumberGenerator()
        let locals = ["ada", "bob", "c.d"], domains = ["gmail.com", "acme.example", "sub.acme.example", "me.com", "initech.example"]
        let numbers = ["+14155550101", "+14155550102", "+442071838750", "+33142685300"]
        func pick<T>(_ values: [T], upTo count: Int) -> [T] {
            (0..<Int.random(in: 0...count, using: &generator)).map { _ in values.randomElement(using: &generator)! }
        }
        for n in 0..<2_000 {
            let (a, b) = [0, 1].map { side in
                F.record(2 * n + side, "Ada Lovelace",
                         emails: pick(locals, upTo: 3).map { $0 + "@" + domains.randomElement(using: &generator)! },
                         phones: pick(numbers, upTo: 3))
            }.pair
            let evidence = MatchScorer.evidence(a, b)
            #expect(evidence.sharedEmails == MatchScorer.sortedIntersection(a.emails, b.emails), "\(a.emails) / \(b.emails)")
            #expect(evidence.sharedPhones == MatchScorer.sortedIntersection(a.phones, b.phones), "\(a.phones) / \(b.phones)")
            #expect(evidence.sharedEmployerDomains == MatchScorer.sortedIntersection(a.employerDomains, b.employerDomains),
                    "\(a.emails) / \(b.emails)")
            #expect(MatchScorer.isSure(a, b) == (!evidence.sharedEmails.isEmpty || !evidence.sharedPhones.isEmpty))
        }
    }

    @Test func sharedChannelAndCompatibleNameIsSure() {
        let byEmail = verdict(F.record(1, "John Smith", emails: ["John@Example.com"]), F.record(2, "J. Smith", emails: ["john@example.com"]))
        #expect(byEmail.confidence == 0.97)
        #expect(byEmail.isSure && byEmail.tier == .automatic)
        #expect(byEmail.evidence.sharedEmails == ["john@example.com"])

        let byPhone = verdict(F.record(1, "Zoë Ångström", phones: ["+14155550101"]), F.record(2, "Zoe Angstrom", phones: ["+14155550101"]))
        #expect(byPhone.confidence == 0.97 && byPhone.tier == .automatic)
        #expect(byPhone.evidence.sharedPhones == ["+14155550101"])

        // §2.3: "or one side has no name at all".
        let nameless = verdict(F.record(1, "", phones: ["+14155550101"]), F.record(2, "Ada Lovelace", phones: ["+14155550101"]))
        #expect(nameless.isSure && nameless.confidence == 0.97)
        #expect(nameless.evidence.nameSimilarity == 0)
    }

    @Test func birthdayClashTurnsSureIntoSuggestion() {
        let clash = verdict(F.record(1, "John Smith", emails: ["js@example.com"], birthday: "1980-01-02"),
                            F.record(2, "John Smith", emails: ["js@example.com"], birthday: "1981-01-02"))
        #expect(clash.confidence == 0.85)
        #expect(!clash.isSure && clash.tier == .suggestion)
        #expect(clash.evidence.birthday == .clash)

        // A year-less birthday on the same day is no clash.
        let compatible = verdict(F.record(1, "John Smith", emails: ["js@example.com"], birthday: "--0102"),
                                 F.record(2, "John Smith", emails: ["js@example.com"], birthday: "1981-01-02"))
        #expect(compatible.isSure && compatible.evidence.birthday == .compatible)
    }

    @Test func sharedChannelAndSimilarNameIsNearSure() {
        let typo = verdict(F.record(1, "Jonathan Smith", phones: ["+14155550101"]), F.record(2, "Jonathon Smith", phones: ["+14155550101"]))
        #expect(!typo.evidence.compatibleNames)
        #expect(typo.evidence.nameSimilarity >= 0.92)
        #expect(typo.confidence == 0.85 && typo.tier == .suggestion)

        // A dropped middle name and a typo: compared on what both wrote (`alignedSimilarity`).
        let aligned = verdict(F.record(1, "Mary Scott Caldwell", phones: ["+14155550101"]), F.record(2, "Mary Caldeell", phones: ["+14155550101"]))
        #expect(aligned.confidence == 0.85)
        // A card with a first name only, as phones save them.
        let givenOnly = verdict(F.record(1, "Larry", phones: ["+14155550101"]), F.record(2, "Larry Baker", phones: ["+14155550101"]))
        #expect(givenOnly.confidence == 0.85 && !givenOnly.isSure)
    }

    @Test func sameNameWithoutChannelNeedsMoreForEighty() {
        let organisation = verdict(F.record(1, "Ada Lovelace", organization: "Analytical Engines, Inc."),
                                   F.record(2, "Ada Lovelace", organization: "ANALYTICAL ENGINES"))
        #expect(organisation.evidence.sameOrganization)
        #expect(organisation.confidence == 0.80 && organisation.tier == .suggestion)

        let birthday = verdict(F.record(1, "Ada Lovelace", birthday: "1815-12-10"), F.record(2, "Ada Lovelace", birthday: "--1210"))
        #expect(birthday.confidence == 0.80)

        let domain = verdict(F.record(1, "Ada Lovelace", emails: ["ada@engines.example"]),
                             F.record(2, "Ada Lovelace", emails: ["a.lovelace@engines.example"]))
        #expect(domain.evidence.sharedEmployerDomains == ["engines.example"])
        #expect(domain.confidence == 0.80)

        // Webmail says nothing about an employer.
        let webmail = verdict(F.record(1, "Ada Lovelace", emails: ["ada@gmail.com"]), F.record(2, "Ada Lovelace", emails: ["lovelace@gmail.com"]))
        #expect(webmail.evidence.sharedEmployerDomains.isEmpty)
        #expect(webmail.confidence == 0.70)
    }

    @Test func sharedEmailWithDifferentNamesIsSeventyFive() {
        let household = verdict(F.record(1, "John Smith", emails: ["smiths@example.com"]), F.record(2, "Mary Jones", emails: ["smiths@example.com"]))
        #expect(household.confidence == 0.75 && household.tier == .suggestion)
    }

    @Test func sameFullNameOnlyIsSeventy() {
        let namesakes = verdict(F.record(1, "John Smith"), F.record(2, "JOHN SMITH"))
        #expect(namesakes.evidence.sameFullName)
        #expect(namesakes.confidence == 0.70 && namesakes.tier == .suggestion)
    }

    @Test func householdPhoneIsNotShown() {
        let household = verdict(F.record(1, "John Smith", phones: ["+14155550101"]), F.record(2, "Jane Smith", phones: ["+14155550101"]))
        #expect(!household.evidence.compatibleNames)
        #expect(household.evidence.nameSimilarity < 0.92)
        #expect(household.confidence == 0.60 && household.tier == .hidden)
    }

    @Test func nothingInCommonOrANamesakeWithAnotherBirthdayScoresZero() {
        #expect(verdict(F.record(1, "John Smith"), F.record(2, "Mary Jones")).confidence == 0)
        let namesakes = verdict(F.record(1, "John Smith", birthday: "1980-01-01"), F.record(2, "John Smith", birthday: "1990-05-05"))
        #expect(namesakes.confidence == 0 && namesakes.tier == .hidden)
    }

    @Test func onlyTheSureConditionMergesAutomatically() {
        #expect(MatchScorer.tier(confidence: 0.99, isSure: false) == .suggestion)
        #expect(MatchScorer.tier(confidence: 0.97, isSure: true) == .automatic)
        #expect(MatchScorer.tier(confidence: 0.94, isSure: true) == .suggestion)
        #expect(MatchScorer.tier(confidence: 0.70, isSure: false) == .suggestion)
        #expect(MatchScorer.tier(confidence: 0.69, isSure: false) == .hidden)
        // Everything but a shared channel: still no automatic merge.
        let noChannel = MatchScorer.verdict(for: MatchEvidence(nameSimilarity: 1, compatibleNames: true, sameFullName: true,
                                                               sharedEmployerDomains: ["engines.example"], sameOrganization: true, birthday: .agree))
        #expect(!noChannel.isSure && noChannel.tier == .suggestion && noChannel.confidence == 0.80)
    }

    @Test func evidenceHasAStableJSONShape() throws {
        let evidence = MatchScorer.evidence(F.record(1, "Jonathan Smith", emails: ["js@engines.example"], phones: ["+14155550101"], birthday: "--0102"),
                                            F.record(2, "Jonathon Smith", emails: ["js@engines.example"], phones: ["+14155550101"], birthday: "1980-01-02"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(evidence), as: UTF8.self)
        #expect(json == """
            {"birthday":"compatible","compatibleNames":false,"nameSimilarity":\(evidence.nameSimilarity),"sameFullName":false,\
            "sameOrganization":false,"sharedEmails":["js@engines.example"],"sharedEmployerDomains":["engines.example"],\
            "sharedPhones":["+14155550101"]}
            """)
        #expect(try JSONDecoder().decode(MatchEvidence.self, from: Data(json.utf8)) == evidence)
        // Three decimals, and the verdict is decided on them.
        #expect(evidence.nameSimilarity == (evidence.nameSimilarity * 1000).rounded() / 1000)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(BirthdayAgreement.self, from: Data(#""maybe""#.utf8))
        }
    }
}

private extension Array {
    /// The first two elements, for a list of two made by `map`.
    var pair: (Element, Element) { (self[0], self[1]) }
}
