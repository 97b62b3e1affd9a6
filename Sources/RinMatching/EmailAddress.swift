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
