import RinFormats
import Testing
@testable import RinMatching

/// docs/RIN.md §2.2 asks for each normalisation rule to be table-tested.
@Suite struct EmailNormalisationTests {
    @Test(arguments: [
        ("  Ada@Example.COM ", "ada@example.com"),
        ("mailto:Ada.Lovelace@Example.org", "ada.lovelace@example.org"),
        ("MAILTO:ada@example.org?subject=Hi", "ada@example.org"),
        ("ada+rin@gmail.com", "ada+rin@gmail.com"),
        ("a.d.a@gmail.com", "a.d.a@gmail.com"),
        ("ada@example.com.", "ada@example.com"),
        ("ada@ＥＸＡＭＰＬＥ.com", "ada@example.com"),
        ("Zoë@Bücher.DE", "zoë@bücher.de"),
    ])
    func normalises(input: String, expected: String) {
        #expect(EmailAddress(input)?.normalized == expected)
    }

    @Test func gmailDotsAndTagsAreNotFolded() {
        // §2.2: provider folding would join addresses of different people.
        #expect(EmailAddress("ada.l@gmail.com") != EmailAddress("adal@gmail.com"))
        #expect(EmailAddress("ada+x@gmail.com") != EmailAddress("ada@gmail.com"))
    }

    @Test func caseDoesNotSeparateAddresses() {
        #expect(EmailAddress("John.Smith@Example.com") == EmailAddress("john.smith@example.COM"))
    }

    @Test(arguments: [
        ("", EmailAddressProblem.empty),
        ("   ", .empty),
        ("mailto:", .empty),
        ("ada.example.com", .missingAt),
        ("ada@@example.com", .multipleAt),
        ("a@b@example.com", .multipleAt),
        ("@example.com", .emptyLocalPart),
        ("ada@", .emptyDomain),
        ("ada lovelace@example.com", .containsWhitespaceOrControl),
        ("ada@exa mple.com", .containsWhitespaceOrControl),
        ("ada\u{0}@example.com", .containsWhitespaceOrControl),
        ("ada@localhost", .domainWithoutDot),
        ("ada@intranet", .domainWithoutDot),
        ("ada@example..com", .malformedDomain),
        ("ada@.example.com", .malformedDomain),
        ("ada@-example.com", .malformedDomain),
        (String(repeating: "a", count: 65) + "@example.com", .tooLong),
        ("ada@" + String(repeating: "a.", count: 130) + "com", .tooLong),
    ])
    func refuses(input: String, problem: EmailAddressProblem) {
        #expect(EmailAddress.parse(input) == .failure(problem))
        #expect(EmailAddress(input) == nil)
    }

    @Test func partsAreKept() throws {
        let address = try EmailAddress.parse(" Grace.Hopper@Navy.MIL ").get()
        #expect(address.localPart == "grace.hopper")
        #expect(address.domain == "navy.mil")
        #expect(address.description == "grace.hopper@navy.mil")
    }
}

@Suite struct FoldingTests {
    @Test(arguments: [
        ("Zoë Ångström", "zoe angstrom"),
        ("STRASSE", "strasse"),
        ("Straße", "strasse"),
        ("İstanbul", "istanbul"),
        ("Işık", "isik"),
        ("IŞIK", "isik"),
        ("Øyvind Łukasz", "oyvind lukasz"),
        ("Ｊｏｈｎ", "john"),
        ("ﬁona", "fiona"),
        ("Ελένη", "ελενη"),
        ("Дмитрий Ёлкин", "дмитрии елкин"),
        ("Renée", "renee"),
    ])
    func folds(input: String, expected: String) {
        #expect(MatchFolding.fold(input) == expected)
    }

    @Test func japaneseIsUnchanged() {
        // The voicing mark makes a different kana: it is not an accent to strip.
        #expect(MatchFolding.fold("山田 ガク") == "山田 ガク")
        #expect(MatchFolding.fold("ガク") != MatchFolding.fold("カク"))
        #expect(MatchFolding.fold("ﾔﾏﾀﾞ") == "ヤマダ")  // NFKC: half-width kana are the same kana
    }

    @Test func hangulAndDevanagariKeepTheirMarks() {
        #expect(MatchFolding.fold("김민준") == "김민준")
        #expect(MatchFolding.fold("प्रिया") == "प्रिया")
    }
}

