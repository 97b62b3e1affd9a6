import SeededRandom
import Testing
@testable import RinMatching

/// Normalisation takes byte-level fast paths for ASCII and common Latin text (`ASCIIText`,
/// `LatinFolding`, `TypedPhoneNumber.plainASCII`, `EmailAddress.parseASCII`). Each must give
/// exactly what its Unicode path gives for the same text: checked here on random text built from
/// the characters that decide between them.
@Suite struct FastPathTests {
    /// ASCII of every kind that matters (letters, digits, the separators of names, addresses and
    /// numbers, whitespace and controls), Latin letters with and without a simple folding,
    /// compatibility characters, combining marks, other scripts and other spaces.
    static let alphabet: [String] = {
        let ascii = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) } + ["\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{01}", "\u{7F}"]
        let latin = ["é", "É", "ü", "ß", "ø", "Ø", "ł", "æ", "Œ", "ð", "þ", "ı", "İ", "ñ", "å", "ç", "ĳ", "ſ", "ŉ", "ª", "µ",
                     "ǅ", "ǈ", "ƀ", "ɨ", "Ș", "ț", "ğ", "ễ", "Ạ", "ẞ", "ỳ", "ḍ"]
        let others = ["\u{0301}", "\u{0308}", "\u{00A0}", "\u{3000}", "\u{2019}", "\u{02BC}", "\u{FF21}", "\u{FF10}", "\u{0661}",
                      "٠", "Ж", "δ", "Σ", "ς", "山", "か", "\u{3099}", "²", "½", "·", "×", "\u{200B}", "＋", "ｘ"]
        return ascii + ascii + latin + latin + others
    }()

    static func randomTexts(seed: UInt64, count: Int = 4_000, length: ClosedRange<Int> = 0...14,
                            alphabet: [String] = alphabet) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0..<Int.random(in: length, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
        }
    }

    @Test func foldingAgrees() {
        for text in Self.randomTexts(seed: 1) {
            #expect(Array(MatchFolding.fold(text).unicodeScalars) == Array(MatchFolding.unicodeFold(text).unicodeScalars),
                    "fold \(text.debugDescription)")
            #expect(Array(MatchFolding.nfkc(text).unicodeScalars) == Array(MatchFolding.unicodeNFKC(text).unicodeScalars)
                        || MatchFolding.nfkc(text) == MatchFolding.unicodeNFKC(text),
                    "nfkc \(text.debugDescription)")
        }
    }

    @Test func namePartsAgree() {
        for text in Self.randomTexts(seed: 2) {
            #expect(NameKey.tokens(text) == NameKey.unicodeTokens(text), "tokens \(text.debugDescription)")
            #expect(Honorifics.lookupForm(text) == Honorifics.unicodeLookupForm(text), "lookup \(text.debugDescription)")
            #expect(PersonName.words(text) == PersonName.unicodeWords(text), "words \(text.debugDescription)")
        }
    }

    @Test func emailAddressesAgree() {
        let shaped = ["a", "B", "z", "0", "@", "@", ".", ".", "-", "+", "_", " ", "\t", "\u{01}", "mailto:", "MailTo:", "é", "\u{00A0}", "?", "%40"]
        // Shaped like addresses, so that many are valid: local part, `@`, labels; and spaces,
        // capitals, trailing dots, extra `@`s and hyphens where they break one.
        var random = SplitMix64(seed: 33)
        let parts = ["a", "Bo", "x1", "", "-", ".", "+tag", "ada", "Z", "9"]
        let addresses = (0..<6_000).map { _ in
            let local = (0..<Int.random(in: 0...3, using: &random)).map { _ in parts.randomElement(using: &random)! }.joined()
            let labels = (0..<Int.random(in: 0...3, using: &random)).map { _ in parts.randomElement(using: &random)! }
            let edges = ["", " ", "\t", "\n", "."]
            return edges.randomElement(using: &random)! + local + (Bool.random(using: &random) ? "@" : "@@")
                + labels.joined(separator: ".") + edges.randomElement(using: &random)!
        }
        var compared = 0, accepted = 0
        for text in addresses + Self.randomTexts(seed: 3, count: 6_000, length: 0...12, alphabet: shaped) + Self.randomTexts(seed: 4) {
            var bytes = text
            guard let fast = bytes.withUTF8(EmailAddress.parseASCII) else { continue }
            #expect(fast == EmailAddress.parseUnicode(text), "\(text.debugDescription)")
            #expect(EmailAddress.normalized(text) == (try? fast.get())?.normalized, "\(text.debugDescription)")
            compared += 1
            if case .success = fast { accepted += 1 }
        }
        // Enough of both kinds for the comparison to mean something.
        #expect(compared > 4_000)
        #expect(accepted > 500)
        // The fast path is taken for ordinary addresses and leaves `mailto:` to the other.
        var plain = " Ada.Lovelace@Example.COM. "
        #expect(plain.withUTF8(EmailAddress.parseASCII) != nil)
        var uri = "mailto:ada@example.com"
        #expect(uri.withUTF8(EmailAddress.parseASCII) == nil)
        #expect(EmailAddress.normalized(uri) == "ada@example.com" && EmailAddress.normalized(plain) == "ada.lovelace@example.com")
    }

    @Test func typedPhoneNumbersAgree() {
        let shaped = ["0", "1", "2", "5", "9", "7", "+", "+", " ", " ", "(", ")", "-", ".", "/", "x", "#", ",", ";", "*", "\t", "٣", "A"]
        // Shaped like numbers: leading `+`s or brackets, groups of digits between separators.
        var random = SplitMix64(seed: 55)
        let leads = ["", "", "+", "++", " +", "+ ", "(", "-", " ", "+(", "1 "]
        let separators = [" ", "-", ".", "/", "(", ")", "", " - ", "+", "x"]
        let numbers = (0..<6_000).map { _ in
            leads.randomElement(using: &random)! + (0..<Int.random(in: 0...4, using: &random)).map { _ in
                String((0..<Int.random(in: 1...4, using: &random)).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            }.joined(separator: separators.randomElement(using: &random)!)
        }
        var compared = 0, accepted = 0
        for text in numbers + Self.randomTexts(seed: 5, count: 8_000, length: 0...16, alphabet: shaped) {
            let fast = Result { () throws(PhoneNumberProblem) in
                var bytes = text
                let attempt = bytes.withUTF8 { buffer in Result { () throws(PhoneNumberProblem) in try TypedPhoneNumber.plainASCII(buffer) } }
                return try attempt.get()
            }
            guard case .success(let answer) = fast, answer == nil else {
                let slow = Result { () throws(PhoneNumberProblem) in try TypedPhoneNumber(scalars: text) }
                #expect(fast.map { $0.map(Self.reading) } == slow.map { Optional(Self.reading($0)) }, "\(text.debugDescription)")
                compared += 1
                if case .success = fast { accepted += 1 }
                continue
            }
        }
        #expect(compared > 2_000)
        #expect(accepted > 1_000)
        var common = "+1 (201) 555-0123"
        #expect((try? common.withUTF8 { try TypedPhoneNumber.plainASCII($0) }).map { $0.map(Self.reading) } == .some(.some("+12015550123")))
    }

    @Test func extensionsAreFoundWhereThePatternFindsThem() {
        // The pattern's pieces, so that labels, pauses and digit runs of every length meet.
        let pieces = ["0", "1", "5", "12", "123456", "1234567890", "12345678901234567", " ", " ", "\t", ",", ",,", ";", ":", ".", "-", "#",
                      "~", "x", "X", "ext", "EXT.", "extn", "ext=", ";ext=", "xtension", "Extensio", "anexo", "int", "INT", "e", "n", "=", "/", "a"]
        var compared = 0, found = 0
        for text in Self.randomTexts(seed: 8, count: 12_000, length: 0...7, alphabet: pieces) {
            let scalars = Array(text.unicodeScalars)
            guard let ascii = TypedPhoneNumber.asciiExtensionStart(in: scalars) else { continue }
            #expect(ascii == TypedPhoneNumber.patternExtensionStart(in: scalars), "\(text.debugDescription)")
            compared += 1
            if ascii != nil { found += 1 }
        }
        #expect(compared == 12_000)
        #expect(found > 500)
        // Not such text: a line break (ICU's `$` matches before a final one) or any other script.
        #expect(TypedPhoneNumber.asciiExtensionStart(in: Array("555 x12\n".unicodeScalars)) == nil)
        #expect(TypedPhoneNumber.asciiExtensionStart(in: Array("555 доб 12".unicodeScalars)) == nil)
        #expect(TypedPhoneNumber.asciiExtensionStart(in: Array("+1 415 555 0101 ext. 845".unicodeScalars)) == .some(15))
    }

    @Test func givenWordsAgreeOnBytesAsOnCharacters() {
        let pieces = ["j", "jo", "john", "jon", "a", "Jo", "1", "2", "'", "-", "é", "ß"]
        var agreed = 0
        for a in Self.randomTexts(seed: 9, count: 3_000, length: 1...3, alphabet: pieces) {
            for b in Self.randomTexts(seed: UInt64(a.utf8.count), count: 4, length: 1...3, alphabet: pieces) + [a + "n", String(a.prefix(1))] {
                let characters = a == b || ((a.hasPrefix(b) || b.hasPrefix(a)) && (a + b).allSatisfy { $0.isLetter && $0.isCased })
                #expect(NameKey.givenWordsAgree(a, b) == characters, "\(a) / \(b)")
                if characters { agreed += 1 }
            }
        }
        #expect(agreed > 1_000)
    }

    static func reading(_ number: TypedPhoneNumber) -> String {
        (number.hasPlus ? "+" : "") + number.digits.text
    }
}
