import Foundation
import RinMatching

/// One link between two people, as the daily job reads it: undirected, with its confidence
/// (docs/RIN-PART2.md §2.1: 1 for a link made by each one's act or a card acceptance, 0.9 when
/// only a verified e-mail matches).
public struct RinGraphLink: Hashable, Sendable {
    public let a: UUID
    public let b: UUID
    public let confidence: Double

    public init(_ a: UUID, _ b: UUID, confidence: Double = 1) {
        self.a = a
        self.b = b
        self.confidence = confidence
    }
}

/// The link graph in compressed rows: people in account-id order, each one's neighbours in that
/// order, so every computation over it walks the same sequence on every machine
/// (docs/RIN-PART2.md §1, Deterministic). 100,000 people with 150 links each are 15 million
/// entries of 8 bytes: the daily job holds the whole graph this way.
public struct RinGraph: Sendable {
    /// Everyone with at least one link, in byte order of their ids.
    public let people: [UUID]
    /// `neighbours[offsets[i]..<offsets[i + 1]]` are person i's, ascending.
    let offsets: [Int32]
    let neighbours: [Int32]
    /// The confidence of each entry of `neighbours`.
    let weights: [Float]
    private let index: [UUID: Int32]

    /// Builds the graph from links in any order. A link to oneself is dropped; a pair given twice
    /// keeps its higher confidence; a confidence outside 0...1 is clamped into it.
    public init(links: some Sequence<RinGraphLink>) {
        var pairs: [RinPair: Float] = [:]
        for link in links where link.a != link.b {
            let pair = RinPair(link.a, link.b)
            let confidence = Float(min(1, max(0, link.confidence)))
            pairs[pair] = max(pairs[pair] ?? 0, confidence)
        }
        var everyone = Set<UUID>()
        for pair in pairs.keys {
            everyone.insert(pair.low)
            everyone.insert(pair.high)
        }
        people = everyone.sorted { $0.isOrdered(before: $1) }
        var index: [UUID: Int32] = [:]
        index.reserveCapacity(people.count)
        for (position, person) in people.enumerated() { index[person] = Int32(position) }
        self.index = index

        var degree = [Int32](repeating: 0, count: people.count + 1)
        for pair in pairs.keys {
            degree[Int(index[pair.low]!)] += 1
            degree[Int(index[pair.high]!)] += 1
        }
        var offsets = [Int32](repeating: 0, count: people.count + 1)
        for person in 0..<people.count { offsets[person + 1] = offsets[person] + degree[person] }
        var neighbours = [Int32](repeating: 0, count: Int(offsets[people.count]))
        var weights = [Float](repeating: 0, count: neighbours.count)
        var fill = Array(offsets.dropLast())
        for (pair, confidence) in pairs {
            let (low, high) = (index[pair.low]!, index[pair.high]!)
            neighbours[Int(fill[Int(low)])] = high
            weights[Int(fill[Int(low)])] = confidence
            fill[Int(low)] += 1
            neighbours[Int(fill[Int(high)])] = low
            weights[Int(fill[Int(high)])] = confidence
            fill[Int(high)] += 1
        }
        // Each row ascending, so intersections are merges and sums run in one order.
        for person in 0..<people.count {
            let row = Int(offsets[person])..<Int(offsets[person + 1])
            let sorted = zip(neighbours[row], weights[row]).sorted { $0.0 < $1.0 }
            for (offset, entry) in sorted.enumerated() {
                neighbours[row.lowerBound + offset] = entry.0
                weights[row.lowerBound + offset] = entry.1
            }
        }
        self.offsets = offsets
        self.neighbours = neighbours
        self.weights = weights
    }

    public var count: Int { people.count }

    /// The position of `person` in `people`, nil when they have no link.
    public func position(of person: UUID) -> Int? { index[person].map(Int.init) }

    public func degree(_ person: Int) -> Int { Int(offsets[person + 1] - offsets[person]) }

    /// Person i's neighbours, ascending.
    func row(_ person: Int) -> ArraySlice<Int32> { neighbours[Int(offsets[person])..<Int(offsets[person + 1])] }

    func rowWeights(_ person: Int) -> ArraySlice<Float> { weights[Int(offsets[person])..<Int(offsets[person + 1])] }
}
