import Foundation

/// What to do after a batch of new contacts: merges to apply now, suggestions to store.
public struct MatchPlan: Hashable, Sendable, Codable {
    /// Grouped by cluster, clusters in survivor order; within a cluster, in the order to apply.
    public var merges: [PlannedMerge]
    /// Highest confidence first, then by pair; one per pair of live contacts.
    public var suggestions: [MatchSuggestion]
    /// How many pairs blocking gave and the scorer weighed: the matcher's work, for progress logs
    /// and the benchmark.
    public var candidatePairs: Int

    public init(merges: [PlannedMerge] = [], suggestions: [MatchSuggestion] = [], candidatePairs: Int = 0) {
        self.merges = merges
        self.suggestions = suggestions
        self.candidatePairs = candidatePairs
    }

    public static let empty = MatchPlan()

    /// Absorbed id → survivor id.
    public var survivors: [UUID: UUID] {
        Dictionary(merges.map { ($0.absorbedID, $0.survivorID) }, uniquingKeysWith: { first, _ in first })
    }

    /// The contact `id` lives on as once the plan is applied.
    public func survivor(of id: UUID) -> UUID {
        merges.first { $0.absorbedID == id }?.survivorID ?? id
    }
}
