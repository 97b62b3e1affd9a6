import Foundation

/// `truth.tsv`: `ordinal<TAB>entity` per card (ordinal = the card's 0-based position in the
/// file); lines starting with `#` are comments.
struct GroundTruth {
    /// Entity of each ordinal.
    let entities: [Int: String]
    /// Every pair of ordinals that are one entity, as (lower, higher).
    let pairs: [(Int, Int)]

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    init(contentsOf url: URL) throws {
        var entities: [Int: String] = [:]
        for (number, line) in try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).enumerated() {
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
            let fields = line.split(separator: "\t")
            guard fields.count >= 2, let ordinal = Int(fields[0].trimmingCharacters(in: .whitespaces)) else {
                throw Problem(description: "truth line \(number + 1) is not ordinal<TAB>entity")
            }
            entities[ordinal] = fields[1].trimmingCharacters(in: .whitespaces)
        }
        var members: [String: [Int]] = [:]
        for (ordinal, entity) in entities { members[entity, default: []].append(ordinal) }
        var pairs: [(Int, Int)] = []
        for group in members.values where group.count > 1 {
            let sorted = group.sorted()
            for i in sorted.indices { for j in sorted[(i + 1)...] { pairs.append((sorted[i], j)) } }
        }
        self.entities = entities
        self.pairs = pairs
    }

    func isMatch(_ a: Int, _ b: Int) -> Bool {
        guard let left = entities[a], let right = entities[b] else { return false }
        return left == right
    }
}
