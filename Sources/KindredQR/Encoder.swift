/// Chooses the segmentation and version, and builds the data codewords.
enum QREncoder {
    struct Plan: Sendable {
        let version: Int
        let segments: [QRSegment]
    }

    /// Smallest version ≥ `minimumVersion` whose data capacity holds the
    /// optimal segmentation. Because count-indicator widths differ per version
    /// range (1–9, 10–26, 27–40), the optimal split is computed once per range.
    static func plan(bytes: [UInt8], ecl: ErrorCorrection, minimumVersion: Int) throws -> Plan {
        let first = min(max(minimumVersion, 1), 40)
        var cache: [(segments: [QRSegment], bits: Int)?] = [nil, nil, nil]
        for version in first...40 {
            let range = version <= 9 ? 0 : (version <= 26 ? 1 : 2)
            let entry: (segments: [QRSegment], bits: Int)
            if let cached = cache[range] {
                entry = cached
            } else {
                let segments = makeSegments(bytes, version: version)
                entry = (segments, totalBits(segments, version: version))
                cache[range] = entry
            }
            if entry.bits <= QRTables.dataCodewords(version: version, ecl: ecl) * 8 {
                return Plan(version: version, segments: entry.segments)
            }
        }
        throw QRCodeError.dataTooLong
    }

    static func totalBits(_ segments: [QRSegment], version: Int) -> Int {
        segments.reduce(0) { $0 + $1.bitLength(version: version) }
    }

    /// Optimal mixed-mode segmentation for `version`'s count widths, with
    /// segments longer than the count indicator can express split up.
    static func makeSegments(_ bytes: [UInt8], version: Int) -> [QRSegment] {
        let modes = optimalModes(bytes, version: version)
        var segments: [QRSegment] = []
        var start = 0
        while start < bytes.count {
            let mode = modes[start]
            let limit = (1 << mode.characterCountBits(version: version)) - 1
            var end = start + 1
            while end < bytes.count, modes[end] == mode, end - start < limit { end += 1 }
            segments.append(QRSegment(mode: mode, bytes: bytes[start..<end]))
            start = end
        }
        return segments
    }

