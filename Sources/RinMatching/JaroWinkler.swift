/// Jaro-Winkler similarity, the measure docs/RIN.md §2.3 names for "similar name" (≥ 0.92).
/// Compared by `Character`, so a folded `ö` or a kanji counts as one letter.
enum JaroWinkler {
    /// Winkler's standard weights: a shared prefix of up to 4 characters, 0.1 each.
    static func similarity(_ a: String, _ b: String, prefixScale: Double = 0.1) -> Double {
        // ASCII text (most names, once folded) is compared byte by byte, in place: the same
        // letters, without splitting strings into `Character`s or copying them. The scorer calls
        // this three times for every candidate pair of an import.
        var a = a, b = b
        let fast = a.withUTF8 { left in
            b.withUTF8 { right -> Double? in
                if ASCIIText.isASCII(left) && ASCIIText.isASCII(right) { return similarity(left, right, prefixScale: prefixScale) }
                // Letters that are each one scalar (accented Latin, Greek, Cyrillic, kana, Han,
                // Hangul syllables) are coded from their bytes, as `letterCodes` codes them,
                // without splitting the text into `Character`s.
                return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: left.count + right.count) { codes -> Double? in
                    let leftCodes = UnsafeMutableBufferPointer(rebasing: codes[..<left.count])
                    let rightCodes = UnsafeMutableBufferPointer(rebasing: codes[left.count...])
                    guard let leftCount = singleScalarCodes(left, into: leftCodes),
                          let rightCount = singleScalarCodes(right, into: rightCodes)
                    else { return nil }
                    return similarity(UnsafeBufferPointer(rebasing: leftCodes[..<(leftCodes.startIndex + leftCount)]),
                                      UnsafeBufferPointer(rebasing: rightCodes[..<(rightCodes.startIndex + rightCount)]),
                                      prefixScale: prefixScale)
                }
            }
        }
        if let fast { return fast }
        var long: [Character] = []
        let left = letterCodes(a, long: &long), right = letterCodes(b, long: &long)
        return left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in similarity(left, right, prefixScale: prefixScale) }
        }
    }

    /// Each letter (`Character`) of `text` as a number, equal for equal letters, so the general
    /// Jaro compares integers: comparing `Character`s (Unicode's canonical equivalence, a call
    /// each) was half the time of a non-ASCII pair. A letter of up to 8 UTF-8 bytes is its bytes
    /// packed (the lowest byte never 0 but for U+0000, which packs to 0); a longer one (an Indic
    /// conjunct, an emoji sequence) is 256 × (its place in `long`, shared by both sides, + 1).
    ///
    /// Equal bytes are equal letters for text in Unicode's composed form (NFC), which every
    /// `NameKey` word is (`MatchFolding.unicodeFold` ends in it, the fast paths keep ASCII, CJK
    /// ideographs and Hangul syllables, none of which compose further).
    static func letterCodes(_ text: String, long: inout [Character]) -> [UInt64] {
        var codes: [UInt64] = []
        codes.reserveCapacity(text.utf8.count)
        for letter in text {
            var code: UInt64 = 0, length = 0
            for byte in letter.utf8 {
                if length < 8 { code |= UInt64(byte) << UInt64(8 * length) }
                length += 1
            }
            if length > 8 {
                let place = long.firstIndex(of: letter) ?? long.count
                if place == long.count { long.append(letter) }
                code = UInt64(place + 1) << 8
            }
            codes.append(code)
        }
        return codes
    }

    /// `letterCodes` of UTF-8 text in which every scalar is a letter of its own, written into
    /// `codes` (room for one per byte); how many were written, or nil when some scalar may join
    /// its neighbours into one `Character` (a combining mark, a joiner, a jamo, an emoji) or is
    /// outside the scripts listed, which `letterCodes` then reads. A scalar alone is a
    /// `Character` when no grapheme rule joins it to the next (UAX #29): the ranges below hold
    /// letters of Grapheme_Cluster_Break Other only, and Hangul syllables, which join only to
    /// jamo (not listed).
    static func singleScalarCodes(_ bytes: UnsafeBufferPointer<UInt8>, into codes: UnsafeMutableBufferPointer<UInt64>) -> Int? {
        var index = 0, count = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard index + length <= bytes.count else { return nil }
            var scalar = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
            var code = UInt64(lead)
            for offset in 1..<max(1, length) {
                let byte = bytes[index + offset]
                scalar = scalar << 6 | UInt32(byte & 0x3F)
                code |= UInt64(byte) << UInt64(8 * offset)
            }
            guard isLetterOfItsOwn(scalar) else { return nil }
            codes[count] = code
            count += 1
            index += length
        }
        return count
    }

    private static func isLetterOfItsOwn(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x20..<0x7F,  // ASCII but controls (CR LF is one `Character`)
             0xA0..<0x300,  // Latin-1, Latin Extended-A and -B, IPA, spacing modifiers
             0x370..<0x483, 0x48A..<0x530,  // Greek and Cyrillic letters (not Cyrillic's combining marks)
             0x531..<0x588,  // Armenian
             0x5D0..<0x5EB,  // Hebrew letters (not its points)
             0x620..<0x64B,  // Arabic letters (not its vowel marks)
             0x1E00..<0x2000,  // Latin Extended Additional, Greek Extended
             0x3041..<0x3097, 0x30A1..<0x3100,  // kana (not the combining voicing marks)
             0x3400..<0x4DC0, 0x4E00..<0xA000,  // Han
             0xAC00..<0xD7A4:  // Hangul syllables
            true
        default:
            false
        }
    }

    private static func similarity<Letter: Equatable>(_ a: UnsafeBufferPointer<Letter>, _ b: UnsafeBufferPointer<Letter>,
                                                      prefixScale: Double) -> Double {
        let jaro = Letter.self == UInt8.self && (1...64).contains(a.count) && (1...64).contains(b.count)
            ? shortJaroSimilarity(UnsafeRawBufferPointer(a).assumingMemoryBound(to: UInt8.self),
                                  UnsafeRawBufferPointer(b).assumingMemoryBound(to: UInt8.self))
            : jaroSimilarity(a, b)
        // A counted loop: `zip(a, b).prefix(4).prefix(while:)` built an array on every call.
        var prefix = 0
        while prefix < min(4, a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
        return jaro + Double(prefix) * prefixScale * (1 - jaro)
    }

    /// `jaroSimilarity` for texts of 1 to 64 bytes (every name), bit-parallel: where each byte
    /// occurs in `b` is one word of a byte-indexed table, so finding a letter's match in its window
    /// is a mask and a count of trailing zeros instead of a scan, and the out-of-order count walks
    /// the set bits. The lowest free position is taken, as the scan takes the first, so the result
    /// is the same to the bit (the tests compare the two). ASCII only (the caller checks): the
    /// table's 128 words (1 KiB) then stay on the stack, where 256 went to the heap on every call.
    static func shortJaroSimilarity(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Double {
        assert(ASCIIText.isASCII(a) && ASCIIText.isASCII(b), "shortJaroSimilarity reads ASCII")
        let window = max(0, max(a.count, b.count) / 2 - 1)
        var matchedA: UInt64 = 0, matchedB: UInt64 = 0, matches = 0
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 128) { positions in
            // Only the entries of bytes in `a` or `b` are read, so only those are cleared.
            for byte in a { positions[Int(byte)] = 0 }
            for byte in b { positions[Int(byte)] = 0 }
            // Masking shifts (`&<<`): every amount here is below 64, and `<<` checks for larger
            // ones at each step of the loop.
            for (j, byte) in b.enumerated() { positions[Int(byte)] |= 1 &<< UInt64(j) }
            for i in 0..<a.count {
                let low = max(0, i - window), high = min(b.count - 1, i + window)
                guard low <= high else { continue }
                let width = high - low + 1
                let inWindow: UInt64 = (width == 64 ? ~0 : (1 &<< UInt64(width)) &- 1) &<< UInt64(low)
                let free = positions[Int(a[i])] & inWindow & ~matchedB
                if free != 0 {
                    matchedB |= 1 &<< UInt64(free.trailingZeroBitCount)
                    matchedA |= 1 &<< UInt64(i)
                    matches += 1
                }
            }
        }
        if matches == 0 { return 0 }
        var outOfOrder = 0
        while matchedA != 0 {
            if a[matchedA.trailingZeroBitCount] != b[matchedB.trailingZeroBitCount] { outOfOrder += 1 }
            matchedA &= matchedA - 1
            matchedB &= matchedB - 1
        }
        let m = Double(matches)
        return (m / Double(a.count) + m / Double(b.count) + (m - Double(outOfOrder / 2)) / m) / 3
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
