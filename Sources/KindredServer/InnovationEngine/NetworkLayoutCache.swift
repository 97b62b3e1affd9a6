import Foundation
import InnovationEngineLayout
import NIOConcurrencyHelpers

/// The constellations lately drawn, by their graph. `GET /innovation-engine/network` laid its graph
/// out on every request, which cost more than its six statements (Issue 15, goal 2); a layout is a
/// function of the graph alone (`NetworkLayout` is deterministic to the bit), so a network drawn
/// before is answered from here, on whichever instance drew it. Nothing needs invalidating: a
/// network that changed is another key.
///
/// Held in memory only, and only ever answered to the same person with the same network (the key
/// is the whole graph, `me` included).
final class NetworkLayoutCache: Sendable {
    private struct Key: Hashable {
        let me: UUID
        let connections: [UUID]
        let links: [NetworkLink]
    }

    private struct State {
        var layouts: [Key: [LayoutPoint]] = [:]
        var weight = 0
    }

    /// Past this many people and links held in all, the cache starts again empty: memory stays
    /// bounded (a few megabytes) whatever the number or size of networks, at the price of a layout.
    let capacity: Int
    private let state = NIOLockedValueBox(State())

    init(capacity: Int = 200_000) {
        self.capacity = capacity
    }

    /// `graph`'s layout, every person once, ordered by id as the API sends them.
    func layout(_ graph: NetworkGraph) -> [LayoutPoint] {
        let key = Key(me: graph.me, connections: graph.connections, links: graph.links)
        if let known = state.withLockedValue({ $0.layouts[key] }) { return known }
        // Laid out outside the lock: two requests for one new network may both draw it, and
        // both get the same answer.
        let points = NetworkLayout.layout(graph).values.sorted { $0.id.uuidString < $1.id.uuidString }
        let weight = graph.nodeCount + graph.links.count
        state.withLockedValue { state in
            guard weight <= capacity else { return }
            if state.weight + weight > capacity {
                state.layouts.removeAll(keepingCapacity: true)
                state.weight = 0
            }
            if state.layouts.updateValue(points, forKey: key) == nil { state.weight += weight }
        }
        return points
    }

    /// How many layouts are held (for tests).
    var count: Int { state.withLockedValue { $0.layouts.count } }
}
