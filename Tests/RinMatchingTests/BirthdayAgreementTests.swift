import RinFormats
import Testing
@testable import RinMatching

/// docs/RIN.md §2.2 (Dates) and §2.3 (birthday clashes), and the phone seam of §6.
@Suite struct BirthdayAgreementTests {
    func date(_ text: String) -> PartialDate? { PartialDate(parsing: text) }

    @Test(arguments: [
        ("1985-03-15", "1985-03-15", BirthdayAgreement.agree),
        ("--0315", "--03-15", .agree),
        ("--0315", "1985-03-15", .compatible),
        ("1985-03-15", "--0315", .compatible),
        ("1985", "1985-03-15", .compatible),
        ("--0315", "--0316", .clash),
        ("--0315", "1985-03-16", .clash),
        ("1985-03-15", "1986-03-15", .clash),
        ("1985-03-15", "1985-04-15", .clash),
        ("--02-29", "2000-02-29", .compatible),
    ])
    func compares(a: String, b: String, expected: BirthdayAgreement) {
        #expect(BirthdayAgreement.compare(date(a), date(b)) == expected)
        #expect(BirthdayAgreement.compare(date(b), date(a)) == expected)
    }

    @Test func missingIsUnknown() {
        #expect(BirthdayAgreement.compare(date("1985-03-15"), nil as PartialDate?) == .unknown)
        #expect(BirthdayAgreement.compare(nil as PartialDate?, nil as PartialDate?) == .unknown)
    }

    @Test func cardBirthdays() {
        let text = ContactCard.Birthday(raw: "circa 1800")
        #expect(BirthdayAgreement.compare(text, ContactCard.Birthday(raw: "Circa 1800")) == .agree)
        #expect(BirthdayAgreement.compare(text, ContactCard.Birthday(raw: "1800-01-01")) == .unknown)
        #expect(BirthdayAgreement.compare(ContactCard.Birthday(raw: "--0315"), ContactCard.Birthday(raw: "19850315")) == .compatible)
        #expect(BirthdayAgreement.compare(ContactCard.Birthday(raw: "--0315"), nil) == .unknown)
    }

    @Test(arguments: [
        ("3/15/1985", NormalizedBirthday.date(PartialDate(year: 1985, month: 3, day: 15)!)),
        ("12/1/2001", .date(PartialDate(year: 2001, month: 12, day: 1)!)),
        ("1985-03-15", .date(PartialDate(year: 1985, month: 3, day: 15)!)),
        ("--0315", .date(PartialDate(month: 3, day: 15)!)),
        ("15/3/1985", .text("15/3/1985")),  // US order: there is no month 15
        ("3/15/85", .text("3/15/85")),
        ("circa 1800", .text("circa 1800")),
    ])
    func readsBirthdayText(input: String, expected: NormalizedBirthday) {
        #expect(NormalizedBirthday(text: input) == expected)
    }

    @Test func outlookNoneIsNoBirthday() {
        #expect(NormalizedBirthday(text: "0/0/00") == nil)
        #expect(NormalizedBirthday(text: "0/0/0000") == nil)
        #expect(NormalizedBirthday(text: "  ") == nil)
    }
}

@Suite struct PhoneSeamTests {
    struct TableNormalizer: PhoneNormalizer {
        func normalize(_ typed: String, defaultRegion: String) -> Result<PhoneNumber, PhoneNumberProblem> {
            typed == "020 7946 0018" && defaultRegion == "GB" ? .success(PhoneNumber(e164: "+442079460018", isPossible: true)) : .failure(.notANumber)
        }
    }

    @Test func onlyPossibleNumbersAreKeys() throws {
        #expect(PhoneNumber(e164: "+442079460018", isPossible: true).matchKey == "+442079460018")
        #expect(PhoneNumber(e164: "+4412", isPossible: false).matchKey == nil)
        let normalizer: any PhoneNormalizer = TableNormalizer()
        #expect(try normalizer.normalize("020 7946 0018", defaultRegion: "GB").get().matchKey == "+442079460018")
        #expect(normalizer.normalize("hello", defaultRegion: "GB") == .failure(.notANumber))
    }
}
