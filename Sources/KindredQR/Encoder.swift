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
    static func optimalModes(_ bytes: [UInt8], version: Int) -> [QRMode] {
        let modes = QRMode.allCases  // byte, alphanumeric, numeric
        let count = modes.count
        guard !bytes.isEmpty else { return [] }
        let perChar = [48, 33, 20]  // 8, 5.5 and 3.33… bits, ×6
        let header = modes.map { (4 + $0.characterCountBits(version: version)) * 6 }
        let unreachable = Int.max / 4

        var previous = header  // opening the first segment costs its header
        var current = previous, extended = previous, extendedVia = previous
        // via[i * count + j]: mode index byte i was encoded in, when in state j after it; one
        // flat array, not one per byte.
        var via = [Int](repeating: -1, count: bytes.count * count)
        for (i, byte) in bytes.enumerated() {
            let row = i * count
            for j in 0..<count {
                current[j] = unreachable
                if modes[j].canEncode(byte) && previous[j] < unreachable {
                    current[j] = previous[j] + perChar[j]
                    via[row + j] = j
                }
            }
            // Switching after byte i: close segment k (rounded up to whole bits)
            // and open a segment in mode j. Uses a snapshot so a switch is
            // never chained through another switch at the same position.
            for j in 0..<count {
                extended[j] = current[j]
                extendedVia[j] = via[row + j]
            }
            for j in 0..<count {
                for k in 0..<count where k != j && extendedVia[k] >= 0 {
                    let cost = (extended[k] + 5) / 6 * 6 + header[j]
                    if cost < current[j] {
                        current[j] = cost
                        via[row + j] = k
                    }
                }
            }
            swap(&previous, &current)
        }

        var state = 0
        var best = unreachable
        let last = (bytes.count - 1) * count
        for j in 0..<count where via[last + j] >= 0 {
            let cost = (previous[j] + 5) / 6 * 6
            if cost < best { best = cost; state = j }
        }
        var result = [QRMode](repeating: .byte, count: bytes.count)
        for i in stride(from: bytes.count - 1, through: 0, by: -1) {
            let encodedIn = via[i * count + state]
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
