extension TypedPhoneNumber {
    /// A `tel:` URI with a `phone-context` (RFC 3966 §5.1.5) writes a local number and, apart, the
    /// context it is dialled in: `tel:7946-0958;phone-context=+44-20`. A context that is a global
    /// number goes in front of the local one; a domain name tells nothing and is dropped. Without a
    /// context this returns nil: the scheme is then skipped like any label, and `;ext=` and
    /// `;isub=` are cut later.
    static func numberInRFC3966(_ scalars: [Unicode.Scalar]) throws(PhoneNumberProblem) -> [Unicode.Scalar]? {
        let parameter = ";phone-context="
        guard let parameterStart = find(parameter, in: scalars) else { return nil }
        let contextStart = parameterStart + parameter.unicodeScalars.count
        let contextEnd = scalars[contextStart...].firstIndex(of: ";") ?? scalars.count
        let context = scalars[contextStart..<contextEnd]
        let isGlobal = context.first.map(PhoneCharacters.isPlus) ?? false
        guard isGlobal ? isGlobalNumber(context.dropFirst()) : isDomainName(context) else { throw .notANumber }

        let schemeEnd = find("tel:", in: scalars).map { $0 + 4 } ?? 0
        let local = schemeEnd <= parameterStart ? scalars[schemeEnd..<parameterStart] : []
        return (isGlobal ? Array(context) : []) + local
    }

    /// Digits and visual separators, at least one digit.
    private static func isGlobalNumber(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        text.contains { PhoneCharacters.digitValue($0) != nil }
            && text.allSatisfy { PhoneCharacters.digitValue($0) != nil || "-.()".unicodeScalars.contains($0) }
    }

    /// Dot-separated labels of letters, digits and inner hyphens, the last starting with a letter.
    private static func isDomainName(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        var labels = text.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }
        let isAlphanumeric = { (scalar: Unicode.Scalar) in
            PhoneCharacters.isASCIILetter(scalar) || PhoneCharacters.digitValue(scalar) != nil
        }
        let wellFormed = labels.allSatisfy { label in
            guard let first = label.first, let last = label.last else { return false }
            return isAlphanumeric(first) && isAlphanumeric(last) && label.allSatisfy { isAlphanumeric($0) || $0 == "-" }
        }
        return wellFormed && (labels.last?.first).map(PhoneCharacters.isASCIILetter) == true
    }
}