    /// Dynamic programme over input bytes (UTF-8 code units) in units of 1/6
    /// bit so numeric (10/3 bits) and alphanumeric (11/2 bits) costs are exact.
    /// State j after byte i = "the segment currently open is in mode j".
    /// Non-ASCII bytes are byte-mode only, so a multi-byte UTF-8 scalar can
    /// never be split across segments.
    ///
    /// The three modes (`QRMode.allCases`: byte 0, alphanumeric 1, numeric 2) are written out
    /// as locals: with arrays of three for the costs this was a tenth of encoding a connect link.
    /// The tests hold it to the array form on random texts.
    static func optimalModes(_ bytes: [UInt8], version: Int) -> [QRMode] {
        guard !bytes.isEmpty else { return [] }
        let header = (byte: (4 + QRMode.byte.characterCountBits(version: version)) * 6,
                      alphanumeric: (4 + QRMode.alphanumeric.characterCountBits(version: version)) * 6,
                      numeric: (4 + QRMode.numeric.characterCountBits(version: version)) * 6)
        let unreachable = Int.max / 4
        // Opening the first segment costs its header.
        var previous = header
        let count = bytes.count
        // via[i * 3 + j]: the mode byte i was encoded in, when in state j after it (-1: none).
        var via = [Int8](repeating: -1, count: count * 3)
        via.withUnsafeMutableBufferPointer { via in
            bytes.withUnsafeBufferPointer { bytes in
                for i in 0..<count {
                    let byte = bytes[i]
                    // 8, 5.5 and 3.33… bits a character, ×6. Byte mode carries every byte.
                    var byteCost = previous.byte < unreachable ? previous.byte + 48 : unreachable
                    var byteVia: Int8 = previous.byte < unreachable ? 0 : -1
                    var alphanumericCost = unreachable, alphanumericVia: Int8 = -1
                    if previous.alphanumeric < unreachable && QRMode.alphanumericValue(byte) != nil {
                        alphanumericCost = previous.alphanumeric + 33
                        alphanumericVia = 1
                    }
                    var numericCost = unreachable, numericVia: Int8 = -1
                    if previous.numeric < unreachable && byte &- 0x30 < 10 {
                        numericCost = previous.numeric + 20
                        numericVia = 2
                    }
                    // Switching after byte i: close segment k (rounded up to whole bits) and open
                    // one in mode j, from the costs before any switch here (a switch is never
                    // chained through another at the same position); the lower k wins a tie.
                    let closed = (byte: byteVia >= 0 ? (byteCost + 5) / 6 * 6 : -1,
                                  alphanumeric: alphanumericVia >= 0 ? (alphanumericCost + 5) / 6 * 6 : -1,
                                  numeric: numericVia >= 0 ? (numericCost + 5) / 6 * 6 : -1)
                    func consider(_ closedCost: Int, from k: Int8, opening open: Int, into cost: inout Int, via: inout Int8) {
                        guard closedCost >= 0, closedCost + open < cost else { return }
                        cost = closedCost + open
                        via = k
                    }
                    consider(closed.alphanumeric, from: 1, opening: header.byte, into: &byteCost, via: &byteVia)
                    consider(closed.numeric, from: 2, opening: header.byte, into: &byteCost, via: &byteVia)
                    consider(closed.byte, from: 0, opening: header.alphanumeric, into: &alphanumericCost, via: &alphanumericVia)
                    consider(closed.numeric, from: 2, opening: header.alphanumeric, into: &alphanumericCost, via: &alphanumericVia)
                    consider(closed.byte, from: 0, opening: header.numeric, into: &numericCost, via: &numericVia)
                    consider(closed.alphanumeric, from: 1, opening: header.numeric, into: &numericCost, via: &numericVia)
                    via[i * 3] = byteVia
                    via[i * 3 + 1] = alphanumericVia
                    via[i * 3 + 2] = numericVia
                    previous = (byteCost, alphanumericCost, numericCost)
                }
            }
        }

        let modes = QRMode.allCases
        let finals = [previous.byte, previous.alphanumeric, previous.numeric]
        var state = 0
        var best = unreachable
        let last = (count - 1) * 3
        for j in 0..<3 where via[last + j] >= 0 {
            let cost = (finals[j] + 5) / 6 * 6
            if cost < best { best = cost; state = j }
        }
        var result = [QRMode](repeating: .byte, count: count)
        for i in stride(from: count - 1, through: 0, by: -1) {
            let encodedIn = Int(via[i * 3 + state])
            guard encodedIn >= 0 else { break }  // unreachable: byte mode always applies
            result[i] = modes[encodedIn]
            state = encodedIn
        }
        return result
    }

    /// Mode/count/payload bits, terminator, byte alignment and the 0xEC/0x11
    /// pad codewords (§7.4.9, §7.4.10), sized to the symbol's data capacity.
    static func dataCodewords(segments: [QRSegment], version: Int, ecl: ErrorCorrection) -> [UInt8] {
        let capacityBits = QRTables.dataCodewords(version: version, ecl: ecl) * 8
        var buffer = BitBuffer(capacity: capacityBits)
        for segment in segments {
            buffer.append(segment.mode.indicator, count: 4)
            buffer.append(segment.characterCount, count: segment.mode.characterCountBits(version: version))
            buffer.append(segment.data)
        }
        buffer.append(0, count: min(4, max(0, capacityBits - buffer.count)))
        buffer.append(0, count: (8 - buffer.count % 8) % 8)
        var bytes = buffer.bytes
        var pad: UInt8 = 0xEC
        while bytes.count * 8 < capacityBits {
            bytes.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return bytes
    }
}
