import Foundation
import RinFormats
import SeededRandom
import Testing
@testable import RinMatching

/// Blocking (docs/RIN.md §2.3, §8 step 3): who is compared with whom, kept up to date batch by
/// batch and merge by merge.
@Suite struct MatchIndexTests {
    typealias F = MatchFixture

    func candidateIDs(_ index: MatchIndex, _ record: MatchRecord) -> [UUID] {
        index.candidates(for: record).map(\.id)
    }

    @Test func blocksOnEmailPhoneAndFullName() {
        let index = MatchIndex([
            F.record(1, "Ada Lovelace", emails: ["ada@example.com"]),
            F.record(2, "Charles Babbage", phones: ["+442079460018"]),
            F.record(3, "Mary Somerville"),
            F.record(4, "Somebody Else", emails: ["other@example.com"], phones: ["+442079460019"]),
        ])
        let probe = F.record(9, "Mary Somerville", emails: ["ADA@example.com"], phones: ["+442079460018"])
        #expect(candidateIDs(index, probe) == [F.id(1), F.id(2), F.id(3)])
        #expect(candidateIDs(index, F.record(9, "Nobody")).isEmpty)
    }

    @Test func leavesTheRecordItselfOutAndListsOldestFirst() {
        let index = MatchIndex([
            F.record(3, "Ada Lovelace", createdAt: 10),
            F.record(1, "Ada Lovelace", createdAt: 30),
            F.record(2, "Ada Lovelace", createdAt: 10),
        ])
        let me = F.record(1, "Ada Lovelace", createdAt: 30)
        // Created first, then the lower id.
        #expect(candidateIDs(index, me) == [F.id(2), F.id(3)])
    }

    @Test func insertsAndRemovesIncrementally() {
        var index = MatchIndex([F.record(1, "Ada Lovelace", emails: ["ada@example.com"])])
        let probe = F.record(9, "", emails: ["ada@example.com"], phones: ["+14155550101"])
        index.insert(F.record(2, "Charles Babbage", phones: ["+14155550101"]))
        #expect(index.count == 2)
        #expect(candidateIDs(index, probe) == [F.id(1), F.id(2)])

        #expect(index.remove(F.id(1))?.name == NameKey(formatted: "Ada Lovelace"))
        #expect(index.remove(F.id(1)) == nil)
        #expect(candidateIDs(index, probe) == [F.id(2)])
        #expect(index.blockSize(.email("ada@example.com")) == 0)

        // Inserting an id again replaces the record and its keys.
        index.insert(F.record(2, "Charles Babbage", emails: ["cb@example.com"]))
        #expect(index.count == 1)
        #expect(candidateIDs(index, probe).isEmpty)
        #expect(index.blockSize(.phone("+14155550101")) == 0)
        #expect(index.record(F.id(2))?.emails == ["cb@example.com"])
    }

    @Test func giantBlocksAreNotSearchedUntilTheyShrink() {
        // A switchboard on four contacts, with a cap of three.
        var index = MatchIndex((1...4).map { F.record($0, "Colleague \($0) Person\($0)", phones: ["+14155550100"]) }, blockCap: 3)
        let probe = F.record(9, "Colleague 1 Person1", phones: ["+14155550100"])
        index.insert(probe)
        #expect(index.isGiant(.phone("+14155550100")))
        // Still found by name, not by the switchboard.
        #expect(candidateIDs(index, probe) == [F.id(1)])

        index.remove(F.id(2))
        index.remove(F.id(3))
        #expect(!index.isGiant(.phone("+14155550100")))
        #expect(candidateIDs(index, probe) == [F.id(1), F.id(4)])
    }

    @Test func aFamilyNameSplitsAGiantSwitchboard() {
        var index = MatchIndex((1...5).map { F.record($0, "Someone Other\($0)", phones: ["+14155550100"]) }, blockCap: 3)
        index.insert(F.record(6, "Haruto Sato", phones: ["+14155550100"]))
        let probe = F.record(9, "H. Sato", phones: ["+14155550100"])
        index.insert(probe)
        #expect(candidateIDs(index, probe) == [F.id(6)])
        #expect(index.blockSize(.phoneAndFamily("+14155550100", "sato")) == 2)
        // Back under the cap, the switchboard itself is searched, and its family blocks empty.
        for n in 1...4 { index.remove(F.id(n)) }
        #expect(candidateIDs(index, probe) == [F.id(5), F.id(6)])
        #expect(index.blockSize(.phoneAndFamily("+14155550100", "sato")) == 0)
        // Over it again, split again.
        for n in 1...4 { index.insert(F.record(n, "Someone Other\(n)", phones: ["+14155550100"])) }
        #expect(candidateIDs(index, probe) == [F.id(6)])
        #expect(index.blockSize(.phoneAndFamily("+14155550100", "sato")) == 2)
    }