@Suite struct PersonNameTests {
    @Test func splitsHonorificsAndSuffixes() {
        let name = PersonName(formatted: "Dr. John Quincy Appleseed Jr.")
        #expect(name.prefixes == ["Dr."])
        #expect(name.given == ["John", "Quincy"])
        #expect(name.family == ["Appleseed"])
        #expect(name.suffixes == ["Jr."])
    }

    @Test func keepsTheOriginalForDisplay() {
        let name = PersonName(formatted: "  Zoë   Ångström ")
        #expect(name.given == ["Zoë"])
        #expect(name.family == ["Ångström"])
    }

    @Test func lastCommaFirst() {
        #expect(PersonName(formatted: "Lovelace, Ada") == PersonName(given: ["Ada"], family: ["Lovelace"]))
        #expect(PersonName(formatted: "Lovelace, Dr Ada") == PersonName(given: ["Ada"], family: ["Lovelace"], prefixes: ["Dr"]))
        #expect(PersonName(formatted: "Ada Lovelace, PhD") == PersonName(given: ["Ada"], family: ["Lovelace"], suffixes: ["PhD"]))
        #expect(PersonName(formatted: "Smith, John, Jr.") == PersonName(given: ["John"], family: ["Smith"], suffixes: ["Jr."]))
        #expect(PersonName(formatted: "van Gogh, Vincent") == PersonName(given: ["Vincent"], family: ["van", "Gogh"]))
    }

    @Test func moreSuffixes() {
        #expect(PersonName(formatted: "Henry Ford II").suffixes == ["II"])
        #expect(PersonName(formatted: "Mrs Jane Smith III PhD") == PersonName(given: ["Jane"], family: ["Smith"], prefixes: ["Mrs"], suffixes: ["III", "PhD"]))
        #expect(PersonName(formatted: "Ms. Smith") == PersonName(family: ["Smith"], prefixes: ["Ms."]))
    }

    @Test func titlesThatAreAlsoNamesStay() {
        #expect(PersonName(formatted: "Yo-Yo Ma") == PersonName(given: ["Yo-Yo"], family: ["Ma"]))
        #expect(PersonName(formatted: "Don Johnson") == PersonName(given: ["Don"], family: ["Johnson"]))
        #expect(PersonName(formatted: "Md Rahman") == PersonName(given: ["Md"], family: ["Rahman"]))
        #expect(PersonName(formatted: "Jane Smith MD").suffixes == ["MD"])
    }

    @Test func anEmptyStructuredNameFallsBackToTheFormattedOne() {
        let card = ContactCard(formattedName: "Grace Hopper", name: .init())
        #expect(PersonName(card: card) == PersonName(given: ["Grace"], family: ["Hopper"]))
    }

    @Test func anHonorificAloneIsStillAName() {
        #expect(PersonName(formatted: "Miss") == PersonName(given: ["Miss"]))
        #expect(PersonName(formatted: "Cher") == PersonName(given: ["Cher"]))
    }

    @Test func eastAsianNamesAreFamilyFirst() {
        #expect(PersonName(formatted: "山田　太郎") == PersonName(given: ["太郎"], family: ["山田"]))
        #expect(PersonName(formatted: "김 민준") == PersonName(given: ["민준"], family: ["김"]))
        #expect(PersonName(formatted: "山田太郎") == PersonName(given: ["山田太郎"]))
    }

    @Test func fromACard() {
        let structured = ContactCard(formattedName: "Dr. Ada King", name: .init(family: "King", given: "Ada", prefixes: "Dr."))
        #expect(PersonName(card: structured) == PersonName(given: ["Ada"], family: ["King"], prefixes: ["Dr."]))
        let formattedOnly = ContactCard(formattedName: "Grace Hopper")
        #expect(PersonName(card: formattedOnly) == PersonName(given: ["Grace"], family: ["Hopper"]))
        // FN borrowed from the organisation or an e-mail names nobody.
        let company = ContactCard(formattedName: "Acme Ltd", organization: .init(name: "Acme Ltd"))
        #expect(PersonName(card: company).isEmpty)
        let emailOnly = ContactCard(formattedName: "ada@example.com", emails: [.init("ada@example.com")])
        #expect(PersonName(card: emailOnly).isEmpty)
        let middle = ContactCard(formattedName: "x", name: .init(family: "Hopper", given: "Grace", additional: "Brewster"))
        #expect(NameKey(card: middle).given == ["grace", "brewster"])
    }
}
