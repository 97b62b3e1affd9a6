import Foundation
import RinFormats
import Testing
import SeededRandom

@Suite("Rin contacts: writing vCards")
struct VCardWriterTests {
    typealias Labeled = ContactCard.LabeledValue
    typealias Fixtures = VCardFixtures

    @Test func theWriterWrites4WithEscapesPreferenceLowercaseTypesAndGroupLabels() {
        let card = ContactCard(
            formattedName: "Pat O'Neil", uid: "urn:uuid:1", name: .init(family: "O'Neil", given: "Pat", suffixes: "Jr., PhD"),
            nicknames: ["P;at", "Paddy"], organization: .init(name: "A, B & C", units: ["R;D"]),
            emails: [Labeled("pat@example.com", types: ["work"], preferred: true)],
            phones: [Labeled("+1 555 0100", types: ["cell", "Lake house"])],
            addresses: [.init(street: "1 Main St\nFlat 2", locality: "Town", types: ["home"])],
            birthday: .init(PartialDate(month: 3, day: 15)!), note: "Line one\r\nLine two; \\ three",
            photo: .inline(Fixtures.png, mediaType: "image/png"))
        let lines = VCardWriter.write(card).components(separatedBy: "\r\n")
        #expect(lines == [
            "BEGIN:VCARD", "VERSION:4.0", "UID:urn:uuid:1", "FN:Pat O'Neil", "N:O'Neil;Pat;;;Jr.\\, PhD", "NICKNAME:P\\;at,Paddy",
            "ORG:A\\, B & C;R\\;D", "BDAY:--0315", "EMAIL;TYPE=work;PREF=1:pat@example.com",
            "item1.TEL;TYPE=cell:+1 555 0100", "item1.X-ABLabel:Lake house", "ADR;TYPE=home:;;1 Main St\\nFlat 2;Town;;;",
            "NOTE:Line one\\nLine two\\; \\\\ three", "PHOTO:data:image/png;base64,iVBORw0KGgoAAQIDBAUGBwgJCgsMDQ4PEBESEw==",
            "END:VCARD", "",
        ])
    }

    @Test func theWriterFoldsAt75OctetsWithoutSplittingACharacter() throws {
        // setup: every offset of a 1-, 2-, 3- and 4-byte character against the 75-octet edge.
        let note = (0..<40).map { String(repeating: "a", count: $0) + "é日🎉" }.joined(separator: " ")
        let card = ContactCard(formattedName: String(repeating: "x", count: 72), note: note)
        // act
        let written = VCardWriter.write(card)
        // validate
        #expect(written.hasSuffix("END:VCARD\r\n"))
        #expect(!written.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CR LF")
        let lines = Array(written.utf8).split(separator: 0x0A).map { Array($0.dropLast()) }
        #expect(lines.allSatisfy { $0.count <= 75 })
        #expect(lines.allSatisfy { String(validating: $0, as: UTF8.self) != nil }, "no line starts or ends inside a character")
        #expect(lines.filter { $0.count == 75 }.count > 10, "lines are filled, not broken early")
        #expect(lines.contains(Array("FN:\(String(repeating: "x", count: 72))".utf8)), "75 octets exactly is not folded")
        let (_, back) = try Fixtures.only(written)
        #expect(back == card)
    }

    @Test func randomCardsReadBackAsTheyWereWritten() throws {
        var random = SplitMix64(seed: 0x5EED_CAFE)
        let cards = (0..<300).map { _ in Self.randomCard(&random) }
        let parsed = try VCardParser().parse(VCardWriter.write(cards))
        #expect(parsed.warnings.isEmpty)
        #expect(parsed.cards.count == cards.count)
        for (written, read) in zip(cards, parsed.cards.map(ContactCard.init)) {
            #expect(read == written)
        }
    }

    /// Texts with everything that needs escaping or careful folding, starting and ending with a
    /// letter (values Rin trims on reading, like emails, read back the same).
    static func randomText(_ random: inout SplitMix64, length: ClosedRange<Int> = 1...40) -> String {
        let middle: [String] = ["a", "b", "Z", " ", ",", ";", ":", "\\", "\n", "\"", "^", "=", "é", "ß", "日", "本", "🎉", "👩‍👩‍👧", "\\n", "x"]
        let ends = ["a", "Q", "é", "日", "🎉", "7"]
        let count = Int.random(in: length, using: &random)
        let inner = (0..<max(0, count - 2)).map { _ in middle.randomElement(using: &random)! }.joined()
        return ends.randomElement(using: &random)! + inner + (count > 1 ? ends.randomElement(using: &random)! : "")
    }

    static func randomCard(_ random: inout SplitMix64) -> ContactCard {
        func maybe<T>(_ make: (inout SplitMix64) -> T) -> T? { Bool.random(using: &random) ? make(&random) : nil }
        func text(_ random: inout SplitMix64) -> String { randomText(&random) }
        func some(_ random: inout SplitMix64) -> String { Bool.random(using: &random) ? randomText(&random) : "" }
        func types(_ random: inout SplitMix64) -> [String] {
            let all = ["home", "work", "cell", "voice", "x-gym", "Lake house", "Büro", "a,b;c", "Mom"]
            return (0..<Int.random(in: 0...3, using: &random)).map { _ in all.randomElement(using: &random)! }
        }
        func labeled(_ random: inout SplitMix64) -> ContactCard.LabeledValue {
            Labeled(randomText(&random), types: types(&random), preferred: Bool.random(using: &random))
        }
        func many<T>(_ random: inout SplitMix64, _ make: (inout SplitMix64) -> T) -> [T] {
            (0..<Int.random(in: 0...3, using: &random)).map { _ in make(&random) }
        }
        var card = ContactCard(formattedName: randomText(&random))
        card.uid = maybe { "urn:uuid:\(String($0.next(), radix: 16))-\(String($0.next(), radix: 16))" }
        card.name = maybe { .init(family: text(&$0), given: some(&$0), additional: some(&$0), prefixes: some(&$0), suffixes: some(&$0)) }
        card.nicknames = many(&random, text)
        card.organization = maybe { .init(name: text(&$0), units: many(&$0, text)) }
        card.title = maybe(text)
        card.emails = many(&random, labeled)
        card.phones = many(&random, labeled)
        card.addresses = many(&random) {
            .init(poBox: some(&$0), extended: some(&$0), street: text(&$0), locality: some(&$0), region: some(&$0),
                  postalCode: some(&$0), country: some(&$0), types: types(&$0), preferred: Bool.random(using: &$0))
        }
        card.birthday = maybe { random in
            if Int.random(in: 0..<4, using: &random) == 0 { return .init(raw: "sometime in spring") }
            let year = Bool.random(using: &random) ? Int.random(in: 1900...2020, using: &random) : nil
            return .init(PartialDate(year: year, month: Int.random(in: 1...12, using: &random), day: Int.random(in: 1...28, using: &random))!)
        }
        card.note = maybe { randomText(&$0, length: 1...400) }
        card.photo = maybe { random in
            Bool.random(using: &random)
                ? .inline(Data((0..<Int.random(in: 1...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }),
                          mediaType: ["image/jpeg", "image/png", nil].randomElement(using: &random)!)
                : .uri("https://example.com/photos/\(Int.random(in: 1...9_999, using: &random)).jpg")
        }
        card.urls = many(&random) { Labeled("https://example.com/" + String(Int.random(in: 0...999, using: &$0)), types: types(&$0)) }
        return card
    }
}
