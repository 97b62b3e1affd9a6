import Foundation
import RinFormats
import Testing

@Suite("Rin contacts: Google and Outlook CSV exports")
struct ContactsCSVTests {
    typealias Labeled = ContactCard.LabeledValue
    typealias Fixtures = CSVFixtures

    @Test func googleExportMapsLabelsPreferenceAndPackedCells() throws {
        // act
        let parsed = try ContactsCSV().read(Fixtures.google)
        // validate
        #expect(parsed.format == .google)
        #expect(parsed.contacts.map(\.line) == [2, 7, 8], "the first row's notes and address span lines 2–6")
        let majo = parsed.contacts[0].card
        #expect(majo == ContactCard(
            formattedName: "María José García", name: .init(family: "García", given: "María José"), nicknames: ["Majo"],
            organization: .init(name: "Ejemplo S.L.", units: ["I+D"]), title: "Ingeniera",
            emails: [Labeled("majo@example.com", types: ["home"], preferred: true), Labeled("majo.g@example.org", types: ["home"]),
                     Labeled("mj@work.example", types: ["work"])],
            phones: [Labeled("+34 600 123 456", types: ["cell"]), Labeled("+34 91 123 45 67", types: ["work", "fax"])],
            addresses: [.init(extended: "2º B", street: "Calle Mayor 1", locality: "Madrid", postalCode: "28013", country: "España", types: ["home"])],
            birthday: .init(raw: "--03-15"), note: "Met in Madrid,\nloves \"tapas\"",
            photo: .uri("https://lh3.googleusercontent.com/contacts/abc123"), urls: [Labeled("https://majo.example.com", types: ["blog"])]))
        #expect(majo.birthday?.date == PartialDate(month: 3, day: 15))

        let wei = parsed.contacts[1].card
        #expect(wei.formattedName == "Wei Li")
        #expect(wei.phones == [Labeled("+1 555 0100", types: ["Lake house"], preferred: true), Labeled("+1 555 0101", types: ["cell"])])
        #expect(wei.addresses == [.init(street: "1 Main St, Springfield", types: ["work"])], "only the formatted text: it is the street")
        #expect(wei.birthday?.date == PartialDate(year: 1985, month: 3, day: 15))

        let acme = parsed.contacts[2].card
        #expect(acme.formattedName == "Acme Plumbing")
        #expect(acme.birthday == ContactCard.Birthday(raw: "sometime in May").withoutDate)
        #expect(parsed.warnings == [
            ImportWarning(line: 8, message: "An email \"acme.example.com\" is not an email address; it is kept as written."),
            ImportWarning(line: 8, message: "Birthday \"sometime in May\" is no date; it is kept as text."),
        ])
    }

    @Test func olderGoogleHeadersMapTheSameWay() throws {
        let parsed = try ContactsCSV().read(Fixtures.googleOld)
        #expect(parsed.format == .google)
        #expect(parsed.warnings.isEmpty)
        let anna = try #require(parsed.contacts.first?.card)
        #expect(anna == ContactCard(
            formattedName: "Dr. Anna Maria Schmidt", name: .init(family: "Schmidt", given: "Anna", additional: "Maria", prefixes: "Dr."),
            organization: .init(name: "Universität", units: ["Informatik"]), title: "Professorin",
            emails: [Labeled("anna@uni.example", types: ["work"], preferred: true), Labeled("anna@example.net", types: ["home"])],
            phones: [Labeled("+49 89 2180 0", types: ["work"]), Labeled("+49 89 555 12", types: ["home", "fax"])],
            addresses: [.init(poBox: "Postfach 7", street: "Geschwister-Scholl-Platz 1", locality: "München", region: "Bayern",
                              postalCode: "80539", country: "Germany", types: ["work"])],
            birthday: .init(raw: "1979-11-02"), urls: [Labeled("https://uni.example/~schmidt", types: ["profile"])]))
        let tom = try #require(parsed.contacts.last?.card)
        #expect(tom.formattedName == "Tom")
        #expect(tom.phones == [Labeled("07700 900123", types: ["cell"], preferred: true)])
        #expect(tom.birthday?.date == PartialDate(month: 12, day: 24))
    }

    @Test func outlookExportMapsColumnsToKindsAndReadsItsDates() throws {
        // act
        let parsed = try ContactsCSV().read(Fixtures.outlook)
        // validate
        #expect(parsed.format == .outlook)
        #expect(parsed.contacts.map(\.line) == [1, 2, 3, 4].map { $0 + 1 + ($0 > 1 ? 1 : 0) }, "the first row's notes span two lines")
        let juergen = parsed.contacts[0].card
        #expect(juergen == ContactCard(
            formattedName: "Dr. Jürgen Müller Jr.", name: .init(family: "Müller", given: "Jürgen", prefixes: "Dr.", suffixes: "Jr."),
            organization: .init(name: "Müller & Söhne GmbH", units: ["Vertrieb"]), title: "Leiter",
            emails: [Labeled("juergen@example.de"), Labeled("j.mueller@firma.example")],
            phones: [Labeled("+49 170 1234567", types: ["cell"]), Labeled("+49 30 1234567", types: ["work"]),
                     Labeled("+49 331 999", types: ["home", "fax"])],
            addresses: [.init(street: "Gartenweg 2", locality: "Potsdam", postalCode: "14467", types: ["home"]),
                        .init(street: "Hauptstraße 5\n3. OG", locality: "Berlin", postalCode: "10115", country: "Deutschland", types: ["work"])],
            birthday: ContactCard.Birthday(raw: "3/15/1985").with(PartialDate(year: 1985, month: 3, day: 15)),
            note: "Kosten: 5 €\nZweite Zeile", urls: [Labeled("https://firma.example/")]))

        let ann = parsed.contacts[1].card
        #expect(ann.birthday == nil, "0/0/00 is Outlook's empty birthday")
        #expect(ann.phones == [Labeled("555-0199", preferred: true), Labeled("555-0100", types: ["cell"])])
        #expect(parsed.contacts[2].card.birthday == ContactCard.Birthday(raw: "31/12/1990").withoutDate)
        #expect(parsed.contacts[3].card.birthday?.date == PartialDate(month: 7, day: 4), "a two-digit year is not guessed: 76 could be 1876")
        #expect(parsed.warnings == [
            ImportWarning(line: 1, message: "The file is not valid UTF-8; it was read as Windows-1252."),
            ImportWarning(line: 5, message: "Birthday \"31/12/1990\" is no date; it is kept as text."),
            ImportWarning(line: 6, message: "Birthday \"7/4/76\" has a two-digit year, which is not guessed; the day is kept without it."),
        ])
    }

    @Test func anUnknownHeaderIsRefusedNamingTheColumnsExpected() throws {
        let error = #expect(throws: CSVError.self) { try ContactsCSV().read("Vorname,Nachname,Telefon\nAnn,Lee,555\n") }
        guard case .unknownHeader(let found, let expected)? = error else { Issue.record("not unknownHeader: \(String(describing: error))"); return }
        #expect(found == ["Vorname", "Nachname", "Telefon"])
        #expect(expected.contains("E-mail 1 - Value") && expected.contains("E-mail Address") && expected.contains("Given Name"))
        #expect(error?.description.contains("\"Vorname\", \"Nachname\", \"Telefon\"") == true)
    }

    @Test func formatIsToldByTheHeaderAlone() {
        #expect(ContactsCSV.format(of: Fixtures.googleHeader) == .google)
        #expect(ContactsCSV.format(of: Fixtures.googleOldHeader) == .google)
        #expect(ContactsCSV.format(of: Fixtures.outlookHeader) == .outlook)
        #expect(ContactsCSV.format(of: ["First Name", "Last Name", "E-mail Address"]) == .outlook)
        #expect(ContactsCSV.format(of: ["First Name", "Last Name"]) == nil, "names alone could be anyone's")
    }

    @Test func emptyRowsAreSkippedWithAWarningAndStructureErrorsStillRefuse() throws {
        let parsed = try ContactsCSV().read("Given Name,E-mail 1 - Value\r\n,\r\nAnn,ann@example.com\r\n")
        #expect(parsed.contacts.map(\.card.formattedName) == ["Ann"])
        #expect(parsed.warnings == [ImportWarning(line: 2, message: "The row is empty; it is skipped.")])
        #expect(throws: CSVError.unterminatedQuote(recordLine: 2, line: 2)) { try ContactsCSV().read("Given Name\n\"Ann\n") }
    }
}

private extension ContactCard.Birthday {
    var withoutDate: Self { with(nil) }

    /// Outlook's `3/15/1985` is no RFC 6350 form, so `init(raw:)` would not read it.
    func with(_ date: PartialDate?) -> Self {
        var copy = self
        copy.date = date
        return copy
    }
}
