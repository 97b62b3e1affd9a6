/// The region-specific steps of docs/RIN.md §6.
extension PhoneRegion {
    /// Step 2: the digits after this region's international prefix, if they start with it. A 0
    /// after the prefix means the prefix was the start of a national number instead (no calling
    /// code begins with 0).
    func afterInternationalPrefix(_ digits: PhoneDigits) -> PhoneDigits? {
        guard let match = internationalPrefix?.prefixMatch(digits) else { return nil }
        let rest = digits.dropFirst(match.length)
        return rest.first == UInt8(ascii: "0") ? nil : rest
    }

    /// Step 3: the national number when `digits` start with this region's own calling code typed
    /// without `+` (`44 20 7946 0958` in the United Kingdom). Taken when the whole does not fit
    /// the national pattern but the rest does, or when the whole is too long to be national.
    func afterOwnCallingCode(_ digits: PhoneDigits) -> PhoneDigits? {
        let code = String(callingCode)
        guard digits.starts(with: code.utf8) else { return nil }
        let rest = removingTrunkPrefix(digits.dropFirst(code.utf8.count))
        return (!fits(digits) && fits(rest)) || lengthFit(digits.count) == .tooLong ? rest : nil
    }

    /// Step 4: `national` without its trunk prefix, transformed where the region says so. A
    /// number that fitted the national pattern only with its "prefix" keeps it.
    func removingTrunkPrefix(_ national: PhoneDigits) -> PhoneDigits {
        guard let pattern = nationalPrefixForParsing, !national.isEmpty,
              let match = pattern.prefixMatch(national) else { return national }
        let rest = national.dropFirst(match.length)
        let stripped: PhoneDigits
        if let template = nationalPrefixTransform, let lastGroup = match.groups.last, lastGroup != nil {
            stripped = PhoneDigits(Self.expand(template, match: match, in: national) + rest)
        } else {
            stripped = rest
        }
        return fits(national) && !fits(stripped) ? national : stripped
    }

    /// `$n` in `template` is the text of group n.
    private static func expand(_ template: String, match: DigitPattern.Match, in digits: PhoneDigits) -> [UInt8] {
        var result: [UInt8] = []
        var bytes = template.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte == UInt8(ascii: "$"), let next = bytes.next() else {
                result.append(byte)
                continue
            }
            let group = Int(next) - 0x30
            guard (1...9).contains(group), group <= match.groups.count else {
                result += [byte, next]
                continue
            }
            if let range = match.groups[group - 1] {
                // Match ranges count from the first digit; the slice may not start at 0.
                result += digits[(digits.startIndex + range.lowerBound)..<(digits.startIndex + range.upperBound)]
            }
        }
        return result
    }
}