    @Test func recordFromACardNormalisesItsKeys() {
        let phones = TablePhoneNormalizer(table: [
            "(415) 555-0101": PhoneNumber(e164: "+14155550101", isPossible: true),
            "555-0101": PhoneNumber(e164: "+15550101", isPossible: false),
        ])
        let card = ContactCard(formattedName: "Dr. Ada Lovelace", organization: .init(name: "Analytical Engines, Inc."),
                               emails: [.init(" Ada@Engines.Example "), .init("ada@gmail.com"), .init("not an address")],
                               phones: [.init("(415) 555-0101"), .init("555-0101"), .init("call me")],
                               birthday: .init(raw: "--1210"))
        let record = MatchRecord(card: card, id: F.id(1), createdAt: F.epoch, defaultRegion: "US", phones: phones)
        #expect(record.name == NameKey(formatted: "Ada Lovelace"))
        #expect(record.emails == ["ada@engines.example", "ada@gmail.com"])
        #expect(record.phones == ["+14155550101"])
        #expect(record.employerDomains == ["engines.example"])
        #expect(record.organization == "analytical engines")
        #expect(record.birthday == NormalizedBirthday(text: "--1210"))
    }

    @Test(arguments: [0, 1, 31, 500])
    func cardsNormalisedTogetherAreTheCardsNormalisedOneByOneInTheirOrder(count: Int) {
        // 500 cards take the parallel path, the others the caller's thread; either way each record
        // is its own card's, at its card's place.
        let names = ["Ada Lovelace", "Dr. Grace Hopper", "Zoë Ångström", "山田 太郎", "Lovelace, Ada", "alan turing Jr."]
        let cards = (0..<count).map { index in
            ContactCard(formattedName: names[index % names.count] + " \(index)",
                        emails: [.init("person\(index)@example.org")], phones: [.init("+1 415 555 \(1000 + index)")])
        }
        let ids = (0..<count).map(F.id)
        let times = (0..<count).map { F.epoch.addingTimeInterval(Double($0)) }
        let together = MatchRecord.records(cards: cards, ids: ids, createdAt: times, defaultRegion: "US", phones: E164PhoneNormalizer())
        let oneByOne = (0..<count).map {
            MatchRecord(card: cards[$0], id: ids[$0], createdAt: times[$0], defaultRegion: "US", phones: E164PhoneNormalizer())
        }
        #expect(together == oneByOne)
        #expect(together.map(\.id) == ids)
    }

