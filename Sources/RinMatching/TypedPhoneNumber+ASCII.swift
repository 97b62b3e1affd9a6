extension TypedPhoneNumber {
    /// Step 1 for the way most numbers are written: ASCII digits, `+` signs before the first
    /// digit, and spaces, brackets, hyphens, dots and slashes between (`+1 (201) 555-0123`). Such
    /// text has no label, scheme, extension or letter, so the rules reduce to taking the digits.
    /// Nil for anything else, which `init(scalars:)` reads; `PhoneNormalizerTests` holds the two
    /// to the same answers.
    static func plainASCII(_ bytes: UnsafeBufferPointer<UInt8>) throws(PhoneNumberProblem) -> TypedPhoneNumber? {
        var digits: [UInt8] = []
        digits.reserveCapacity(bytes.count)
        var plusSigns = 0, sawOther = false, previous: UInt8 = 0
        for byte in bytes {
            defer { previous = byte }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits.append(byte)
            case UInt8(ascii: "+"):
                // Only one run of `+`, before everything but spaces: a `+` anywhere else makes
                // the text no number, and `init(scalars:)` says so.
                guard digits.isEmpty, !sawOther, plusSigns == 0 || previous == UInt8(ascii: "+") else { return nil }
                plusSigns += 1
            case UInt8(ascii: " "):
                continue
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"):
                // Before the first digit or `+` these are dropped as labels would be, after it
                // they separate; a `+` after one of them ends the fast path.
                sawOther = true
            default:
                return nil
            }
        }
        if digits.isEmpty && plusSigns == 0 && !sawOther { throw .empty }
        if bytes.count > maximumLength { throw .tooLong }
        // At least three digits (`isNumberShaped`); two are a number only when written side by
        // side, which `init(scalars:)` judges.
        guard digits.count >= 3 else { return nil }
        return TypedPhoneNumber(hasPlus: plusSigns > 0, digits: digits[...])
    }
}
