/// Arithmetic in GF(2^8) with the QR field polynomial x^8+x^4+x^3+x^2+1 (0x11D).
enum GF256 {
    /// exp[i] = α^i, doubled to 512 entries so `exp[log a + log b]` needs no modulo.
    static let exp: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        var x = 1
        for i in 0..<255 {
            table[i] = UInt8(x)
            x <<= 1
            if x & 0x100 != 0 { x ^= 0x11D }
        }
        for i in 255..<512 { table[i] = table[i - 255] }
        return table
    }()

    static let log: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for i in 0..<255 { table[Int(exp[i])] = i }
        return table
    }()

    @inline(__always)
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return exp[log[Int(a)] + log[Int(b)]]
    }
}

/// Reed–Solomon error correction as specified in ISO 18004 §7.5.2.
enum ReedSolomon {
    /// Generator polynomial ∏(x − α^i) for i in 0..<degree, as coefficients
    /// from the x^(degree−1) term down to x^0; the monic leading 1 is implied.
    static func generator(degree: Int) -> [UInt8] {
        guard degree > 0 else { return [] }
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1  // start with the polynomial "1"
        var root: UInt8 = 1
        for _ in 0..<degree {
            // Multiply the current product by (x − root); in GF(2^8) minus is xor.
            for j in 0..<degree {
                result[j] = GF256.multiply(result[j], root)
                if j + 1 < degree { result[j] ^= result[j + 1] }
            }
            root = GF256.multiply(root, 2)
        }
        return result
    }

    /// For each degree QR uses (7 to 30), its generator times every byte: row `factor` holds
    /// factor·g(x), so the division below is one row XORed in per data byte, not a multiply per
    /// coefficient. Made once (about 240 KB).
    private static let products: [[UInt8]] = (0...30).map { degree in
        let generator = generator(degree: degree)
        var table = [UInt8](repeating: 0, count: 256 * degree)
        for factor in 1..<256 {
            for i in 0..<degree { table[factor * degree + i] = GF256.multiply(generator[i], UInt8(factor)) }
        }
        return table
    }

    /// Remainder of data·x^degree divided by the generator: the EC codewords.
    static func remainder(_ data: ArraySlice<UInt8>, degree: Int) -> [UInt8] {
        precondition(degree < products.count, "QR blocks carry at most 30 EC codewords")
        guard degree > 0 else { return [] }
        var result = [UInt8](repeating: 0, count: degree)
        data.withUnsafeBufferPointer { data in
            result.withUnsafeMutableBufferPointer { result in remainder(data, degree: degree, into: result) }
        }
        return result
    }

    /// `remainder`, written into `result` (`degree` zeros).
    private static func remainder(_ data: UnsafeBufferPointer<UInt8>, degree: Int, into result: UnsafeMutableBufferPointer<UInt8>) {
        products[degree].withUnsafeBufferPointer { table in
            for byte in data {
                // Shift out the leading coefficient and subtract factor·g(x) in one pass.
                let row = Int(byte ^ result[0]) * degree
                for i in 0..<degree - 1 { result[i] = result[i + 1] ^ table[row + i] }
                result[degree - 1] = table[row + degree - 1]
            }
        }
    }

    /// Splits the data codewords into blocks (Table 9), appends each block's
    /// EC codewords and interleaves them column by column (§7.6): first the
    /// i-th data codeword of every block, then the EC codewords likewise.
    ///
    /// Written by index into one buffer: walking arrays of blocks retained and released a
    /// block for every codeword placed, a tenth of encoding a connect link.
    static func addErrorCorrectionAndInterleave(data: [UInt8], version: Int, ecl: ErrorCorrection) -> [UInt8] {
        let eccLength = QRTables.eccPerBlock(version: version, ecl: ecl)
        precondition(eccLength < products.count, "QR blocks carry at most 30 EC codewords")
        let lengths = QRTables.blockDataLengths(version: version, ecl: ecl)
        let blocks = lengths.count
        // `data` always has exactly sum(lengths) bytes (built by QREncoder), but a block is
        // clamped to it anyway so a mismatch can never trap.
        var starts = [Int](repeating: 0, count: blocks), clamped = lengths
        var offset = 0
        for block in 0..<blocks {
            starts[block] = min(offset, data.count)
            clamped[block] = max(0, min(offset + lengths[block], data.count) - starts[block])
            offset += lengths[block]
        }
        let dataCount = clamped.reduce(0, +)
        let longest = clamped.max() ?? 0
        var ecc = [UInt8](repeating: 0, count: blocks * eccLength)
        return [UInt8](unsafeUninitializedCapacity: dataCount + blocks * eccLength) { result, initialized in
            data.withUnsafeBufferPointer { data in
                ecc.withUnsafeMutableBufferPointer { ecc in
                    var next = 0
                    for i in 0..<longest {
                        for block in 0..<blocks where i < clamped[block] {
                            result[next] = data[starts[block] + i]
                            next += 1
                        }
                    }
                    if eccLength > 0 {
                        for block in 0..<blocks {
                            let words = UnsafeBufferPointer(rebasing: data[starts[block]..<(starts[block] + clamped[block])])
                            remainder(words, degree: eccLength,
                                      into: UnsafeMutableBufferPointer(rebasing: ecc[(block * eccLength)..<((block + 1) * eccLength)]))
                        }
                    }
                    for i in 0..<eccLength {
                        for block in 0..<blocks {
                            result[next] = ecc[block * eccLength + i]
                            next += 1
                        }
                    }
                    initialized = next
                }
            }
        }
    }
}
