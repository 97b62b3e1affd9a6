/// A number as typed, after docs/RIN.md §6 step 1: scheme, labels, extension and separators gone,
/// digits in ASCII, and whether it was written international (`+`).
struct TypedPhoneNumber {
    let hasPlus: Bool
    let digits: PhoneDigits

    static let maximumLength = 250

    init(_ typed: String) throws(PhoneNumberProblem) {
        var typed = typed
        // `withUTF8` rethrows untyped errors; the result carries the typed one out.
        let fast = typed.withUTF8 { bytes in Result { () throws(PhoneNumberProblem) in try Self.plainASCII(bytes) } }
        if let plain = try fast.get() {
            self = plain
            return
        }
        try self.init(scalars: typed)
    }

    init(hasPlus: Bool, digits: PhoneDigits) {
        self.hasPlus = hasPlus
        self.digits = digits
    }

    /// Step 1 by Unicode's rules, for any text.
    init(scalars typed: String) throws(PhoneNumberProblem) {
        let scalars = Array(typed.unicodeScalars)
        if scalars.allSatisfy(\.properties.isWhitespace) { throw .empty }
        if scalars.count > Self.maximumLength { throw .tooLong }

        var text = try Self.numberInRFC3966(scalars) ?? Self.numberInText(scalars)
        if let subaddress = Self.find(";isub=", in: text), subaddress > 0 {
            text.removeSubrange(subaddress...)
        }
        let extensionStart = Self.extensionStart(in: text)
        guard Self.isNumberShaped(text[...])
                || extensionStart.map({ Self.isNumberShaped(text[..<$0], allowingTwoDigits: false) }) == true
        else { throw .notANumber }
        if let start = extensionStart, Self.isNumberShaped(text[..<start]) {
            text.removeSubrange(start...)
        }

        let body = text.drop(while: PhoneCharacters.isPlus)
        hasPlus = body.count < text.count
        digits = Self.digits(of: body)
    }

    /// Without a `tel:` URI's context, the number runs from its first digit or `+` (dropping
    /// labels such as `Tel:` and the scheme) to its last letter, number or `#` of any script
    /// (dropping closing brackets and full stops, but keeping a trailing `д` or `²` that makes the
    /// whole no number), and stops before a slash and an `x` (`x302/x2303`: a second extension).
    private static func numberInText(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard let start = scalars.firstIndex(where: { PhoneCharacters.isPlus($0) || PhoneCharacters.digitValue($0) != nil }),
              let last = scalars[start...].lastIndex(where: { PhoneCharacters.isLetterOrNumber($0) || $0 == "#" })
        else { return [] }
        var end = last + 1
        if let slash = scalars[start..<end].indices.first(where: { index in
            (scalars[index] == "/" || scalars[index] == "\\")
                && scalars[(index + 1)..<end].first(where: { $0 != " " }) == "x"
        }) {
            end = slash
        }
        return Array(scalars[start..<end])
    }

    /// Whether `text` is written like a phone number: two digits alone (which take no extension),
    /// or `+` signs, then at least three digits among separators and `*`, after which letters may
    /// follow (vanity numbers). Anything else (`@`, `=`, `,`, letters before the third digit) is
    /// not a number.
    static func isNumberShaped(_ text: ArraySlice<Unicode.Scalar>, allowingTwoDigits: Bool = true) -> Bool {
        if allowingTwoDigits, text.count == 2, text.allSatisfy({ PhoneCharacters.digitValue($0) != nil }) { return true }
        var digitCount = 0
        for scalar in text.drop(while: PhoneCharacters.isPlus) {
            if PhoneCharacters.digitValue(scalar) != nil {
                digitCount += 1
            } else if !(PhoneCharacters.isSeparator(scalar) || scalar == "*"
                        || (digitCount >= 3 && PhoneCharacters.isASCIILetter(scalar))) {
                return false
            }
        }
        return digitCount >= 3
    }

    /// The digits, with letters on their keypad keys when there are at least three of them (a
    /// vanity number); fewer letters are stray and dropped.
    private static func digits(of text: ArraySlice<Unicode.Scalar>) -> PhoneDigits {
        let isVanity = text.lazy.filter(PhoneCharacters.isASCIILetter).prefix(3).count == 3
        var ascii = [UInt8]()
        ascii.reserveCapacity(text.count)
        for scalar in text {
            if let digit = PhoneCharacters.digitValue(scalar) ?? (isVanity ? PhoneCharacters.keypadDigit(scalar) : nil) {
                ascii.append(UInt8(ascii: "0") + digit)
            }
        }
        return ascii[...]
    }

    /// The index of the first occurrence of `needle` (ASCII, matched without case) in `scalars`.
    static func find(_ needle: String, in scalars: [Unicode.Scalar]) -> Int? {
        let pattern = Array(needle.unicodeScalars)
        guard scalars.count >= pattern.count else { return nil }
        for index in 0...(scalars.count - pattern.count) {
            if zip(pattern, scalars[index...]).allSatisfy({ lowercase($1) == $0 }) { return index }
        }
        return nil
    }

    private static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value | 0x20) ?? scalar : scalar
    }
}
