import Foundation
import SeededRandom
import Testing
@testable import RinMatching

/// `DigitPattern` is the phone metadata's regular-expression engine; it must mean what ICU's
/// (`NSRegularExpression`, the engine it replaced) and Java's mean by the same pattern.
@Suite struct DigitPatternTests {
    @Test(arguments: [
        // (pattern, input, prefix match length or nil)
        ("00", "0044", 2),
        ("00", "0144", nil),
        ("011|00", "01144", 3),
        ("[2-9]\\d{2}", "2015", 3),
        ("[2-9]\\d{2}", "1015", nil),
        ("1\\d{3,5}", "1234567", 6),      // greedy up to the bound
        ("(?:12|1)3", "123", 3),
        ("(?:1|12)3", "123", 3),          // the first branch fails at 3, the second is tried
        ("(?:1|12)", "123", 1),           // first success, not the longest
        ("([457]\\d{6})$|1", "4123456", 7),
        ("([457]\\d{6})$|1", "14123456", 1),
        ("0?(15)?", "015", 3),
        ("\\d*5", "12355", 5),
        ("\\d+?", "1", nil),              // `?` after `+` is not lazy here; the pattern is refused
    ] as [(String, String, Int?)])
    func prefixMatches(pattern: String, input: String, length: Int?) throws {
        guard let compiled = try? DigitPattern(pattern) else {
            #expect(length == nil, "\(pattern) should compile")
            return
        }
        #expect(compiled.prefixMatch(input.utf8)?.length == length, "\(pattern) on \(input)")
    }

    @Test func groupsHoldWhatTheyMatched() throws {
        let pattern = try DigitPattern("0?(?:(11|2(?:2\\d|3))15)?")
        let match = try #require(pattern.prefixMatch("0221155".utf8))
        #expect(match.length == 6)
        #expect(match.groups == [1..<4])
        let none = try #require(pattern.prefixMatch("0999".utf8))
        #expect(none.length == 1)
        #expect(none.groups == [nil])
    }

    @Test func wholeMatchesNeedEveryDigit() throws {
        let pattern = try DigitPattern("[2-9]\\d{9}|3\\d{6}", whole: true)
        #expect(pattern.matches("2015550123".utf8))
        #expect(!pattern.matches("20155501234".utf8))
        #expect(pattern.matches("3123456".utf8))
        #expect(!pattern.matches("".utf8))
        #expect(!pattern.matches("201555012a".utf8))
    }

    @Test(arguments: ["(12", "[1-", "12)", "\\w", "(?=1)", "1{3,2}", "1{99}", "a", "[a-z]", "1{"])
    func refusesWhatItCannotRead(pattern: String) {
        #expect(throws: DigitPatternError.self) { try DigitPattern(pattern) }
    }

    /// Sixty optional digits leave sixty alternatives queued, more than the small work list a
    /// match starts with: it runs again with room for all of them, to ICU's answer and groups.
    @Test(arguments: ["7", "57", String(repeating: "5", count: 40) + "7", String(repeating: "5", count: 60) + "78",
                      String(repeating: "5", count: 61) + "7", String(repeating: "5", count: 45)])
    func aMatchThatOutgrowsTheFirstWorkListIsRunAgain(input: String) throws {
        let source = "(\\d?){60}(7)(8)?"
        let ours = try DigitPattern(source, whole: true)
        let icu = try NSRegularExpression(pattern: "^(?:\(source))$")
        let expected = icu.firstMatch(in: input, options: .anchored, range: NSRange(location: 0, length: input.utf16.count))
        let actual = ours.prefixMatch(input.utf8)
        #expect(actual?.length == expected?.range.length)
        if let expected, let actual {
            let groups = (1..<expected.numberOfRanges).map { group -> Range<Int>? in
                let range = expected.range(at: group)
                return range.location == NSNotFound ? nil : range.location..<(range.location + range.length)
            }
            #expect(actual.groups == groups)
        }
        // Sixty-one fives before the 7 cannot match, and forty-five with no 7 neither: a failure
        // goes through the retry as well as a match.
        #expect((actual == nil) == (input.hasPrefix(String(repeating: "5", count: 61)) || !input.contains("7")))
    }

    /// Nested unbounded loops are exponential for a plain backtracker; the failed-state memory
    /// keeps this one to program size × input length.
    @Test func pathologicalPatternsStayLinear() throws {
        let pattern = try DigitPattern("(?:(?:1*)*)*2", whole: true)
        #expect(!pattern.matches([UInt8](repeating: 0x31, count: 5_000)))
    }

    /// Every pattern of the metadata, on digits drawn to hit it (its own prefixes and random
    /// strings), gives the same prefix match and groups as `NSRegularExpression`.
    @Test func agreesWithICUOnTheMetadata() throws {
        struct Entry: Decodable { let nn: String; let idd, npp: String? }
        struct File: Decodable { let regions: [String: Entry]; let nonGeographic: [String: Entry] }
        let file = try JSONDecoder().decode(File.self, from: Data(PhoneMetadata.json.utf8))
        let entries = file.regions.sorted { $0.key < $1.key }.map(\.value) + file.nonGeographic.sorted { $0.key < $1.key }.map(\.value)
        var random = SplitMix64(seed: 0xD161_7500)
        var compared = 0
        for entry in entries {
            let patterns = [(entry.nn, true)] + [entry.idd, entry.npp].compactMap { $0 }.map { ($0, false) }
            for (source, whole) in patterns {
                let ours = try DigitPattern(source, whole: whole)
                let icu = try NSRegularExpression(pattern: whole ? "^(?:\(source))$" : source)
                for _ in 0..<60 {
                    let length = Int.random(in: 0...18, using: &random)
                    // Mostly digits a number would start with here: a prefix the pattern names.
                    let lead = source.filter(\.isNumber).prefix(Int.random(in: 0...4, using: &random))
                    let input = String((String(lead) + (0..<length).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()).prefix(18))
                    let expected = icu.firstMatch(in: input, options: .anchored, range: NSRange(location: 0, length: input.utf16.count))
                    let actual = ours.prefixMatch(input.utf8)
                    #expect(actual?.length == expected?.range.length, "\(source) on \(input)")
                    if let expected, let actual {
                        let groups = (1..<expected.numberOfRanges).map { group -> Range<Int>? in
                            let range = expected.range(at: group)
                            return range.location == NSNotFound ? nil : range.location..<(range.location + range.length)
                        }
                        #expect(actual.groups == groups, "\(source) on \(input)")
                    }
                    compared += 1
                }
            }
        }
        #expect(compared > 30_000)
    }
}
