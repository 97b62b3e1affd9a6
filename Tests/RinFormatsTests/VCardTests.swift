import Foundation
import RinFormats
import Testing

@Suite("Rin contacts: reading vCards")
struct VCardTests {
    typealias Labeled = ContactCard.LabeledValue
    typealias Fixtures = VCardFixtures

    // MARK: - Exporters

    @Test func appleExportKeepsGroupsLabelsPreferenceAndThePhoto() throws {
        // act
        let parsed = try VCardParser().parse(Fixtures.apple)
        // validate
        #expect(parsed.warnings.isEmpty)
        let vcard = try #require(parsed.cards.first)
        #expect(vcard.version == "3.0")
        #expect(vcard.properties.count == 20)
        let email = try #require(vcard.first("email"))
        #expect(email.group == "item1")
        #expect(email.parameters == [VCardParameter(name: "TYPE", values: ["INTERNET", "pref"])])

        let card = ContactCard(vcard)
        #expect(card.formattedName == "Dr. John Q. Appleseed Jr.")
        #expect(card.name == .init(family: "Appleseed", given: "John", additional: "Quincy", prefixes: "Dr.", suffixes: "Jr."))
        #expect(card.nicknames == ["Johnny"])
        #expect(card.organization == .init(name: "Apple Inc.", units: ["Engineering"]))
        #expect(card.title == "Engineer")
        #expect(card.emails == [Labeled("john@example.com", types: ["other"], preferred: true),
                                Labeled("jappleseed@apple.example", types: ["work"])])
        #expect(card.phones == [Labeled("(408) 555-0101", types: ["cell", "voice"], preferred: true),
                                Labeled("+1 408 555 0199", types: ["Lake house"])])
        #expect(card.addresses == [.init(street: "1 Infinite Loop", locality: "Cupertino", region: "CA", postalCode: "95014",
                                         country: "United States", types: ["home"], preferred: true)])
        #expect(card.urls == [Labeled("https://www.apple.com", types: ["homepage"], preferred: true)])
        #expect(card.birthday?.raw == "1604-03-15")
        #expect(card.birthday?.date == PartialDate(month: 3, day: 15), "X-APPLE-OMIT-YEAR says 1604 is no year")
        #expect(card.note == "Met at WWDC, 2019.\nLikes hiking; coffee.")
        #expect(card.photo == .inline(Fixtures.jpeg, mediaType: "image/jpeg"))
        #expect(card.uid == nil)
    }

    @Test func googleExportReadsEscapedCommasLabelsAndALinkedPhoto() throws {
        let (vcard, card) = try Fixtures.only(Fixtures.google)
        #expect(vcard.version == "3.0")
        #expect(card.formattedName == "María José García")
        #expect(card.name == .init(family: "García", given: "María José"))
        #expect(card.nicknames == ["Majo", "MJ"])
        #expect(card.emails == [Labeled("majo@example.com", types: ["home"]), Labeled("mj.garcia@work.example", types: ["work"])])
        #expect(card.phones == [Labeled("+34 600 123 456", types: ["cell"]), Labeled("+34 91 123 45 67", types: ["work"])])
        #expect(card.addresses == [.init(street: "Calle Mayor 1, 2º B", locality: "Madrid", postalCode: "28013", country: "España", types: ["home"])])
        #expect(card.organization == .init(name: "Ejemplo S.L."))
        #expect(card.birthday?.date == PartialDate(month: 7, day: 4))
        #expect(card.urls == [Labeled("https://majo.example.com", types: ["blog"])])
        #expect(card.photo == .uri("https://lh3.googleusercontent.com/a/photo123"))
        #expect(vcard.first("CATEGORIES")?.components == [["myContacts", "Friends"]])
    }

    @Test func androidExportReadsQuotedPrintableSoftBreaksBareTypesAndAnIndentedPhoto() throws {
        let (vcard, card) = try Fixtures.only(Fixtures.android)
        #expect(vcard.version == "2.1")
        #expect(card.formattedName == "Björn Åström")
        #expect(card.name == .init(family: "Åström", given: "Björn"))
        #expect(card.phones == [Labeled("+46701234567", types: ["cell"], preferred: true), Labeled("08-123 456", types: ["home", "voice"])])
        #expect(card.emails == [Labeled("bjorn@example.se", types: ["home"])])
        #expect(card.addresses == [.init(street: "Storgatan 1", locality: "Stockholm", postalCode: "111 22", country: "Sverige", types: ["home"])])
        #expect(card.note == "Första raden\nAndra raden är lång och fortsätter på nästa rad")
        #expect(card.birthday?.date == PartialDate(year: 1980, month: 2, day: 15))
        #expect(card.photo == .inline(Fixtures.jpeg, mediaType: "image/jpeg"))
        // The value is text now: the parameters that said how it was carried are gone.
        #expect(vcard.first("FN")?.parameters == [])
        #expect(vcard.first("PHOTO")?.parameters == [VCardParameter(name: "ENCODING", values: ["BASE64"]), VCardParameter(name: "TYPE", values: ["JPEG"])])
    }

    @Test func outlookExportReadsLatin1AndWindows1252AndSaysWhereItGuessed() throws {
        let parsed = try VCardParser().parse(Fixtures.outlook)
        let vcard = try #require(parsed.cards.first)
        let card = ContactCard(vcard)
        #expect(card.formattedName == "Jürgen Müller")
        #expect(card.name == .init(family: "Müller", given: "Jürgen"))
        #expect(card.organization == .init(name: "Contoso GmbH", units: ["Vertrieb"]))
        #expect(card.phones == [Labeled("+49 30 1234567", types: ["work", "voice"])])
        #expect(card.emails == [Labeled("juergen.mueller@contoso.example", preferred: true)], "INTERNET tells nothing and is dropped")
        #expect(card.addresses == [.init(street: "Hauptstraße 5", locality: "Berlin", postalCode: "10115", country: "Deutschland",
                                         types: ["work"], preferred: true)])
        #expect(card.note == "Preis 10 €")
        #expect(vcard.first("N")?.parameters == [VCardParameter(name: "LANGUAGE", values: ["de"])])
        #expect(vcard.first("LABEL")?.text == "Hauptstraße 5\r\n10115 Berlin")
        // The lines with 8-bit text and no CHARSET (raw, or quoted-printable) were guessed at, and say so.
        #expect(parsed.warnings.map(\.line) == [8, 9, 10])
        #expect(parsed.warnings.allSatisfy { $0.message.contains("Windows-1252") })
    }

    @Test func vCard4ReadsPrefTelURIsQuotedParametersAndADataPhoto() throws {
        let (vcard, card) = try Fixtures.only(Fixtures.four)
        #expect(card.uid == "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1")
        #expect(card.name == .init(family: "Lovelace", given: "Ada", additional: "Augusta,King", prefixes: "The Hon."))
        #expect(card.emails == [Labeled("ada@analytical.example", types: ["work"]), Labeled("ada@home.example", types: ["home"], preferred: true)])
        #expect(card.phones == [Labeled("+44-20-7946-0018", types: ["voice", "home"], preferred: true)])
        #expect(card.addresses.first?.street == "12 St James's Square")
        #expect(card.birthday == ContactCard.Birthday(PartialDate(year: 1815, month: 12, day: 10)!))
        #expect(card.photo == .inline(Fixtures.png, mediaType: "image/png"))
        #expect(card.urls == [Labeled("https://example.org/ada", types: ["work"])])

        let tel = try #require(vcard.first("TEL"))
        #expect(tel.parameters == [VCardParameter(name: "VALUE", values: ["uri"]), VCardParameter(name: "TYPE", values: ["voice", "home"]),
                                   VCardParameter(name: "PREF", values: ["1"])])
        #expect(vcard.first("ADR")?.values(of: "label") == ["12 St James's Square\nLondon, SW1Y 4JH"])
        let social = try #require(vcard.first("X-SOCIALPROFILE"))
        #expect(social.values(of: "X-USER") == ["ada:lovelace; yes, really"])
        #expect(social.value == "https://example.social/@ada")
    }

    // MARK: - Lines, parameters and escapes

    @Test func foldedLinesJoinBackEvenWhenAFoldCutsAUTF8Sequence() throws {
        // setup: "日本語のメモ" folded after the first byte of 本, then with a tab; and a fold
        // whose continuation starts with a space that belongs to the text.
        let note = Array("日本語のメモ".utf8)
        var bytes = Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:x\r\nNOTE:".utf8) + note[0..<4]
        bytes += Array("\r\n ".utf8) + note[4..<9] + Array("\r\n\t".utf8) + note[9...]
        bytes += Array("\r\nTITLE:Chief\r\n  Officer\nEND:VCARD".utf8)
        // act
        let parsed = try VCardParser().parse(Data(bytes))
        let card = ContactCard(try #require(parsed.cards.first))
        // validate
        #expect(card.note == "日本語のメモ")
        #expect(card.title == "Chief Officer")
    }

    @Test func a21Base64PhotoWhoseLinesAreNotIndentedRunsToTheBlankLine() throws {
        let parsed = try VCardParser().parse(Fixtures.crlfCard("""
        FN:Nokia
        PHOTO;TYPE=JPEG;ENCODING=BASE64:
        /9j/4AAQSkZJRgABAAECAwQFBgcICQoLDA0ODxAREhMU
        FRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7

        TEL;CELL:+358 40 123 4567
        """, version: "2.1"))
        #expect(parsed.warnings.isEmpty)
        let card = ContactCard(try #require(parsed.cards.first))
        #expect(card.photo == .inline(Fixtures.jpeg, mediaType: "image/jpeg"))
        #expect(card.phones == [Labeled("+358 40 123 4567", types: ["cell"])])
    }

    @Test func parametersReadBareTypesQuotedListsAndRepeatedNames() throws {
        let text = Fixtures.crlfCard("""
        TEL;WORK;VOICE:1
        TEL;TYPE="work,voice":2
        tel;type=cell;Type=pref:3
        NOTE;QUOTED-PRINTABLE:caf=C3=A9
        item7.X-THING;X-A="a;b:c,d",e;X-B=^^x^'y^':v
        """)
        let vcard = try #require(try VCardParser().parse(text).cards.first)
        let tels = vcard.properties(named: "TEL")
        #expect(tels.map(\.types) == [["work", "voice"], ["work", "voice"], ["cell", "pref"]])
        #expect(tels[2].name == "TEL")
        #expect(vcard.first("NOTE")?.value == "café")
        let thing = try #require(vcard.first("x-thing"))
        #expect(thing.group == "item7")
        #expect(thing.parameters == [VCardParameter(name: "X-A", values: ["a;b:c,d", "e"]), VCardParameter(name: "X-B", values: ["^x\"y\""])])
        #expect(thing.value == "v")
    }

    @Test func escapedSeparatorsStayInTheirComponent() throws {
        let (vcard, card) = try Fixtures.only(Fixtures.crlfCard(#"""
        N:O\;Brien\, Jr.;Pat\\Sam;;;
        ADR;TYPE=work:;Suite 5\; Floor 2;1\, Main St\nBack door;Town\, Upper;;12345;Land
        ADR:;;123 Main St,Suite 100;Springfield;;;
        ORG:Smith\, Jones\; Partners;R\&D
        NOTE:C:\temp stays\, \\n is a backslash and n
        """#))
        #expect(card.name == .init(family: "O;Brien, Jr.", given: "Pat\\Sam"))
        #expect(card.addresses.first == .init(extended: "Suite 5; Floor 2", street: "1, Main St\nBack door", locality: "Town, Upper",
                                               postalCode: "12345", country: "Land", types: ["work"]))
        // An unescaped comma is a list in the RFC's reading, and the text it was in Rin's.
        #expect(vcard.properties(named: "ADR")[1].components[2] == ["123 Main St", "Suite 100"])
        #expect(card.addresses[1].street == "123 Main St,Suite 100")
        #expect(card.organization == .init(name: "Smith, Jones; Partners", units: ["R\\&D"]))
        #expect(card.note == "C:\\temp stays, \\n is a backslash and n")
    }

    @Test func oneFileHoldsManyCardsOfMixedVersions() throws {
        let file = Fixtures.apple + Fixtures.google + "\r\n\r\n" + Fixtures.android + Fixtures.four
        let parsed = try VCardParser().parse(file)
        #expect(parsed.cards.map(\.version) == ["3.0", "3.0", "2.1", "4.0"])
        #expect(parsed.cards.map { ContactCard($0).formattedName } == ["Dr. John Q. Appleseed Jr.", "María José García", "Björn Åström", "Ada Lovelace"])
        #expect(parsed.warnings.isEmpty)
    }

    @Test func aByteOrderMarkAndUTF16AreRead() throws {
        let text = Fixtures.crlfCard("FN:Zoë")
        let withMark = Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
        let utf16 = try #require(text.data(using: .utf16))
        for data in [withMark, utf16] {
            let card = try #require(try VCardParser().parse(data).cards.first)
            #expect(ContactCard(card).formattedName == "Zoë")
        }
    }

    // MARK: - Leniency and bounds

    @Test func aBrokenLineIsSkippedWithItsLineNumberAndTheRestIsKept() throws {
        let text = Fixtures.crlf("""
        BEGIN:VCARD
        VERSION:3.0
        FN:Good Person
        this line has no colon
        TEL;TYPE="cell:+1 555 0100
        EMAIL:good@example.com
        END:VCARD
        stray text between cards
        BEGIN:VCARD
        VERSION:3.0
        FN:Second
        BEGIN:VCARD
        FN:Third, no version and no end
        """)
        let parsed = try VCardParser().parse(text)
        #expect(parsed.cards.count == 3)
        #expect(ContactCard(parsed.cards[0]).emails == [Labeled("good@example.com")])
        #expect(parsed.cards[0].properties.map(\.name) == ["FN", "EMAIL"])
        #expect(parsed.cards.map { ContactCard($0).formattedName } == ["Good Person", "Second", "Third, no version and no end"])
        #expect(parsed.warnings.map(\.line) == [4, 5, 8, 12, 12, 12])
        #expect(parsed.warnings[1].message.contains("quote"))
        #expect(parsed.warnings[3].message.contains("line 9 has no END:VCARD"))
    }

    @Test func anEmbeddedAgentCardIsSkippedAndItsOwnerKept() throws {
        let parsed = try VCardParser().parse(Fixtures.crlfCard("FN:Boss\nAGENT:\nBEGIN:VCARD\nFN:Assistant\nEND:VCARD\nTEL:123", version: "2.1"))
        #expect(parsed.cards.count == 1)
        #expect(ContactCard(parsed.cards[0]).phones == [Labeled("123")])
        #expect(parsed.warnings.count == 1)
    }

    @Test func warningsPastTheLimitAreCountedNotKept() throws {
        let junk = (1...8).map { "junk \($0)" }.joined(separator: "\n")
        let parsed = try VCardParser(limits: .init(warnings: 5)).parse(Fixtures.crlfCard("FN:x\n" + junk))
        #expect(parsed.warnings.count == 5)
        #expect(parsed.unreportedWarnings == 3)
        #expect(parsed.cards.count == 1)
    }

    @Test func theBoundsRefuseAWholeFile() throws {
        let four = String(repeating: Fixtures.crlfCard("FN:x"), count: 4)
        #expect(throws: VCardError.tooManyCards(limit: 3, line: 13)) { try VCardParser(limits: .init(cards: 3)).parse(four) }
        #expect(try VCardParser(limits: .init(cards: 4)).parse(four).cards.count == 4)

        let long = Fixtures.crlfCard((1...6).map { "NOTE:\($0)" }.joined(separator: "\n"))
        #expect(throws: VCardError.tooManyProperties(limit: 5, cardLine: 1, line: 8)) {
            try VCardParser(limits: .init(propertiesPerCard: 5)).parse(long)
        }
        let big = Data(repeating: UInt8(ascii: "x"), count: 101)
        #expect(throws: VCardError.tooLarge(bytes: 101, limit: 100)) { try VCardParser(limits: .init(bytes: 100)).parse(big) }
        #expect(VCardParser.Limits() == .init(bytes: 20 * 1_048_576, cards: 10_000, propertiesPerCard: 1_000))
    }

    @Test func aFileWithoutAnyCardIsAnError() {
        #expect(throws: VCardError.noCards) { try VCardParser().parse("Name,Email\nAda,ada@example.com\n") }
        #expect(throws: VCardError.noCards) { try VCardParser().parse(Data()) }
    }

    @Test(.timeLimit(.minutes(1)))
    func aLongFoldedLineCostsItsLengthNotItsSquare() throws {
        let note = String(repeating: "é日a🎉 ", count: 120_000)
        let written = VCardWriter.write(ContactCard(formattedName: "Long", note: note))
        #expect(written.utf8.count > 1_300_000)
        let (_, card) = try Fixtures.only(written)
        #expect(card.note == note)
    }
}
