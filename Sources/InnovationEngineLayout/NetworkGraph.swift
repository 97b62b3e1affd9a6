import Foundation

/// An undirected link between two of my connections, stored with `a < b` (by raw UUID bytes) so
/// that `(x, y)` and `(y, x)` are the same link.
public struct NetworkLink: Sendable, Hashable {
    public let a: UUID
    public let b: UUID
}

/// My constellation: me, the people I am connected to, and the links among those people.
///
/// The initialiser canonicalises its input so that everything downstream is independent of the
/// order in which the caller listed things:
/// - `connections` is de-duplicated, stripped of `me`, and sorted by raw UUID bytes;
/// - links are made undirected and de-duplicated; links that mention an unknown id, a self-loop,
///   or `me` are dropped (me is linked to every connection implicitly), then sorted.
public struct NetworkGraph: Sendable {
    public let me: UUID
    /// Sorted by raw UUID bytes; index `i` here is node `i + 1` in the layout (node 0 is me).
    public let connections: [UUID]
    /// Canonical links, sorted by (a, b).
    public let links: [NetworkLink]
    /// The same links as layout-node index pairs packed `lo << 32 | hi` (both ≥ 1, lo < hi), sorted.
    let edgePairs: [UInt64]

    public init(me: UUID, connections: [UUID], links: [(UUID, UUID)]) {
        self.me = me
        let meKey = UUIDKey(me)
        var keyed = connections.map { (UUIDKey($0), $0) }.filter { $0.0 != meKey }
        keyed.sort { $0.0 < $1.0 }
        var unique: [UUID] = []
        unique.reserveCapacity(keyed.count)
        var previous: UUIDKey?
        for (key, id) in keyed where key != previous {
            unique.append(id)
            previous = key
        }
        self.connections = unique

        // Dictionary is used only for lookups, never iterated, so its random order cannot leak.
        var index: [UUID: UInt32] = [:]
        index.reserveCapacity(unique.count)
        for (i, id) in unique.enumerated() { index[id] = UInt32(i + 1) }

        var pairs: [UInt64] = []
        pairs.reserveCapacity(links.count)
        for (x, y) in links {
            guard let i = index[x], let j = index[y], i != j else { continue }
            pairs.append(UInt64(min(i, j)) << 32 | UInt64(max(i, j)))
        }
        pairs.sort()
        var deduped: [UInt64] = []
        deduped.reserveCapacity(pairs.count)
        for p in pairs where deduped.last != p { deduped.append(p) }
        self.edgePairs = deduped
        self.links = deduped.map { p in
            NetworkLink(a: unique[Int(p >> 32) - 1], b: unique[Int(p & 0xffff_ffff) - 1])
        }
    }

    /// Number of layout nodes, me included.
    public var nodeCount: Int { connections.count + 1 }
}
