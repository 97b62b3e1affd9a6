import Testing
@testable import RinMatching

/// docs/RIN.md §6 by hand: the ways people write numbers in five regions. The corpus
/// (`PhoneCorpusTests`) covers every region against `phonenumbers`.
@Suite struct PhoneNormalizerTests {
    let normalizer = E164PhoneNormalizer.shared

    @Test(arguments: [
        // United States: national, trunk prefix 1, separators, dialled abroad, extensions, vanity.
        ("(201) 555-0123", "US", "+12015550123"),
        ("201.555.0123", "US", "+12015550123"),
        ("1-201-555-0123", "US", "+12015550123"),
        ("+1 201 555 0123", "GB", "+12015550123"),
        ("001 201 555 0123", "DE", "+12015550123"),
        ("(201) 555-0123 ext. 45", "US", "+12015550123"),
        ("201-555-0123 x45", "US", "+12015550123"),
        ("201-555-0123,,45", "US", "+12015550123"),
        ("tel:+1-201-555-0123;ext=45", "US", "+12015550123"),
        ("1-800-FLOWERS", "US", "+18003569377"),
        ("+1 800 flowers", "DE", "+18003569377"),
        // United Kingdom: trunk prefix 0, `(0)` after the code, the code typed without `+`.
        ("020 7946 0958", "GB", "+442079460958"),
        ("+44 (0)20 7946 0958", "US", "+442079460958"),
        ("00 44 20 7946 0958", "GB", "+442079460958"),
        ("011 44 20 7946 0958", "US", "+442079460958"),
        ("44 20 7946 0958", "GB", "+442079460958"),
        ("07400 123456", "GB", "+447400123456"),
        ("Tel: +44 20 7946 0958", "DE", "+442079460958"),
        ("tel:7946-0958;phone-context=+44-20", "US", "+442079460958"),
        ("٠٢٠ ٧٩٤٦ ٠٩٥٨", "GB", "+442079460958"),
        // Germany: slashes, full-width digits, pauses.
        ("030 1234567", "DE", "+49301234567"),
        ("030/1234567", "DE", "+49301234567"),
        ("+49 (0)30 1234567", "DE", "+49301234567"),
        ("0049 30 1234567", "DE", "+49301234567"),
        ("０３０ １２３４５６７", "DE", "+49301234567"),
        ("＋４９ ３０ １２３４５６７", "FR", "+49301234567"),
        ("030 1234567;12", "DE", "+49301234567"),
        // France: pairs of digits, trunk prefix 0.
        ("01 23 45 67 89", "FR", "+33123456789"),
        ("+33 (0)1 23 45 67 89", "FR", "+33123456789"),
        ("06.12.34.56.78", "FR", "+33612345678"),
        ("0033 6 12 34 56 78", "FR", "+33612345678"),
        // Italy: no trunk prefix, so a leading 0 belongs to the number.
        ("06 1234 5678", "IT", "+390612345678"),
        ("+39 06 1234 5678", "US", "+390612345678"),
        ("0039 06 1234 5678", "IT", "+390612345678"),
        ("333 123 4567", "IT", "+393331234567"),
        // Elsewhere: Russia's trunk 8 and its `8~10` international prefix.
        ("8 (495) 123-45-67", "RU", "+74951234567"),
        ("8~10 44 20 7946 0958", "RU", "+442079460958"),
    ])
    func normalises(typed: String, region: String, e164: String) {
        #expect(normalizer.normalize(typed, defaultRegion: region) == .success(PhoneNumber(e164: e164, isPossible: true)))
    }

    @Test(arguments: [
        // A length dialled only without the area code could be anyone's in the country.
        ("555-0123", "US", "+15550123"),
        ("7946 0958", "GB", "+4479460958"),
        ("12", "DE", "+4912"),
        // Too long for the region, yet within E.164's 17 national digits.
        ("020 7946 0958 12", "GB", "+44207946095812"),
    ])
    func impossibleNumbersAreKeptWithoutAKey(typed: String, region: String, e164: String) throws {
        let number = try normalizer.normalize(typed, defaultRegion: region).get()
        #expect(number == PhoneNumber(e164: e164, isPossible: false))
        #expect(number.matchKey == nil)
    }

    @Test(arguments: [
        ("", "US", PhoneNumberProblem.empty),
        (" \u{00A0}\t", "US", .empty),
        (String(repeating: "1", count: 251), "US", .tooLong),
        ("abc", "GB", .notANumber),
        ("n/a", "GB", .notANumber),
        ("ada@example.com", "GB", .notANumber),
        ("+", "US", .notANumber),
        ("1", "DE", .notANumber),
        ("+44", "GB", .notANumber),
        ("020@7946 0958", "GB", .notANumber),
        ("+999 123 4567", "US", .invalidCountryCode),
        ("+0 20 7946 0958", "GB", .invalidCountryCode),
        ("020 7946 0958", "ZZ", .invalidCountryCode),
        ("020 7946 0958", "", .invalidCountryCode),
        ("00", "GB", .tooShortAfterInternationalPrefix),
        ("+441", "GB", .nationalNumberTooShort),
        ("123456789012345678901", "US", .nationalNumberTooLong),
    ])
    func refuses(typed: String, region: String, problem: PhoneNumberProblem) {
        #expect(normalizer.normalize(typed, defaultRegion: region) == .failure(problem))
    }

    @Test func withoutARegionOnlyInternationalNumbersAreRead() {
        #expect(normalizer.normalize("+44 20 7946 0958", defaultRegion: "ZZ") == .success(PhoneNumber(e164: "+442079460958", isPossible: true)))
        #expect(normalizer.normalize("+0044 20 7946 0958", defaultRegion: "GB") == .success(PhoneNumber(e164: "+442079460958", isPossible: true)))
    }

    @Test func regionCaseDoesNotMatter() {
        #expect(normalizer.normalize("020 7946 0958", defaultRegion: "gb") == normalizer.normalize("020 7946 0958", defaultRegion: "GB"))
    }

    /// Where §6 decides otherwise than `phonenumbers` (listed in `PhoneCorpusTests.exceptions`).
    @Test func ourDecisions() {
        // Every decimal digit counts, even beside the letters of a vanity number.
        #expect(normalizer.normalize("+1 ８００ FLOWERS", defaultRegion: "US") == .success(PhoneNumber(e164: "+18003569377", isPossible: true)))
        // RFC 3966: the scheme and parameter names are case-insensitive.
        #expect(normalizer.normalize("TEL:7946-0958;PHONE-CONTEXT=+44-20", defaultRegion: "US") == .success(PhoneNumber(e164: "+442079460958", isPossible: true)))
    }

    @Test func sharedCallingCodesUseTheirMainRegion() throws {
        let metadata = PhoneMetadata.shared
        #expect(metadata.regions.count >= 240)
        #expect(metadata.region(forCallingCode: 1)?.possibleLengths == metadata.regions["US"]?.possibleLengths)
        #expect(metadata.region(forCallingCode: 800) != nil)
        #expect(metadata.region(forCallingCode: 999) == nil)
        // Canada reads its own national numbers; `+1` is read as the United States'.
        #expect(normalizer.normalize("(416) 555-0123", defaultRegion: "CA") == .success(PhoneNumber(e164: "+14165550123", isPossible: true)))
    }
}
