extension Array {
    /// Sorts by `areInIncreasingOrder` and keeps the first of each run of elements `isSame`
    /// calls one (the sort is stable, so the first as given). In place, by swaps: the matcher
    /// does this to every record's lists and to each batch's pairs, where a copy per element
    /// retained and released its strings.
    mutating func sortUnique(by areInIncreasingOrder: (Element, Element) -> Bool, isSame: (Element, Element) -> Bool) {
        if count < 2 { return }
        sort(by: areInIncreasingOrder)
        var kept = 1
        for index in 1..<count where !isSame(self[index], self[kept - 1]) {
            swapAt(kept, index)
            kept += 1
        }
        removeLast(count - kept)
    }
}

extension Array where Element: Equatable {
    mutating func sortUnique(by areInIncreasingOrder: (Element, Element) -> Bool) {
        sortUnique(by: areInIncreasingOrder, isSame: ==)
    }
}

extension Array where Element: Comparable {
    mutating func sortUnique() {
        sortUnique(by: <)
    }
}
