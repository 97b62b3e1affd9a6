/// Minimal DEFLATE (RFC 1951) encoder: LZ77 with hash chains, emitted as a
/// single fixed-Huffman block, wrapped in a zlib (RFC 1950) stream.
///
/// Fixed Huffman codes avoid building/serialising dynamic trees while still
/// getting most of the win on QR bitmaps, where the data is dominated by
/// long repeats (scanline = previous scanline, runs of 0x00/0xFF).
enum Deflate {
    static let windowSize = 32768
    static let minMatch = 3
    static let maxMatch = 258
    /// Candidates examined per position; plenty for highly repetitive bitmaps.
    static let maxChain = 48

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                             35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                              3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                               257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                               8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// zlib stream: CMF/FLG header (deflate, 32 K window), deflate data, Adler-32.
    static func zlibCompress(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x9C]  // 0x789C % 31 == 0, no preset dictionary
        out += deflate(data)
        let adler = adler32(data)
        out += [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
        return out
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        // 5552 is the largest block for which b cannot overflow 32 bits.
        var index = 0
        while index < data.count {
            let end = min(index + 5552, data.count)
            for i in index..<end {
                a += UInt32(data[i])
                b += a
            }
            a %= 65521
            b %= 65521
            index = end
        }
        return b << 16 | a
    }

    /// Raw DEFLATE data (one final fixed-Huffman block).
    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.write(1, count: 1)  // BFINAL
        writer.write(1, count: 2)  // BTYPE = 01, fixed Huffman

        let hashSize = 1 << 15
        var head = [Int](repeating: -1, count: hashSize)
        var previous = [Int](repeating: -1, count: windowSize)
        let n = data.count

        func hash(_ i: Int) -> Int {
            ((Int(data[i]) << 10) ^ (Int(data[i + 1]) << 5) ^ Int(data[i + 2])) & (hashSize - 1)
        }
        func insert(_ i: Int) {
            guard i + minMatch <= n else { return }
            let h = hash(i)
            previous[i & (windowSize - 1)] = head[h]
            head[h] = i
        }

        var i = 0
        while i < n {
            var bestLength = 0
            var bestDistance = 0
            if i + minMatch <= n {
                let limit = min(maxMatch, n - i)
                var candidate = head[hash(i)]
                var chain = maxChain
                while candidate >= 0, chain > 0 {
                    let distance = i - candidate
                    // Stale slots of the circular `previous` table show up as
                    // out-of-window or non-backward distances: stop there.
                    guard distance > 0, distance <= windowSize else { break }
                    var length = 0
                    while length < limit, data[candidate + length] == data[i + length] { length += 1 }
                    if length > bestLength {
                        bestLength = length
                        bestDistance = distance
                        if length == limit { break }
                    }
                    candidate = previous[candidate & (windowSize - 1)]
                    chain -= 1
                }
            }
            if bestLength >= minMatch {
                writer.writeLength(bestLength)
                writer.writeDistance(bestDistance)
                for j in i..<(i + bestLength) { insert(j) }
                i += bestLength
            } else {
                writer.writeLiteral(Int(data[i]))
                insert(i)
                i += 1
            }
        }
        writer.writeLiteral(256)  // end of block
        writer.flush()
        return writer.bytes
    }
}

/// LSB-first bit writer as DEFLATE requires; Huffman codes are bit-reversed
/// because they are defined MSB-first.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var accumulator: UInt32 = 0
    private var bitCount = 0

    mutating func write(_ value: Int, count: Int) {
        accumulator |= UInt32(truncatingIfNeeded: value) << UInt32(bitCount)
        bitCount += count
        while bitCount >= 8 {
            bytes.append(UInt8(accumulator & 0xFF))
            accumulator >>= 8
            bitCount -= 8
        }
    }

    mutating func writeCode(_ code: Int, length: Int) {
        var reversed = 0
        for k in 0..<length where (code >> k) & 1 == 1 { reversed |= 1 << (length - 1 - k) }
        write(reversed, count: length)
    }

    /// Literal/length alphabet with the fixed code lengths of RFC 1951 §3.2.6.
    mutating func writeLiteral(_ symbol: Int) {
        switch symbol {
        case 0...143: writeCode(0x30 + symbol, length: 8)
        case 144...255: writeCode(0x190 + symbol - 144, length: 9)
        case 256...279: writeCode(symbol - 256, length: 7)
        default: writeCode(0xC0 + symbol - 280, length: 8)
        }
    }

    mutating func writeLength(_ length: Int) {
        // Last base ≤ length; this maps 258 to code 285 as the RFC requires.
        var index = Deflate.lengthBase.count - 1
        while index > 0, Deflate.lengthBase[index] > length { index -= 1 }
        writeLiteral(257 + index)
        write(length - Deflate.lengthBase[index], count: Deflate.lengthExtra[index])
    }

    mutating func writeDistance(_ distance: Int) {
        var index = Deflate.distanceBase.count - 1
        while index > 0, Deflate.distanceBase[index] > distance { index -= 1 }
        writeCode(index, length: 5)
        write(distance - Deflate.distanceBase[index], count: Deflate.distanceExtra[index])
    }

    mutating func flush() {
        if bitCount > 0 { bytes.append(UInt8(accumulator & 0xFF)) }
        accumulator = 0
        bitCount = 0
    }
}
