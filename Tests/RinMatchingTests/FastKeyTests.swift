import Foundation
import RinFormats
import SeededRandom
import Testing
@testable import RinMatching

/// The matcher's byte-level paths for names, organisations, blocking keys, the index's table and
/// the planner's shortcut each give exactly what the general path gives: checked here on random
/// input built from what decides between them.
@Suite struct FastKeyTests {
    /// Name parts: words, honorifics and suffixes (as typed in any case, with dots), separators,
    /// Latin and Vietnamese letters, ideographs, syllables and kana, and things no fast path takes
    /// (combining marks, other spaces, Cyrillic, compatibility characters).
    static let nameAlphabet: [String] = {
        let words = ["ada", "Zoë", "O'Brien", "Smith-Jones", "J.", "Q", "van", "de", "Lovelace", "Nguyễn", "Đặng", "Thảo",
                     "ß", "ĳ", "ǅ", "Ørsted", "Łukasz", "İ", "ı", "山田", "太郎", "김", "민준", "さくら", "Dr", "dr.", "MRS", "Prof.",
                     "Professor", "Sr", "Jr.", "PhD", "ph.d.", "III", "iv", "Esq", "Ma", "Don", "x", "1", "2nd"]
        let separators = [" ", " ", " ", ",", ", ", "  ", "\t", "-", ".", "'", "`", "\u{2019}"]
        let others = ["\u{0301}", "\u{00A0}", "\u{3000}", "Ж", "Ｊ", "ﬁ", "\u{200B}", "·", "½"]
        return words + words + separators + separators + separators + others
    }()

