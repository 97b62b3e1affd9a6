import Foundation

/// The live `PhoneNormalizer`: E.164 by the rules of docs/RIN.md §6, over the metadata generated
/// from `phonenumbers`. `PhoneCorpusTests` holds it to `phonenumbers`' answers on a corpus of every
/// region, apart from two named decisions of our own.
public struct E164PhoneNormalizer: PhoneNormalizer {
    public static let shared = E164PhoneNormalizer()

    let metadata: PhoneMetadata

    public init() {
        metadata = .shared
    }

    /// E.164 caps a whole number at 15 digits, but longer national numbers are in use (some
    /// non-geographic ones); 17 is the bound `phonenumbers` keeps too.
    static let nationalLengths = 2...17

    public func normalize(_ typed: String, defaultRegion: String) -> Result<PhoneNumber, PhoneNumberProblem> {
        Result { () throws(PhoneNumberProblem) in try number(typed, defaultRegion: defaultRegion) }
    }

    /// - Parameter defaultRegion: in any case (`gb` is `GB`).
    func number(_ typed: String, defaultRegion: String) throws(PhoneNumberProblem) -> PhoneNumber {
        let home = metadata.region(code: defaultRegion)
        let typed = try TypedPhoneNumber(typed)
        if home == nil && !typed.hasPlus { throw .invalidCountryCode }

        let reading = try read(typed, home: home)
        let region = reading.region
        var national = reading.national
        guard national.count >= Self.nationalLengths.lowerBound else { throw .nationalNumberTooShort }
        // §6 step 4. A trunk prefix stays when what remains is too short for the region, or a
        // length only dialled locally: then the "prefix" was part of the number.
        let stripped = region.removingTrunkPrefix(national)
        switch region.lengthFit(stripped.count) {
        case .possible, .tooLong: national = stripped
        case .localOnly, .tooShort, .notAPossibleLength: break
        }
        guard national.count >= Self.nationalLengths.lowerBound else { throw .nationalNumberTooShort }
        guard national.count <= Self.nationalLengths.upperBound else { throw .nationalNumberTooLong }

        // A code's possible lengths are its main region's (a Canadian number is read with Canada's
        // rules when typed nationally, but +1 always means the United States' lengths).
        let lengths = metadata.region(forCallingCode: region.callingCode) ?? region
        return PhoneNumber(e164: Self.e164(callingCode: region.callingCode, national: national),
                           isPossible: lengths.lengthFit(national.count) == .possible)
    }

    /// `+`, the code, the national digits: written as bytes once (an interpolation and an
    /// append cost more than the rest of reading a plain number).
    private static func e164(callingCode: Int, national: PhoneDigits) -> String {
        let code = String(callingCode).utf8
        return String(unsafeUninitializedCapacity: 1 + code.count + national.count) { text in
            text[0] = UInt8(ascii: "+")
            var written = 1
            for byte in code {
                text[written] = byte
                written += 1
            }
            for byte in national {
                text[written] = byte
                written += 1
            }
            return written
        }
    }

    /// §6 steps 2 and 3: which region's rules read the number, its national digits, and whether
    /// it carried a calling code.
    private func read(_ typed: TypedPhoneNumber, home: PhoneRegion?) throws(PhoneNumberProblem) -> Reading {
        guard typed.hasPlus else { return try readWithoutPlus(typed.digits, home: home) }
        guard typed.digits.count > 2 else { throw .tooShortAfterInternationalPrefix }
        if let (region, rest) = metadata.splitCallingCode(typed.digits) { return (region, rest, true) }
        // A `+` before no assigned code: people write `+00 44…` for `0044…`. What follows is read
        // as if the `+` were not there, and must then carry a code of its own.
        let reading = try readWithoutPlus(typed.digits, home: home)
        guard reading.carriesCode else { throw .invalidCountryCode }
        return reading
    }

    private typealias Reading = (region: PhoneRegion, national: PhoneDigits, carriesCode: Bool)

    private func readWithoutPlus(_ digits: PhoneDigits, home: PhoneRegion?) throws(PhoneNumberProblem) -> Reading {
        guard let home else { throw .invalidCountryCode }
        if let afterPrefix = home.afterInternationalPrefix(digits) {
            guard afterPrefix.count > 2 else { throw .tooShortAfterInternationalPrefix }
            guard let (region, rest) = metadata.splitCallingCode(afterPrefix) else { throw .invalidCountryCode }
            return (region, rest, true)
        }
        if let national = home.afterOwnCallingCode(digits) {
            // The code's main region reads it from here on, as for `+1` typed in Canada.
            return (metadata.region(forCallingCode: home.callingCode) ?? home, national, true)
        }
        return (home, digits, false)
    }
}
