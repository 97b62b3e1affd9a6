/// How a personal override came to be (`rin_overrides.source`, docs/RIN.md §4): shown to the
/// owner in the source of a field ("shared after a request" or "personal override").
public enum RinOverrideOrigin: String, CaseIterable, Codable, Hashable, Sendable {
    /// Set by the owner for this viewer.
    case manual
    /// Written when the owner approved this viewer's ask (§2.6).
    case ask
}
