/// Why a text was refused as an e-mail address. Import keeps a refused value as typed (it is still
/// shown on the contact) but it never becomes a match key: docs/RIN.md §2.3 builds automatic
/// merges on "the same normalised e-mail", and a key that is not an address joins nobody reliably.
public enum EmailAddressProblem: Error, Hashable, Sendable {
    /// Nothing left after trimming and dropping `mailto:`.
    case empty
    case missingAt
    /// More than one `@`. Quoted local parts (`"a@b"@example.com`) are legal in RFC 5321 but no
    /// address book exports them; refusing them keeps the rule simple.
    case multipleAt
    case emptyLocalPart
    case emptyDomain
    /// A space, tab, line break or control character anywhere inside the address.
    case containsWhitespaceOrControl
    /// A domain without a dot, `localhost` included (our decision, see `EmailAddress`).
    case domainWithoutDot
    /// An empty label (`a@example..com`, `a@.example.com`) or one starting or ending with `-`.
    case malformedDomain
    /// Longer than RFC 5321 allows: 64 for the local part, 254 for the whole address.
    case tooLong
}
