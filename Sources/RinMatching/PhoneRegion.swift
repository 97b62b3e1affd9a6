import Foundation

/// One region's (or non-geographic code's) rules for reading a number, with the patterns compiled.
struct PhoneRegion: @unchecked Sendable {
    // @unchecked: NSRegularExpression is immutable and documented as safe to share between
    // threads, but older swift-corelibs-foundation and Apple SDKs do not mark it Sendable.

    let callingCode: Int
    /// The whole national significant number must match it.
    let nationalNumber: NSRegularExpression
    /// Dialled before a calling code from here (`00`, `011`, `8~10` read as `810`…).
    let internationalPrefix: NSRegularExpression?
    /// The trunk prefix, matched at the start (`0`, `1`, and longer forms with carrier codes).
    let nationalPrefixForParsing: NSRegularExpression?
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

    init(_ entry: Entry) throws {
        callingCode = entry.cc
        nationalNumber = try NSRegularExpression(pattern: "^(?:\(entry.nn))$")
        internationalPrefix = try entry.idd.map { try NSRegularExpression(pattern: $0) }
        nationalPrefixForParsing = try entry.npp.map { try NSRegularExpression(pattern: $0) }
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

    func fits(_ national: Substring) -> Bool {
        nationalNumber.matchesWhole(national)
    }
}