    static func randomPart(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in nameAlphabet.randomElement(using: &random)! }.joined()
    }

    @Test func structuredNamesAgree() {
        var random = SplitMix64(seed: 71)
        var compared = 0, commaForms = 0, syllabaries = 0
        for index in 0..<12_000 {
            // Every fourth name is typed `Last, First` into the given name alone.
            let blankRest = index % 4 == 0
            let name = ContactCard.StructuredName(family: blankRest ? ["", " "].randomElement(using: &random)! : Self.randomPart(&random),
                                                  given: Self.randomPart(&random),
                                                  additional: blankRest ? "" : Self.randomPart(&random),
                                                  prefixes: Self.randomPart(&random), suffixes: "")
            guard let fast = NameKey(latinStructured: name) else { continue }
            let general = NameKey(PersonName(structured: name))
            #expect(fast == general, "\(name)")
            #expect(fast.fullKey == general.fullKey && fast.familyKey == general.familyKey && fast.sortedKey == general.sortedKey
                        && fast.isInOrder == general.isInOrder, "\(name)")
            compared += 1
            if blankRest && name.given.contains(",") { commaForms += 1 }
            if fast.fullKey.utf8.contains(where: { $0 >= 0x80 }) { syllabaries += 1 }
        }
        // Enough of each kind for the comparison to mean something.
        #expect(compared > 4_000)
        #expect(commaForms > 150)
        #expect(syllabaries > 300)
        // The fast path takes ordinary cards and leaves combining marks to the general one.
        #expect(NameKey(latinStructured: .init(family: "Ångström", given: "Zoë")) != nil)
        #expect(NameKey(latinStructured: .init(family: "Lovelace", given: "Ada\u{0301}")) == nil)
    }

    @Test func cardsTakeTheFastPathWithTheSameKey() {
        let card = ContactCard(formattedName: "Dr. Zoë Ångström", name: .init(family: "Ångström", given: "Zoë", prefixes: "Dr."))
        #expect(NameKey(card: card) == NameKey(PersonName(card: card)))
        #expect(NameKey(card: card).fullKey == "zoe angstrom")
        let lastFirst = ContactCard(formattedName: "x", name: .init(family: "", given: "Lovelace, Ada, PhD"))
        #expect(NameKey(card: lastFirst).fullKey == "ada lovelace")
        #expect(NameKey(card: lastFirst) == NameKey(PersonName(card: lastFirst)))
    }

    @Test func latinFoldingInPlaceAgrees() {
        for text in FastPathTests.randomTexts(seed: 72) {
            var text = text
            let folded: [UInt8]? = text.withUTF8 { bytes in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * bytes.count + 1) { output in
                    var count = 0
                    return LatinFolding.fold(utf8: bytes, into: output, count: &count) ? Array(output[..<count]) : nil
                }
            }
            #expect(folded == LatinFolding.foldedBytes(text), "\(text.debugDescription)")
        }
        // Vietnamese letters fold in the table too.
        #expect(LatinFolding.foldedBytes("Nguyễn Thị Ánh") == Array("nguyen thi anh".utf8))
    }

    @Test func organizationsAgree() {
        let alphabet = ["Acme", "ACME", " ", " ", ",", ".", "Inc", "inc.", "LLC", "GmbH", "Corporation", "Co", "&", "Société", "Fictive",
                        "O'Neil", "-", "Ltd", "S.A.", "AB", "Ørsted", "山田", "\u{0301}", "Ж", "1"]
        var compared = 0
        for text in FastPathTests.randomTexts(seed: 73, count: 6_000, length: 0...6, alphabet: alphabet) {
            guard let fast = MatchFolding.latinOrganization(text) else { continue }
            var words = NameKey.tokens(text)
            while words.count > 1, let last = words.last, MatchFolding.legalForms.contains(last) { words.removeLast() }
            #expect(fast == words.joined(separator: " "), "\(text.debugDescription)")
            compared += 1
        }
        #expect(compared > 3_000)
        #expect(MatchFolding.organization("ACME, Inc.") == "acme")
        #expect(MatchFolding.organization("Société Fictive SA") == "societe fictive")
        #expect(MatchFolding.organization(" , ") == nil)
    }

    @Test func fingerprintsAreTheKeys() {
        for (emails, phones, name) in [(["ada@example.com", "a@b.io"], ["+14155550101"], "Ada Lovelace"), ([], ["+442079460958"], "Grace"),
                                       (["x@y.org"], [], ""), ([], [], "Hopper")] {
            let key = NameKey(formatted: name)
            let keys = BlockingKey.keys(emails: emails, phones: phones, name: key, fullName: key.fullKey)
            #expect(BlockingKey.fingerprints(emails: emails, phones: phones, name: key, fullName: key.fullKey) == keys.map(\.fingerprint))
        }
        // Kinds, order and split points all tell keys apart.
        let prints = [BlockingKey.email("a"), .phone("a"), .fullName("a"), .emailAndFamily("ab", "c"), .emailAndFamily("a", "bc"),
                      .emailAndFamily("c", "ab"), .phoneAndFamily("ab", "c")].map(\.fingerprint)
        #expect(Set(prints).count == prints.count)
    }

    @Test func theSlotTableIsADictionary() {
        var random = SplitMix64(seed: 74)
        var table = SlotTable<UInt64>(placeholder: 0)
        var reference: [UInt64: Int32] = [:]
        // Few distinct keys, so that runs collide, wrap and are shifted back on removal.
        for step in 0..<40_000 {
            let key = UInt64.random(in: 0..<3_000, using: &random) &* 0x9e37_79b9_7f4a_7c15 >> (step % 2 == 0 ? 0 : 50)
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let value = Int32(step)
                #expect(table.value(for: key) { value } == reference[key, default: value])
                reference[key] = reference[key] ?? value
            case 1:
                #expect(table.removeValue(for: key) == reference.removeValue(forKey: key))
            default:
                table.set(Int32(step), for: key)
                reference[key] = Int32(step)
            }
            #expect(table.count == reference.count)
        }
        for (key, value) in reference { #expect(table[key] == value) }
        #expect(table[UInt64.max] == nil)
    }

    @Test func thePlannersShortcutGivesTheScorersVerdict() {
        let words = ["john", "jon", "jane", "j", "smith", "smyth", "ada", "lovelace", "mary", "marie", "q", "li", "lee", "山田"]
        var random = SplitMix64(seed: 75)
        let name = { (random: inout SplitMix64) -> String in
            (0..<Int.random(in: 1...3, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
        }
        var skipped = 0
        // Most pairs share a phone, as a household's do; some share nothing (found by name) and
        // some have birthdays that clash: every row the shortcut decides without the evidence.
        let birthdays: [String?] = [nil, nil, "1985-03-15", "--0315", "1990-01-02"]
        for n in 0..<6_000 {
            let phone = ["+14155550101"], email = Bool.random(using: &random) ? ["a@example.com"] : []
            let a = MatchFixture.record(2 * n, name(&random), emails: email, phones: phone,
                                        birthday: birthdays.randomElement(using: &random)!)
            let b = MatchFixture.record(2 * n + 1, name(&random), emails: Bool.random(using: &random) ? email : [],
                                        phones: Int.random(in: 0..<4, using: &random) == 0 ? [] : phone,
                                        birthday: birthdays.randomElement(using: &random)!)
            let verdict = MatchScorer.verdict(a, b)
            let shown = MatchScorer.shownVerdict(a, b)
            #expect(shown == (verdict.tier == .hidden ? nil : verdict), "\(a.fullName) / \(b.fullName)")
            // The scorer reads the whole names in order once for both of its readings.
            #expect(MatchScorer.nameSimilarity(a.name, b.name)
                    == max(NameKey.similarity(a.name, b.name), NameKey.alignedSimilarity(a.name, b.name)), "\(a.fullName) / \(b.fullName)")
            if MatchScorer.isSurelyDissimilar(a.name, b.name) {
                #expect(MatchScorer.nameSimilarity(a.name, b.name) < MatchScorer.similarNameThreshold - 0.0005)
                skipped += 1
            }
        }
        #expect(skipped > 500)
    }

    @Test func regionsAreFoundInAnyCase() {
        let metadata = PhoneMetadata.shared
        #expect(metadata.region(code: "US") === metadata.regions["US"])
        #expect(metadata.region(code: "gb") === metadata.regions["GB"])
        #expect(metadata.region(code: "De") === metadata.regions["DE"])
        #expect(metadata.region(code: "ZZ") == nil && metadata.region(code: "U") == nil && metadata.region(code: "USA") == nil)
        #expect(metadata.region(code: "[A") == nil && metadata.region(code: "@@") == nil)
    }
}
