/// What happens to a scored pair (docs/RIN.md §2.3, Tiers): merged at once (and listed for review
/// and undo), offered as a suggestion, or never shown.
public enum MatchTier: String, Hashable, Sendable, Codable {
    case automatic
    case suggestion
    case hidden
}
