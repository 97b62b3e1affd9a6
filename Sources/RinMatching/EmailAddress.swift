import Foundation

/// An e-mail address in its matching form.
///
/// The rules are docs/RIN.md §2.2 (E-mail): trim, drop `mailto:`, lowercase, lowercase the domain.
/// - **The local part is lowercased too**, because §2.2 says "lowercase" of the address. RFC 5321
///   lets a server treat `John@` and `john@` as two mailboxes, but no provider in use does, and an
///   address book holds the same person typed both ways.
/// - **No provider folding**: Gmail's dots and `+tags` stay, as §2.2 decides: folding them would
///   join addresses that belong to different people.
/// - **IDNA is out of scope here.** The domain is NFKC-mapped and lowercased (the mapping step of
///   UTS #46), but not converted to or from Punycode, so `bücher.example` and
///   `xn--bcher-kva.example` are still two keys. Left for later, and said in the task report.
public struct EmailAddress: Hashable, Sendable, CustomStringConvertible {
    /// The local part, lowercased; never empty.
    public let localPart: String
    /// The domain, NFKC-mapped and lowercased, its trailing root dot removed.
    public let domain: String

    /// `local@domain`: the value stored as `normalised` and compared for matching.
    public var normalized: String { localPart + "@" + domain }
    public var description: String { normalized }

    /// Normalises and checks `text`; see `EmailAddressProblem` for what is refused.
    public static func parse(_ text: String) -> Result<EmailAddress, EmailAddressProblem> {
        var text = text
        if let parsed = text.withUTF8(parseASCII) { return parsed }
        return parseUnicode(text)
    }

    /// `parseUnicode` for the common case, an ASCII address without `mailto:`, on its bytes;
    /// nil for any other text. `EmailAddressTests` holds the two to the same answers.
    static func parseASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<EmailAddress, EmailAddressProblem>? {
        asciiParts(bytes).map { parts in
            parts.map { EmailAddress(localPart: ASCIIText.lowercasedString(bytes[$0.local]), domain: ASCIIText.lowercasedString(bytes[$0.domain])) }
        }
    }

    /// `EmailAddress(text)?.normalized`: for an ASCII address (nearly every one) written at once,
    /// without making the two parts first; a card's e-mails are read for every import.
    public static func normalized(_ text: String) -> String? {
        var text = text
        let ascii: String?? = text.withUTF8 { bytes in
            asciiParts(bytes).map { parts -> String? in
                guard case .success(let (local, domain)) = parts else { return nil }
                return String(unsafeUninitializedCapacity: local.count + 1 + domain.count) { buffer in
                    var written = 0
                    for byte in bytes[local] { buffer[written] = ASCIIText.lowercased(byte); written += 1 }
                    buffer[written] = UInt8(ascii: "@")
                    written += 1
                    for byte in bytes[domain] { buffer[written] = ASCIIText.lowercased(byte); written += 1 }
                    return written
                }
            }
        }
        if let ascii { return ascii }
        return EmailAddress(text)?.normalized
    }

