extension MatchIndex {
    /// Applies a plan's merges to the index: each survivor takes in what it absorbed
    /// (`MatchRecord.absorbing`), and the absorbed contacts leave, as they leave the book.
    public mutating func apply(_ plan: MatchPlan) {
        for merge in plan.merges {
            guard let survivor = record(merge.survivorID), let absorbed = record(merge.absorbedID) else { continue }
            let merged = survivor.absorbing(absorbed)
            if !merged.isStored(as: survivor) { insert(merged) }
            remove(absorbed.id)
        }
    }

    /// One import batch, the way the server runs it (§2.1, batches of 100): adds the new contacts,
    /// plans, and applies the plan's merges, so the next batch is matched against the book as it
    /// now is.
    public mutating func match(_ batch: [MatchRecord], dismissed: Set<MatchPair> = []) -> MatchPlan {
        insert(contentsOf: batch)
        let plan = MatchPlanner.plan(for: batch.map(\.id), in: self, dismissed: dismissed)
        apply(plan)
        return plan
    }
}
