import Foundation

/// The region-specific steps of docs/RIN.md §6.
extension PhoneRegion {
    /// Step 2: the digits after this region's international prefix, if they start with it. A 0
    /// after the prefix means the prefix was the start of a national number instead (no calling
    /// code begins with 0).
    func afterInternationalPrefix(_ digits: Substring) -> Substring? {
        guard let match = internationalPrefix?.prefixMatch(in: digits) else { return nil }
        let rest = digits.dropFirst(match.range.length)
        return rest.first == "0" ? nil : rest
    }

    /// Step 3: the national number when `digits` start with this region's own calling code typed
    /// without `+` (`44 20 7946 0958` in the United Kingdom). Taken when the whole does not fit
    /// the national pattern but the rest does, or when the whole is too long to be national.
    func afterOwnCallingCode(_ digits: Substring) -> Substring? {
        let code = String(callingCode)
        guard digits.hasPrefix(code) else { return nil }
        let rest = removingTrunkPrefix(digits.dropFirst(code.utf8.count))
        return (!fits(digits) && fits(rest)) || lengthFit(digits.count) == .tooLong ? rest : nil
    }

    /// Step 4: `national` without its trunk prefix, transformed where the region says so. A
    /// number that fitted the national pattern only with its "prefix" keeps it.
    func removingTrunkPrefix(_ national: Substring) -> Substring {
        guard let pattern = nationalPrefixForParsing, !national.isEmpty,
              let match = pattern.prefixMatch(in: national) else { return national }
        let rest = national.dropFirst(match.range.length)
        let lastGroup = match.numberOfRanges - 1
        let stripped: Substring
        if let template = nationalPrefixTransform, lastGroup > 0, match.range(at: lastGroup).location != NSNotFound {
            stripped = Substring(Self.expand(template, match: match, in: national) + rest)
        } else {
            stripped = rest
        }
        return fits(national) && !fits(stripped) ? national : stripped
    }

    /// `$n` in `template` is the text of group n.
    private static func expand(_ template: String, match: NSTextCheckingResult, in text: Substring) -> String {
        let utf8 = Array(text.utf8)
        var result = ""
        var scalars = template.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "$", let next = scalars.next() else {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard let group = Int(String(next)), group < match.numberOfRanges else {
                result.unicodeScalars.append(contentsOf: [scalar, next])
                continue
            }
            let range = match.range(at: group)
            if range.location != NSNotFound {
                // The national number is ASCII digits, so UTF-16 offsets are byte offsets.
                result += String(decoding: utf8[range.location..<(range.location + range.length)], as: UTF8.self)
            }
        }
        return result
    }
}