    /// Where an ASCII address's local part and domain (its root dot left out) lie in `bytes`, or
    /// what is wrong with it; nil when `bytes` is not ASCII or starts with `mailto:`.
    private static func asciiParts(_ bytes: UnsafeBufferPointer<UInt8>)
        -> Result<(local: Range<Int>, domain: Range<Int>), EmailAddressProblem>? {
        guard ASCIIText.isASCII(bytes) else { return nil }
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, ASCIIText.isWhitespace(bytes[start]) { start += 1 }
        while end > start, ASCIIText.isWhitespace(bytes[end - 1]) { end -= 1 }
        let address = bytes[start..<end]
        if address.count >= 7, (0..<7).allSatisfy({ ASCIIText.lowercased(address[start + $0]) == mailto[$0] }) { return nil }
        if address.isEmpty { return .failure(.empty) }
        if address.contains(where: { ASCIIText.isWhitespace($0) || ASCIIText.isControl($0) }) {
            return .failure(.containsWhitespaceOrControl)
        }
        guard let at = address.firstIndex(of: UInt8(ascii: "@")) else { return .failure(.missingAt) }
        if address[(at + 1)...].contains(UInt8(ascii: "@")) { return .failure(.multipleAt) }
        var domainEnd = address.endIndex
        if domainEnd > at + 1, address[domainEnd - 1] == UInt8(ascii: ".") { domainEnd -= 1 }
        let local = start..<at, domain = (at + 1)..<domainEnd
        if local.isEmpty { return .failure(.emptyLocalPart) }
        if domain.isEmpty { return .failure(.emptyDomain) }
        if local.count > 64 || local.count + 1 + domain.count > 254 { return .failure(.tooLong) }
        // The labels between dots, walked in place: none empty, none starting or ending with `-`.
        let hyphen = UInt8(ascii: "-"), dot = UInt8(ascii: ".")
        var labels = 0, labelStart = domain.lowerBound
        for index in domain.lowerBound...domain.upperBound where index == domain.upperBound || bytes[index] == dot {
            labels += 1
            if index == labelStart || bytes[labelStart] == hyphen || bytes[index - 1] == hyphen {
                // Told apart as the general path tells them: a dotless domain first.
                if !bytes[domain].contains(dot) { return .failure(.domainWithoutDot) }
                return .failure(.malformedDomain)
            }
            labelStart = index + 1
        }
        guard labels > 1 else { return .failure(.domainWithoutDot) }
        return .success((local, domain))
    }

    /// `mailto:` as bytes: zipping the address with the literal's UTF-8 view walked a string
    /// iterator for every card's every address.
    private static let mailto: [UInt8] = Array("mailto:".utf8)

    /// The rules on any text: Foundation's trimming, Unicode whitespace and controls, NFKC.
    static func parseUnicode(_ text: String) -> Result<EmailAddress, EmailAddressProblem> {
        var address = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        if address.prefix(7).lowercased() == "mailto:" {
            address = address.dropFirst(7)
            // A `mailto:` URI can carry `?subject=…`; the address ends before it.
            if let query = address.firstIndex(of: "?") { address = address[..<query] }
            address = Substring(address.removingPercentEncoding ?? String(address))
        }
        if address.isEmpty { return .failure(.empty) }
        if address.unicodeScalars.contains(where: isWhitespaceOrControl) {
            return .failure(.containsWhitespaceOrControl)
        }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return .failure(.missingAt) }
        guard parts.count == 2 else { return .failure(.multipleAt) }
        let local = parts[0].lowercased()
        var domain = MatchFolding.nfkc(String(parts[1])).lowercased()
        if domain.hasSuffix(".") { domain.removeLast() }
        if local.isEmpty { return .failure(.emptyLocalPart) }
        if domain.isEmpty { return .failure(.emptyDomain) }
        if local.utf8.count > 64 || local.utf8.count + 1 + domain.utf8.count > 254 { return .failure(.tooLong) }
        // A dotless domain (`localhost`, an intranet host) is not an address two people outside
        // one network share, so it cannot be evidence that two cards are one person.
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count > 1 else { return .failure(.domainWithoutDot) }
        if labels.contains(where: { $0.isEmpty || $0.hasPrefix("-") || $0.hasSuffix("-") }) {
            return .failure(.malformedDomain)
        }
        return .success(EmailAddress(localPart: local, domain: domain))
    }

    /// The address when `text` is one, else nil; use `parse` to learn why not.
    public init?(_ text: String) {
        guard case .success(let address) = Self.parse(text) else { return nil }
        self = address
    }

    private init(localPart: String, domain: String) {
        self.localPart = localPart
        self.domain = domain
    }

    private static func isWhitespaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            || scalar.properties.generalCategory == .format
    }
}
