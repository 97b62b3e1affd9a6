/// A merge walk over two ascending, duplicate-free collections: what they share, in order. The
/// matcher intersects sorted e-mail and phone lists with it for every candidate pair, and the
/// score's clustering intersects sorted neighbour rows millions of times a day, so it allocates
/// nothing and is inlined into both.
public enum SortedMerge {
    /// Calls `body` with each element both hold, ascending.
    @inlinable
    public static func forEachShared<C: RandomAccessCollection>(_ a: C, _ b: C, _ body: (C.Element) -> Void) where C.Element: Comparable {
        var i = a.startIndex, j = b.startIndex
        while i < a.endIndex && j < b.endIndex {
            if a[i] == b[j] {
                body(a[i])
                a.formIndex(after: &i)
                b.formIndex(after: &j)
            } else if a[i] < b[j] {
                a.formIndex(after: &i)
            } else {
                b.formIndex(after: &j)
            }
        }
    }
}