    @Test func aBookIndexedWithRoomToGrowFindsWhatOneGrownStepByStepFinds() {
        let records = (0..<300).map { index in
            F.record(index, "Person \(index % 40)", emails: ["shared\(index % 25)@example.org"], phones: [])
        }
        let reserved = MatchIndex(records, reservingCapacity: 1_000)
        var grown = MatchIndex()
        grown.insert(contentsOf: records)
        for record in records { #expect(candidateIDs(reserved, record) == candidateIDs(grown, record)) }
    }

    @Test func anIndexThatLostMostOfItsContactsFindsWhatAFreshOneFinds() {
        // Enough removals and replacements that the index rewrites its pool of block numbers
        // (more than 4,096 left behind) several times on the way.
        let records = (0..<3_000).map { index in
            F.record(index, "Person \(index % 97)", emails: ["shared\(index % 61)@example.org"], phones: ["+1415555\(1000 + index % 83)"])
        }
        var index = MatchIndex(records)
        for (number, record) in records.enumerated() where number % 5 != 0 { index.remove(record.id) }
        let kept = records.enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
        // A kept contact refiled (as after a merge) leaves its old run behind too.
        for record in kept { index.insert(record) }
        let fresh = MatchIndex(kept)
        #expect(index.count == kept.count)
        for record in kept { #expect(candidateIDs(index, record) == candidateIDs(fresh, record)) }
    }

    /// A channel's family-name blocks are filled only while the channel is giant. Contacts join
    /// and leave two switchboards, crossing the cap both ways, some of them replaced with other
    /// numbers or names, in a seeded random order: after every step, every contact finds what it
    /// finds in an index built fresh from the contacts left.
    @Test func familyNameBlocksFollowTheirChannelAcrossTheCapBothWays() {
        var random = SplitMix64(seed: 0xB10C_CA9)
        let families = ["Sato", "Lopez", "Okafor", ""]
        let boards = ["+14155550100", "+14155550199"]
        func person(_ n: Int) -> MatchRecord {
            let family = families[Int.random(in: 0..<families.count, using: &random)]
            let board = boards[Int.random(in: 0..<boards.count, using: &random)]
            let own = Int.random(in: 0..<4, using: &random) == 0 ? ["+1415555\(2000 + n)"] : []
            return F.record(n, "Person\(n) \(family)", emails: n % 5 == 0 ? ["p\(n)@example.org"] : [], phones: [board] + own)
        }
        var index = MatchIndex(blockCap: 4)
        var held: [Int: MatchRecord] = [:]
        for step in 0..<400 {
            let n = Int.random(in: 0..<24, using: &random)
            if held[n] != nil && Bool.random(using: &random) {
                index.remove(F.id(n))
                held[n] = nil
            } else {
                // New, or a replacement under the same id.
                let record = person(n)
                index.insert(record)
                held[n] = record
            }
            let fresh = MatchIndex(held.values.sorted { $0.id.isOrdered(before: $1.id) }, blockCap: 4)
            for record in held.values {
                #expect(candidateIDs(index, record) == candidateIDs(fresh, record), "step \(step), contact \(record.id)")
            }
            #expect(index.count == held.count)
        }
    }

    @Test func aLastFirstTypedIntoTheGivenNameIsSplit() {
        // §2.2: `Last, First` split, also when a phone or a CRM put it all in the given name.
        let card = ContactCard(formattedName: "Johnson, Shirley", name: .init(given: "Johnson, Shirley"))
        #expect(NameKey(card: card) == NameKey(formatted: "Shirley Johnson"))
        let withInitial = ContactCard(formattedName: "Schmidt, Stefan M.", name: .init(given: "Schmidt, Stefan M.", prefixes: "Dr."))
        #expect(PersonName(card: withInitial) == PersonName(given: ["Stefan", "M."], family: ["Schmidt"], prefixes: ["Dr."]))
        // With a family name written apart, the given name is not read as one.
        #expect(NameKey(card: ContactCard(formattedName: "x", name: .init(family: "Smith", given: "John, Paul"))).family == ["smith"])
    }

    @Test func asciiTakesTheFastPathsToTheSameAnswers() {
        #expect(MatchFolding.fold("JOHN O'Brien-Smith  X") == "john o'brien-smith  x")
        #expect(MatchFolding.nfkc("Ada Lovelace") == "Ada Lovelace")
        #expect(MatchFolding.nfkc("Ｊｏｈｎ") == "John")
        for (a, b) in [("jonathan smith", "jonathon smith"), ("martha", "marhta"), ("dixon", "dicksonx"), ("ab", "")] {
            #expect(JaroWinkler.jaroSimilarity(Array(a.utf8), Array(b.utf8)) == JaroWinkler.jaroSimilarity(Array(a), Array(b)))
        }
    }

    @Test func theWordSizedJaroGivesTheGeneralOnesAnswerToTheBit() {
        // Names from a small alphabet, so that letters repeat, match out of order and fall just
        // inside and outside the window; lengths up to the word's 64 bits.
        var generator = SystemRandomNumberGenerator()
        let letters = Array("aeinrst ".utf8)
        for _ in 0..<5_000 {
            let a = (0..<Int.random(in: 1...64, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
            let b = (0..<Int.random(in: 1...64, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
            let short = a.withUnsafeBufferPointer { left in b.withUnsafeBufferPointer { JaroWinkler.shortJaroSimilarity(left, $0) } }
            #expect(short == JaroWinkler.jaroSimilarity(a, b), "\(String(decoding: a, as: UTF8.self)) / \(String(decoding: b, as: UTF8.self))")
        }
    }

    @Test func lettersAsNumbersGiveTheCharacterJarosAnswer() {
        // Folded names in several scripts, with letters of one scalar, of several (a Devanagari
        // vowel sign, a conjunct), and of more than 8 bytes, which `letterCodes` numbers apart.
        var generator = SystemRandomNumberGenerator()
        let letters: [String] = ["a", "é", "ö", "ß", "к", "λ", "中", "田", "한", "क", "कि", "क्ष", "क्षि", "👩‍👩‍👧", "ক্ত", "ñ", " "]
        for _ in 0..<3_000 {
            let a = MatchFolding.unicodeFold((0..<Int.random(in: 1...20, using: &generator))
                .map { _ in letters.randomElement(using: &generator)! }.joined())
            let b = MatchFolding.unicodeFold((0..<Int.random(in: 1...20, using: &generator))
                .map { _ in letters.randomElement(using: &generator)! }.joined())
            var long: [Character] = []
            let codes = (JaroWinkler.letterCodes(a, long: &long), JaroWinkler.letterCodes(b, long: &long))
            #expect(codes.0.count == a.count && codes.1.count == b.count)
            #expect(JaroWinkler.jaroSimilarity(codes.0, codes.1) == JaroWinkler.jaroSimilarity(Array(a), Array(b)), "\(a) / \(b)")
            let (left, right) = (Array(a), Array(b))
            #expect(codes.0.indices.allSatisfy { i in codes.1.indices.allSatisfy { (codes.0[i] == codes.1[$0]) == (left[i] == right[$0]) } })
        }
    }

    @Test func lettersOfOneScalarAreCodedFromTheirBytesAsLetterCodesCodesThem() {
        // Every listed script, each letter one scalar: the bytes give `letterCodes`' numbers.
        var generator = SystemRandomNumberGenerator()
        let single: [String] = ["a", "Z", " ", "-", "é", "ö", "ß", "ø", "ł", "ș", "ǆ", "ʼ", "λ", "ώ", "к", "ё", "ԛ", "ա", "א", "ب", "ạ",
                                "ἄ", "あ", "ア", "ー", "中", "田", "㐀", "한", "힣"]
        for _ in 0..<2_000 {
            var text = (0..<Int.random(in: 1...24, using: &generator)).map { _ in single.randomElement(using: &generator)! }.joined()
            var long: [Character] = []
            let expected = JaroWinkler.letterCodes(text, long: &long)
            let coded: [UInt64]? = text.withUTF8 { bytes in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: bytes.count) { codes in
                    JaroWinkler.singleScalarCodes(bytes, into: codes).map { Array(codes[..<$0]) }
                }
            }
            #expect(coded == expected, "\(text)")
        }
        // A letter of several scalars, a joiner, a jamo, a control pair or an emoji: declined, for
        // `letterCodes` to read by `Character`.
        for text in ["e\u{301}", "क", "कि", "👩‍👩‍👧", "ﾊﾟ", "가\u{11A8}", "\u{1100}\u{1161}", "a\r\nb", "は\u{3099}", "😀", "ก"] {
            var text = text
            let coded = text.withUTF8 { bytes in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: bytes.count) { JaroWinkler.singleScalarCodes(bytes, into: $0) }
            }
            #expect(coded == nil, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func jaroWinklerReadsTextOfOneScalarLettersAsItReadsCharacters() {
        let pairs = [("zoë ångström", "zoe angstrom"), ("иван петров", "иван петрова"), ("田中 太郎", "田中 次郎"), ("김 민준", "김 민수"),
                     ("σοφία", "σοφια"), ("josé garcía", "jose garcia")]
        for (a, b) in pairs {
            var long: [Character] = []
            let codes = (JaroWinkler.letterCodes(a, long: &long), JaroWinkler.letterCodes(b, long: &long))
            let jaro = JaroWinkler.jaroSimilarity(codes.0, codes.1)
            let prefix = zip(Array(a), Array(b)).prefix(4).prefix { $0 == $1 }.count
            #expect(JaroWinkler.similarity(a, b) == jaro + Double(prefix) * 0.1 * (1 - jaro), "\(a) / \(b)")
        }
    }

    @Test func aSurvivorTakesInWhatItAbsorbs() {
        let survivor = F.record(1, "T. Lopez", emails: ["t@example.com"], birthday: "--0812")
        let absorbed = F.record(2, "Thomas Q. Lopez", emails: ["thomas@example.com"], phones: ["+14155550101"], birthday: "1986-08-12",
                                organization: "Initech")
        let merged = survivor.absorbing(absorbed)
        #expect(merged.id == survivor.id && merged.createdAt == survivor.createdAt)
        #expect(merged.emails == ["t@example.com", "thomas@example.com"])
        #expect(merged.phones == ["+14155550101"])
        #expect(merged.name == NameKey(formatted: "Thomas Q. Lopez"))
        #expect(merged.birthday == NormalizedBirthday(text: "1986-08-12"))
        #expect(merged.organization == "initech")
        // Teresa was compatible with the initial, not with the merged contact.
        #expect(!NameKey.compatible(merged.name, NameKey(formatted: "Teresa Lopez")))
        // Names that do not agree leave the survivor's.
        #expect(F.record(3, "Ann Lee").absorbing(F.record(4, "Bob Lee")).name == NameKey(formatted: "Ann Lee"))
    }
}
