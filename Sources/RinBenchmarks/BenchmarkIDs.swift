import Foundation

/// Contact ids for the benchmark: the card's ordinal in the last bytes of a version-4-shaped uuid,
/// so an id names its card and ids sort in file order.
enum BenchmarkIDs {
    static func id(_ ordinal: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012llx", ordinal))!
    }

    static func ordinal(_ id: UUID) -> Int {
        Int(id.uuidString.suffix(12), radix: 16) ?? -1
    }
}
