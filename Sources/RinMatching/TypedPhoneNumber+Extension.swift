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

    private static func mayLabelExtension(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ";", ",", "#", "~", "x", "X", "t", "T", "o", "O", "\u{FF54}", "\u{FF34}", "\u{0431}", "\u{0411}", "\u{FF58}", "\u{FF38}", "\u{FF03}", "\u{FF5E}":
            return true
        default:
            return false
        }
    }
}
