/// The characters phone numbers are written with (docs/RIN.md §6 step 1).
enum PhoneCharacters {
    /// `+` and the full-width `＋` of East Asian input methods.
    static func isPlus(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "+" || scalar == "\u{FF0B}"
    }

    /// The value of any Unicode decimal digit: ASCII, full-width, Arabic-Indic, Devanagari…
    static func digitValue(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.isASCII {
            return ("0"..."9").contains(scalar) ? UInt8(scalar.value - 0x30) : nil
        }
        guard scalar.properties.generalCategory == .decimalNumber,
              let value = scalar.properties.numericValue else { return nil }
        return UInt8(value)
    }

    static func isLetterOrNumber(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIILetter(scalar) || ("0"..."9").contains(scalar) }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// What people put between digit groups: spaces of every width, hyphens and dashes, dots,
    /// slashes, brackets, tildes (a "wait for tone" in some dialling prefixes) and `x`.
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x28, 0x29, 0x2D, 0x2E, 0x2F, 0x5B, 0x5D, 0x7E, 0x58, 0x78,  // space ( ) - . / [ ] ~ X x
             0xA0, 0xAD,                                                      // no-break space, soft hyphen
             0x200B, 0x2060,                                                  // zero-width space, word joiner
             0x2010...0x2015, 0x2212, 0x2053, 0x223C,                         // dashes, minus, swung dash, tilde operator
             0x3000, 0x30FC,                                                  // ideographic space, prolonged sound mark
             0xFF08, 0xFF09, 0xFF0D...0xFF0F, 0xFF3B, 0xFF3D, 0xFF5E:          // full-width ( ) - . / [ ] ~
            return true
        default:
            return false
        }
    }

    /// The letter's key on a phone keypad, for vanity numbers (`1-800-FLOWERS`).
    static func keypadDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        guard isASCIILetter(scalar) else { return nil }
        let index = Int((scalar.value | 0x20) - 0x61)  // a = 0
        return keypad[index]
    }

    private static let keypad: [UInt8] = [2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 9, 9, 9, 9]
}
