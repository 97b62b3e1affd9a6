import Foundation
import InnovationEngineLayout
import KindredQR

// Benchmarks NetworkLayout on seeded, clustered constellations of 100, 1,000 and 10,000 people and
// prints the median wall time per size. With `--dot-dir <dir>` it also writes each graph as an
// undirected DOT file (me–connection edges included, exactly the graph that is laid out) so that a
// script can time graphviz `sfdp` on identical input.
//
// Usage: InnovationEngineBenchmarks [--dot-dir <dir>] [--sizes 100,1000,10000] [--runs <k>]

/// The layout's own SplitMix64, so graph generation is reproducible on every machine.
struct BenchRandom {
    private var generator: SplitMix64
    init(state: UInt64) { generator = SplitMix64(seed: state) }
    mutating func next() -> UInt64 { generator.next() }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func unit() -> Double { generator.nextUnit() }
    mutating func uuid() -> UUID {
        let a = next(), b = next()
        func byte(_ v: UInt64, _ k: Int) -> UInt8 { UInt8(truncatingIfNeeded: v >> UInt64(56 - 8 * k)) }
        return UUID(uuid: (byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3), byte(a, 4), byte(a, 5), byte(a, 6), byte(a, 7),
                           byte(b, 0), byte(b, 1), byte(b, 2), byte(b, 3), byte(b, 4), byte(b, 5), byte(b, 6), byte(b, 7)))
    }
}

/// A realistic constellation: communities of 5–60 people (work, school, family…) densely linked
/// inside (≈4 links per person), a sprinkling of links across communities, and ~10% of
/// connections who know nobody else in my network.
func clusteredGraph(people: Int, seed: UInt64) -> NetworkGraph {
    var rng = BenchRandom(state: seed)
    let me = rng.uuid()
    let connections = (0..<people).map { _ in rng.uuid() }
    var links: [(UUID, UUID)] = []
    var start = 0
    let loners = people / 10
    while start < people - loners {
        let size = min(5 + rng.below(56), people - loners - start)
        let members = Array(connections[start..<(start + size)])
        if size > 1 {
            for (i, a) in members.enumerated() {
                for _ in 0..<2 {  // 2 outgoing picks each → ≈4 links per person
                    let j = rng.below(size)
                    if j != i { links.append((a, members[j])) }
                }
            }
        }
        start += size
    }
    for _ in 0..<(people / 5) {  // bridges between communities
        links.append((connections[rng.below(people - loners)], connections[rng.below(people - loners)]))
    }
    return NetworkGraph(me: me, connections: connections, links: links)
}

func writeDOT(_ graph: NetworkGraph, to url: URL) throws {
    var out = "graph {\n"
    out.reserveCapacity(graph.nodeCount * 90 + graph.links.count * 84)
    let me = graph.me.uuidString
    for c in graph.connections { out += "  \"\(me)\" -- \"\(c.uuidString)\";\n" }
    for l in graph.links { out += "  \"\(l.a.uuidString)\" -- \"\(l.b.uuidString)\";\n" }
    out += "}\n"
    try out.write(to: url, atomically: true, encoding: .utf8)
}

func milliseconds(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) * 1_000 + Double(c.attoseconds) / 1e15
}

var dotDir: String?
var sizes = [100, 1_000, 10_000]
var runsOverride: Int?
var args = CommandLine.arguments.dropFirst().makeIterator()
while let arg = args.next() {
    switch arg {
    case "--dot-dir": dotDir = args.next()
    case "--sizes": sizes = (args.next() ?? "").split(separator: ",").compactMap { Int($0) }
    case "--runs": runsOverride = args.next().flatMap { Int($0) }
    default:
        FileHandle.standardError.write(Data("unknown argument \(arg)\n".utf8))
        exit(2)
    }
}

if let dotDir {
    try FileManager.default.createDirectory(atPath: dotDir, withIntermediateDirectories: true)
}

print("people  links   runs  median_ms  min_ms  checksum")
for people in sizes {
    let graph = clusteredGraph(people: people, seed: 0x4b69_6e64_7265_6400 &+ UInt64(people))
    if let dotDir {
        try writeDOT(graph, to: URL(fileURLWithPath: dotDir).appendingPathComponent("constellation-\(people).dot"))
    }
    let runs = runsOverride ?? (people <= 1_000 ? 11 : 5)
    _ = NetworkLayout.orderedLayout(graph)  // warm-up (page faults, lazy initialisers)
    var times: [Double] = []
    var checksum = 0.0
    let clock = ContinuousClock()
    for _ in 0..<runs {
        var points: [LayoutPoint] = []
        let elapsed = clock.measure { points = NetworkLayout.orderedLayout(graph) }
        times.append(milliseconds(elapsed))
        checksum = points.reduce(0) { $0 + $1.x * 3 + $1.y }
    }
    times.sort()
    let line = String(format: "%6d  %6d  %4d  %9.2f  %6.2f  %.12f",
                      people, graph.links.count, runs, times[times.count / 2], times[0], checksum)
    print(line)
}

// QR: the time to encode one connect link (error correction M), as the My QR screen does.
var linkRandom = BenchRandom(state: 7)
let connectLink = "http://127.0.0.1:8080/c/" + linkRandom.uuid().uuidString.lowercased()
var qrTimes: [Double] = []
for _ in 0..<500 {
    let start = ContinuousClock.now
    let code = try QRCode(encoding: connectLink, errorCorrection: .medium)
    qrTimes.append(milliseconds(ContinuousClock.now - start) * 1000)
    precondition(code.size > 0)
}
qrTimes.sort()
print("qr_encode_connect_link  version=\(try QRCode(encoding: connectLink).version)  median_us=\(String(format: "%.1f", qrTimes[qrTimes.count / 2]))  p90_us=\(String(format: "%.1f", qrTimes[qrTimes.count * 9 / 10]))  payload=\(connectLink)")
