import Foundation

/// One automatic merge: `absorbedID` goes into `survivorID`. A cluster of three is two of these,
/// in the order they are to be applied (and undone in reverse, §2.3's stack order).
public struct PlannedMerge: Hashable, Sendable, Codable {
    /// The cluster's oldest contact (§2.3, Survivor).
    public let survivorID: UUID
    public let absorbedID: UUID
    /// The contact the absorbed one is sure against: the survivor, or a contact this plan merged
    /// into the survivor before it. `verdict` is that pair's, and is what `rin_merges` records.
    public let linkedID: UUID
    public let verdict: MatchVerdict

    public init(survivorID: UUID, absorbedID: UUID, linkedID: UUID, verdict: MatchVerdict) {
        self.survivorID = survivorID
        self.absorbedID = absorbedID
        self.linkedID = linkedID
        self.verdict = verdict
    }
}
