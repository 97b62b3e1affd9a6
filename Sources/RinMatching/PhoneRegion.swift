/// One region's (or non-geographic code's) rules for reading a number, with the patterns compiled.
/// A class: the normaliser passes a region along several steps for every number, and a struct of
/// this many arrays would be copied (and its buffers retained and released) at each.
final class PhoneRegion: Sendable {
    let callingCode: Int
    /// The whole national significant number must match it.
    let nationalNumber: DigitPattern
    /// Dialled before a calling code from here (`00`, `011`, `8~10` read as `810`…).
    let internationalPrefix: DigitPattern?
    /// The trunk prefix, matched at the start (`0`, `1`, and longer forms with carrier codes).
    let nationalPrefixForParsing: DigitPattern?
    /// Where it exists, what replaces the trunk prefix once its last group took part (`$1`,
    /// `268$1`): the region dials a short local number that gains an area code.
    let nationalPrefixTransform: String?
    /// Sorted.
    let possibleLengths: [Int]
    /// Lengths dialled only within an area, without its code.
    let localOnlyLengths: [Int]

    struct Entry: Decodable {
        let cc: Int
        let nn: String
        let lengths: [Int]
        let local: [Int]?
        let idd, npp, npt: String?
    }

    init(_ entry: Entry) throws(DigitPatternError) {
        callingCode = entry.cc
        nationalNumber = try DigitPattern(entry.nn, whole: true)
        internationalPrefix = try entry.idd.map { pattern throws(DigitPatternError) in try DigitPattern(pattern) }
        nationalPrefixForParsing = try entry.npp.map { pattern throws(DigitPatternError) in try DigitPattern(pattern) }
        nationalPrefixTransform = entry.npt
        possibleLengths = entry.lengths.sorted()
        localOnlyLengths = entry.local ?? []
    }

    enum LengthFit {
        case possible, localOnly, tooShort, tooLong, notAPossibleLength
    }

    func lengthFit(_ length: Int) -> LengthFit {
        if localOnlyLengths.contains(length) { return .localOnly }
        guard let shortest = possibleLengths.first, let longest = possibleLengths.last else { return .notAPossibleLength }
        if length < shortest { return .tooShort }
        if length > longest { return .tooLong }
        return possibleLengths.contains(length) ? .possible : .notAPossibleLength
    }

    func fits(_ national: PhoneDigits) -> Bool {
        nationalNumber.matches(national)
    }
}

/// A number's digits as ASCII bytes (`0` is 0x30): what the normaliser reads after §6 step 1.
typealias PhoneDigits = ArraySlice<UInt8>

extension PhoneDigits {
    /// The digits as text.
    var text: String { String(decoding: self, as: UTF8.self) }
}
