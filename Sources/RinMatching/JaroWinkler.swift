/// Jaro-Winkler similarity, the measure docs/RIN.md §2.3 names for "similar name" (≥ 0.92).
/// Compared by `Character`, so a folded `ö` or a kanji counts as one letter.
enum JaroWinkler {
    /// Winkler's standard weights: a shared prefix of up to 4 characters, 0.1 each.
    static func similarity(_ a: String, _ b: String, prefixScale: Double = 0.1) -> Double {
        // ASCII text (most names, once folded) is compared byte by byte: the same letters, without
        // the cost of splitting strings into `Character`s.
        if a.utf8.allSatisfy({ $0 < 0x80 }) && b.utf8.allSatisfy({ $0 < 0x80 }) {
            return similarity(Array(a.utf8), Array(b.utf8), prefixScale: prefixScale)
        }
        return similarity(Array(a), Array(b), prefixScale: prefixScale)
    }

    private static func similarity<Letter: Equatable>(_ a: [Letter], _ b: [Letter], prefixScale: Double) -> Double {
        let jaro = jaroSimilarity(a, b)
        let prefix = zip(a, b).prefix(4).prefix { $0 == $1 }.count
        return jaro + Double(prefix) * prefixScale * (1 - jaro)
    }

    static func jaroSimilarity<Letter: Equatable>(_ a: [Letter], _ b: [Letter]) -> Double {
        if a.isEmpty && b.isEmpty { return 1 }
        if a.isEmpty || b.isEmpty { return 0 }
        let window = max(0, max(a.count, b.count) / 2 - 1)
        var aMatched = [Bool](repeating: false, count: a.count)
        var bMatched = [Bool](repeating: false, count: b.count)
        var matches = 0
        for i in a.indices {
            let low = max(0, i - window), high = min(b.count - 1, i + window)
            guard low <= high else { continue }
            for j in low...high where !bMatched[j] && a[i] == b[j] {
                aMatched[i] = true
                bMatched[j] = true
                matches += 1
                break
            }
        }
        if matches == 0 { return 0 }
        let aInOrder = a.indices.filter { aMatched[$0] }.map { a[$0] }
        let bInOrder = b.indices.filter { bMatched[$0] }.map { b[$0] }
        let transpositions = zip(aInOrder, bInOrder).filter { $0 != $1 }.count / 2
        let m = Double(matches)
        return (m / Double(a.count) + m / Double(b.count) + (m - Double(transpositions)) / m) / 3
    }
}
