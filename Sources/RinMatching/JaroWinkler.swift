/// Jaro-Winkler similarity, the measure docs/RIN.md §2.3 names for "similar name" (≥ 0.92).
/// Compared by `Character`, so a folded `ö` or a kanji counts as one letter.
enum JaroWinkler {
    /// Winkler's standard weights: a shared prefix of up to 4 characters, 0.1 each.
    static func similarity(_ a: String, _ b: String, prefixScale: Double = 0.1) -> Double {
        // ASCII text (most names, once folded) is compared byte by byte, in place: the same
        // letters, without splitting strings into `Character`s or copying them. The scorer calls
        // this three times for every candidate pair of an import.
        var a = a, b = b
        let ascii = a.withUTF8 { left in
            b.withUTF8 { right in
                ASCIIText.isASCII(left) && ASCIIText.isASCII(right) ? similarity(left, right, prefixScale: prefixScale) : nil
            }
        }
        if let ascii { return ascii }
        return Array(a).withUnsafeBufferPointer { left in
            Array(b).withUnsafeBufferPointer { right in similarity(left, right, prefixScale: prefixScale) }
        }
    }

    private static func similarity<Letter: Equatable>(_ a: UnsafeBufferPointer<Letter>, _ b: UnsafeBufferPointer<Letter>,
                                                      prefixScale: Double) -> Double {
        let jaro = jaroSimilarity(a, b)
        let prefix = zip(a, b).prefix(4).prefix { $0 == $1 }.count
        return jaro + Double(prefix) * prefixScale * (1 - jaro)
    }

    static func jaroSimilarity<Letter: Equatable>(_ a: [Letter], _ b: [Letter]) -> Double {
        a.withUnsafeBufferPointer { left in b.withUnsafeBufferPointer { right in jaroSimilarity(left, right) } }
    }

    static func jaroSimilarity<Letter: Equatable>(_ a: UnsafeBufferPointer<Letter>, _ b: UnsafeBufferPointer<Letter>) -> Double {
        if a.isEmpty && b.isEmpty { return 1 }
        if a.isEmpty || b.isEmpty { return 0 }
        let window = max(0, max(a.count, b.count) / 2 - 1)
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: a.count + b.count) { flags in
            flags.initialize(repeating: false)
            var matches = 0
            for i in 0..<a.count {
                let low = max(0, i - window), high = min(b.count - 1, i + window)
                guard low <= high else { continue }
                for j in low...high where !flags[a.count + j] && a[i] == b[j] {
                    flags[i] = true
                    flags[a.count + j] = true
                    matches += 1
                    break
                }
            }
            if matches == 0 { return 0 }
            // Half the matched letters that are out of order: walk both in order, pairing each
            // matched letter of `a` with the next matched letter of `b`.
            var outOfOrder = 0, j = 0
            for i in 0..<a.count where flags[i] {
                while !flags[a.count + j] { j += 1 }
                if a[i] != b[j] { outOfOrder += 1 }
                j += 1
            }
            let m = Double(matches)
            return (m / Double(a.count) + m / Double(b.count) + (m - Double(outOfOrder / 2)) / m) / 3
        }
    }
}
