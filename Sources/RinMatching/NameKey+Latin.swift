import RinFormats

extension NameKey {
    /// `NameKey(PersonName(structured: name))` in one pass over the name's bytes, for names written
    /// in ASCII, the Latin letters `LatinFolding` folds, CJK ideographs and Hangul syllables
    /// (nearly every card of a book); nil for anything else, which takes the general path.
    ///
    /// Why: building the parts (`PersonName`) and then the key word by word was half of the
    /// time spent normalising a card, in small arrays and strings made and thrown away. Here the
    /// parts are folded into one buffer on the stack, cut into words and tokens there, and only
    /// the key's own strings and arrays are made. Folding first is sound because every letter of
    /// such text folds on its own (to ASCII letters, or to itself): the word breaks (whitespace,
    /// commas), the honorifics' look-up forms and the tokens come out as the general path makes
    /// them. `FastPathTests` compares the two on random names.
    init?(latinStructured name: ContactCard.StructuredName) {
        var given = name.given, additional = name.additional, family = name.family
        let length = given.utf8.count + additional.utf8.count + family.utf8.count + 2
        // A Latin letter of two or three bytes folds to at most two ASCII letters (`ß`, `ẞ`).
        let key = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * length) { folded -> NameKey? in
            var count = 0
            guard given.withUTF8({ LatinFolding.fold(utf8: $0, into: folded, count: &count, keepingSyllabaries: true) }) else {
                return nil
            }
            let givenEnd = count
            guard Self.appendSpace(folded, &count),
                  additional.withUTF8({ LatinFolding.fold(utf8: $0, into: folded, count: &count, keepingSyllabaries: true) }),
                  Self.appendSpace(folded, &count) else { return nil }
            let familyStart = count
            guard family.withUTF8({ LatinFolding.fold(utf8: $0, into: folded, count: &count, keepingSyllabaries: true) }) else {
                return nil
            }
            let text = UnsafeBufferPointer(rebasing: folded[..<count])
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * count + 2) { bounds in
                // `Last, First` typed into the given-name field alone: `PersonName(structured:)`
                // reads it as a formatted name.
                let rest = text[givenEnd...]
                if text[..<givenEnd].contains(UInt8(ascii: ",")), rest.allSatisfy(ASCIIText.isWhitespace) {
                    // The formatted reading puts family names first when written only in Han or
                    // Hangul: left to the general path.
                    guard !text.contains(where: { $0 >= 0x80 }) else { return nil }
                    let (words, familyCount) = Self.formattedWords(UnsafeBufferPointer(rebasing: text[..<givenEnd]), into: bounds)
                    return Self.key(text, words: words, familyCount: familyCount, bounds: bounds)
                }
                var words = 0, familyWords = 0
                // A space was put before the family name, so no word spans the two.
                Self.appendWords(of: text, from: 0, into: bounds, count: &words) { start in
                    if start >= familyStart { familyWords += 1 }
                }
                return Self.key(text, words: words, familyCount: familyWords, bounds: bounds)
            }
        }
        guard let key else { return nil }
        self = key
    }

    private static func appendSpace(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ count: inout Int) -> Bool {
        guard count < buffer.count else { return false }
        buffer[count] = 0x20
        count += 1
        return true
    }

    /// `PersonName.words`: the runs of `text` between whitespace and commas, as (start, end)
    /// pairs (offsets from `offset`) after the `count` already in `bounds`.
    private static func appendWords(of text: UnsafeBufferPointer<UInt8>, from offset: Int, into bounds: UnsafeMutableBufferPointer<Int>,
                                    count: inout Int, each: (Int) -> Void = { _ in }) {
        var start = -1
        for index in 0...text.count {
            if index == text.count || ASCIIText.isWhitespace(text[index]) || text[index] == UInt8(ascii: ",") {
                if start >= 0 {
                    bounds[2 * count] = offset + start
                    bounds[2 * count + 1] = offset + index
                    count += 1
                    each(offset + start)
                }
                start = -1
            } else if start < 0 {
                start = index
            }
        }
    }

    /// `PersonName(formatted:)`'s words in reading order, and how many of the last are the family
    /// name: the comma-separated parts that are not all suffixes; two parts are `Last, First`.
    private static func formattedWords(_ text: UnsafeBufferPointer<UInt8>, into bounds: UnsafeMutableBufferPointer<Int>) -> (Int, Int) {
        // The parts' words go after the space the final order needs: first each part's words as
        // read, at the end of `bounds`, then copied into place.
        var parts: [(start: Int, count: Int)] = []
        var words = 0, partStart = 0
        let scratch = UnsafeMutableBufferPointer(rebasing: bounds[(bounds.count / 2)...])
        for index in 0...text.count where index == text.count || text[index] == UInt8(ascii: ",") {
            let first = words
            appendWords(of: UnsafeBufferPointer(rebasing: text[partStart..<index]), from: partStart, into: scratch, count: &words)
            partStart = index + 1
            guard words > first else { continue }
            let isSuffixes = !parts.isEmpty && (first..<words).allSatisfy { word in
                Honorifics.isSuffix(UnsafeBufferPointer(rebasing: text[scratch[2 * word]..<scratch[2 * word + 1]]))
            }
            if !isSuffixes { parts.append((first, words - first)) }
        }
        let order = parts.count == 2 ? [parts[1], parts[0]] : parts
        var placed = 0
        for part in order {
            for word in part.start..<(part.start + part.count) {
                bounds[2 * placed] = scratch[2 * word]
                bounds[2 * placed + 1] = scratch[2 * word + 1]
                placed += 1
            }
        }
        return (placed, parts.count == 2 ? parts[0].count : (placed > 1 ? 1 : 0))
    }

    /// The key of `words` (pairs in `bounds`), the last `familyCount` being the family name, by
    /// `PersonName.split`: honorifics off the front, suffixes off the end, never the last word.
    private static func key(_ text: UnsafeBufferPointer<UInt8>, words: Int, familyCount: Int,
                            bounds: UnsafeMutableBufferPointer<Int>) -> NameKey {
        let word = { (index: Int) in UnsafeBufferPointer(rebasing: text[bounds[2 * index]..<bounds[2 * index + 1]]) }
        var first = 0, end = words, familyCount = familyCount
        while end - first > 1, Honorifics.isPrefix(word(first)) {
            first += 1
            familyCount = min(familyCount, end - first)
        }
        while end - first > 1, Honorifics.isSuffix(word(end - 1)) {
            end -= 1
            familyCount = max(familyCount == 0 ? 0 : 1, familyCount - 1)
        }
        familyCount = min(familyCount, end - first)
        return key(words: first..<end, familyFrom: end - familyCount, word: word, capacity: text.count)
    }

    /// The tokens of `words` (`tokens`: runs of letters and digits, apostrophes joining), the
    /// words from `familyFrom` on being the family name, written once into the full key.
    private static func key(words: Range<Int>, familyFrom: Int, word: (Int) -> UnsafeBufferPointer<UInt8>,
                            capacity: Int) -> NameKey {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity + 1) { text in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity + 2) { tokenBounds in
                var length = 0, tokens = 0, givenTokens = 0
                for index in words {
                    var inToken = false
                    for byte in word(index) {
                        if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") { continue }
                        // A byte from 0x80 is part of an ideograph or syllable, a letter.
                        if ASCIIText.isLetterOrDigit(byte) || byte >= 0x80 {
                            if !inToken {
                                if tokens > 0 {
                                    text[length] = 0x20
                                    length += 1
                                }
                                tokenBounds[2 * tokens] = length
                                inToken = true
                            }
                            text[length] = byte
                            length += 1
                        } else if inToken {
                            tokenBounds[2 * tokens + 1] = length
                            tokens += 1
                            inToken = false
                        }
                    }
                    if inToken {
                        tokenBounds[2 * tokens + 1] = length
                        tokens += 1
                    }
                    if index < familyFrom { givenTokens = tokens }
                }
                let token = { (index: Int) in UnsafeBufferPointer(rebasing: text[tokenBounds[2 * index]..<tokenBounds[2 * index + 1]]) }
                let string = { (index: Int) in String(decoding: token(index), as: UTF8.self) }
                let given = (0..<givenTokens).map(string), family = (givenTokens..<tokens).map(string)
                let fullKey = String(decoding: UnsafeBufferPointer(rebasing: text[..<length]), as: UTF8.self)
                let familyKey = givenTokens == tokens
                    ? "" : String(decoding: UnsafeBufferPointer(rebasing: text[tokenBounds[2 * givenTokens]..<length]), as: UTF8.self)
                return NameKey(givenTokens: given, familyTokens: family, fullKey: fullKey, familyKey: familyKey,
                               sortedKey: sortedKey(tokens, token))
            }
        }
    }

    /// The tokens sorted and joined, nil when they already are in order. UTF-8's byte order is
    /// the order of scalars, which is `String`'s for this text (ASCII, ideographs and syllables,
    /// all unchanged by normalisation): an insertion sort of the few tokens a name has.
    private static func sortedKey(_ count: Int, _ token: (Int) -> UnsafeBufferPointer<UInt8>) -> String? {
        if (0..<max(0, count - 1)).allSatisfy({ !token($0 + 1).lexicographicallyPrecedes(token($0)) }) { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { order in
            var length = count - 1
            for index in 0..<count {
                var position = index
                while position > 0, token(index).lexicographicallyPrecedes(token(order[position - 1])) {
                    order[position] = order[position - 1]
                    position -= 1
                }
                order[position] = index
                length += token(index).count
            }
            return String(unsafeUninitializedCapacity: length) { text in
                var written = 0
                for position in 0..<count {
                    if position > 0 {
                        text[written] = 0x20
                        written += 1
                    }
                    for byte in token(order[position]) {
                        text[written] = byte
                        written += 1
                    }
                }
                return written
            }
        }
    }
}
