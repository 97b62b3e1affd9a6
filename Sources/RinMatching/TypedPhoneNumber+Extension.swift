import Foundation

extension TypedPhoneNumber {
    /// An extension ends the text: a label and up to 20 digits (`ext. 123`, `extn 4`,
    /// `extension 5`, the Spanish `anexo`, the Russian `доб`, RFC 3966's `;ext=12`), a short label
    /// and up to 9 (`x45`, `#22`, `~3`, `int 7`), the pauses phones dial before an extension (`,,45` or
    /// `;45`, up to 15 digits; single commas up to 9), or up to 6 digits ended by `#` (`- 503#`,
    /// American). The caps keep two numbers side by side from being read as one and an extension.
    private static let extensionPattern = NSRegularExpression(constant: """
        (?:;ext=\\d{1,20}\
        |[ \\u00A0\\t,]*(?:e?xt(?:ensi(?:o\\u0301?|ó))?n?|ｅ?ｘｔｎ?|anexo|доб)[:.．]?[ \\u00A0\\t,-]*\\d{1,20}#?\
        |[ \\u00A0\\t,]*(?:[x#~ｘ＃～]|int|ｉｎｔ)[:.．]?[ \\u00A0\\t,-]*\\d{1,9}#?\
        |[ \\u00A0\\t]*(?:,,|;)[:.．]?[ \\u00A0\\t,-]*\\d{1,15}#?\
        |[ \\u00A0\\t]*,+[:.．]?[ \\u00A0\\t,-]*\\d{1,9}#?\
        |[- ]+\\d{1,6}#\
        )$
        """, options: [.caseInsensitive])

    /// Where the earliest extension starts, if the text ends with one.
    static func extensionStart(in text: [Unicode.Scalar]) -> Int? {
        // Most numbers have nothing that could label an extension; skip the search for them.
        guard text.contains(where: mayLabelExtension) else { return nil }
        if let ascii = asciiExtensionStart(in: text) { return ascii }
        return patternExtensionStart(in: text)
    }

    /// `extensionPattern`'s answer, from the pattern itself (ICU, through Foundation).
    static func patternExtensionStart(in text: [Unicode.Scalar]) -> Int? {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text)
        let string = String(scalars)
        guard let match = extensionPattern.firstMatch(in: string, range: NSRange(location: 0, length: string.utf16.count)) else {
            return nil
        }
        // The match's offset is in UTF-16 units; count scalars up to it.
        var units = 0, index = 0
        while units < match.range.location {
            units += UTF16.width(text[index])
            index += 1
        }
        return index
    }

    /// `patternExtensionStart` for text in ASCII with no line break (ICU's `$` also matches
    /// before a final one), read by hand: `.some(nil)` is "no extension", nil is "not such
    /// text". The pattern cost 16,000 instructions a number, a third of normalising the numbers
    /// that have a label; `FastPathTests` holds the two to the same answers.
    ///
    /// Every branch ends in a run of digits and maybe `#`, and what comes before the digits
    /// (labels, separators) holds none, so the digits are the whole trailing run: a branch
    /// matches from `start` when the text from there to that run is its head, and the run is
    /// not longer than the branch allows.
    static func asciiExtensionStart(in text: [Unicode.Scalar]) -> Int?? {
        guard text.allSatisfy({ $0.value < 0x80 && ($0.value >= 0x20 || $0 == "\t") }) else { return nil }
        let bytes = text.map { UInt8(truncatingIfNeeded: $0.value) }
        let hasHash = bytes.last == UInt8(ascii: "#")
        let digitsEnd = bytes.count - (hasHash ? 1 : 0)
        var digitsStart = digitsEnd
        while digitsStart > 0, ASCIIText.isDigit(bytes[digitsStart - 1]) { digitsStart -= 1 }
        let digits = digitsEnd - digitsStart
        if digits == 0 { return .some(nil) }
        for start in 0..<digitsStart {
            let head = bytes[start..<digitsStart]
            if (!hasHash && digits <= 20 && isRFC3966Head(head)) || (digits <= 20 && isLabelHead(head, short: false))
                || (digits <= 9 && isLabelHead(head, short: true)) || (digits <= 15 && isPauseHead(head, double: true))
                || (digits <= 9 && isPauseHead(head, double: false))
                || (hasHash && digits <= 6 && head.allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: " ") }) {
                return .some(start)
            }
        }
        return .some(nil)
    }

    /// `;ext=`.
    private static func isRFC3966Head(_ head: ArraySlice<UInt8>) -> Bool {
        head.count == 5 && zip(head, ";ext=".utf8).allSatisfy { ASCIIText.lowercased($0) == $1 }
    }

    /// `[ \t,]*` then a label, `[:.]?`, `[ \t,-]*`: the long labels (`ext`, `extension`,
    /// `anexo`…) or, `short`, the short ones (`x`, `#`, `~`, `int`).
    private static func isLabelHead(_ head: ArraySlice<UInt8>, short: Bool) -> Bool {
        var index = head.startIndex
        while index < head.endIndex, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ",")].contains(head[index]) { index += 1 }
        let labelStart = index
        if short, index < head.endIndex, head[index] == UInt8(ascii: "#") || head[index] == UInt8(ascii: "~") {
            index += 1
        } else {
            while index < head.endIndex, ASCIIText.isLetter(head[index]) { index += 1 }
            let label = String(decoding: head[labelStart..<index].map(ASCIIText.lowercased), as: UTF8.self)
            guard (short ? shortLabels : longLabels).contains(label) else { return false }
        }
        return isSeparatorTail(head[index...])
    }

    private static let longLabels: Set<String> = ["xt", "ext", "xtn", "extn", "xtensio", "extensio", "xtension", "extension", "anexo"]
    private static let shortLabels: Set<String> = ["x", "int"]

    /// `[ \t]*` then `,,` or `;` (`double`), or one or more `,`; then `[:.]?`, `[ \t,-]*`.
    private static func isPauseHead(_ head: ArraySlice<UInt8>, double: Bool) -> Bool {
        var index = head.startIndex
        while index < head.endIndex, head[index] == UInt8(ascii: " ") || head[index] == UInt8(ascii: "\t") { index += 1 }
        let comma = UInt8(ascii: ",")
        if double {
            if index < head.endIndex, head[index] == UInt8(ascii: ";") {
                index += 1
            } else if index + 1 < head.endIndex, head[index] == comma, head[index + 1] == comma {
                index += 2
            } else {
                return false
            }
        } else {
            guard index < head.endIndex, head[index] == comma else { return false }
            while index < head.endIndex, head[index] == comma { index += 1 }
        }
        return isSeparatorTail(head[index...])
    }

    /// `[:.]?[ \t,-]*` to the end.
    private static func isSeparatorTail(_ tail: ArraySlice<UInt8>) -> Bool {
        var rest = tail
        if let first = rest.first, first == UInt8(ascii: ":") || first == UInt8(ascii: ".") { rest = rest.dropFirst() }
        return rest.allSatisfy {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "-")
        }
    }

    private static func mayLabelExtension(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ";", ",", "#", "~", "x", "X", "t", "T", "o", "O", "\u{FF54}", "\u{FF34}", "\u{0431}", "\u{0411}", "\u{FF58}", "\u{FF38}", "\u{FF03}", "\u{FF5E}":
            return true
        default:
            return false
        }
    }
}
