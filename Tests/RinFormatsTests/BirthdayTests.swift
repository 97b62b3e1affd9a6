import Foundation
import RinFormats
import Testing

@Suite("Rin contacts: birthdays and partial dates")
struct BirthdayTests {
    typealias Fixtures = VCardFixtures

    static let birthdays: [(String, PartialDate?)] = [
        ("1985-03-15", PartialDate(year: 1985, month: 3, day: 15)),
        ("19850315", PartialDate(year: 1985, month: 3, day: 15)),
        ("--0315", PartialDate(month: 3, day: 15)),
        ("--03-15", PartialDate(month: 3, day: 15)),
        ("1985-03-15T10:22:00Z", PartialDate(year: 1985, month: 3, day: 15)),
        ("19850315T102200-0500", PartialDate(year: 1985, month: 3, day: 15)),
        ("1985-03", PartialDate(year: 1985, month: 3)),
        ("1985", PartialDate(year: 1985)),
        ("--03", PartialDate(month: 3)),
        ("---15", PartialDate(day: 15)),
        ("--0229", PartialDate(month: 2, day: 29)),
        ("2000-02-29", PartialDate(year: 2000, month: 2, day: 29)),
        ("1900-02-29", nil),
        ("1985-13-01", nil),
        ("--0431", nil),
        ("T102200", nil),
        ("circa 1800", nil),
        ("1985d315", nil),
        ("dddddddd", nil),
    ]

    @Test(arguments: birthdays)
    func birthdayForms(raw: String, expected: PartialDate?) throws {
        let (_, card) = try Fixtures.only(Fixtures.crlfCard("FN:x\nBDAY:" + raw))
        #expect(card.birthday?.raw == raw)
        #expect(card.birthday?.date == expected)
    }

    @Test func aTextBirthdayIsKeptAsText() throws {
        let (_, card) = try Fixtures.only(Fixtures.crlfCard("FN:x\nBDAY;VALUE=text:1985"))
        #expect(card.birthday == ContactCard.Birthday(raw: "1985").withoutDate)
        #expect(PartialDate(year: 1985, day: 3) == nil, "a year and a day without a month is no RFC 6350 date")
        #expect(PartialDate(month: 3, day: 5)?.vCardText == "--0305")
        #expect(PartialDate(year: 712, month: 3, day: 5)?.vCardText == "07120305")
        #expect(PartialDate(month: 3, day: 15)?.dateComponents.month == 3)
    }
}


private extension ContactCard.Birthday {
    var withoutDate: Self {
        var copy = self
        copy.date = nil
        return copy
    }
}
