/// Test-only DEFLATE decoder (stored and fixed-Huffman blocks, which is all
/// KindredQR emits), written independently of the encoder so PNG round trips
/// can be checked without Python. Returns nil on any malformed input.
struct TestInflate {
    private let input: [UInt8]
    private var bytePosition = 0
    private var bitPosition = 0

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// Inflates a zlib stream and verifies its header and Adler-32.
    static func zlib(_ stream: [UInt8]) -> [UInt8]? {
        guard stream.count >= 6, stream[0] & 0x0F == 8, (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0 else { return nil }
        var decoder = TestInflate(input: Array(stream[2..<(stream.count - 4)]))
        guard let out = decoder.inflate() else { return nil }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in out { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let stored = stream.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return stored == (b << 16 | a) ? out : nil
    }

    private init(input: [UInt8]) { self.input = input }

    private mutating func bit() -> Int? {
        guard bytePosition < input.count else { return nil }
        let value = Int(input[bytePosition] >> UInt8(bitPosition)) & 1
        bitPosition += 1
        if bitPosition == 8 { bitPosition = 0; bytePosition += 1 }
        return value
    }

    /// Extra bits / header fields: LSB first.
    private mutating func bits(_ count: Int) -> Int? {
        var value = 0
        for i in 0..<count {
            guard let b = bit() else { return nil }
            value |= b << i
        }
        return value
    }

    /// Huffman codes: MSB first.
    private mutating func code(_ count: Int, prefix: Int = 0) -> Int? {
        var value = prefix
        for _ in 0..<count {
            guard let b = bit() else { return nil }
            value = value << 1 | b
        }
        return value
    }

    private mutating func fixedLiteralLength() -> Int? {
        guard let seven = code(7) else { return nil }
        if seven <= 0b0010111 { return 256 + seven }
        guard let eight = code(1, prefix: seven) else { return nil }
        if (0x30...0xBF).contains(eight) { return eight - 0x30 }
        if (0xC0...0xC7).contains(eight) { return 280 + eight - 0xC0 }
        guard let nine = code(1, prefix: eight), (0x190...0x1FF).contains(nine) else { return nil }
        return 144 + nine - 0x190
    }

    private mutating func inflate() -> [UInt8]? {
        var out: [UInt8] = []
        var final = 0
        while final == 0 {
            guard let bfinal = bits(1), let type = bits(2) else { return nil }
            final = bfinal
            switch type {
            case 0:
                if bitPosition != 0 { bitPosition = 0; bytePosition += 1 }
                guard bytePosition + 4 <= input.count else { return nil }
                let length = Int(input[bytePosition]) | Int(input[bytePosition + 1]) << 8
                bytePosition += 4
                guard bytePosition + length <= input.count else { return nil }
                out += input[bytePosition..<(bytePosition + length)]
                bytePosition += length
            case 1:
                while true {
                    guard let symbol = fixedLiteralLength() else { return nil }
                    if symbol < 256 { out.append(UInt8(symbol)); continue }
                    if symbol == 256 { break }
                    let li = symbol - 257
                    guard li < 29, let le = bits(Self.lengthExtra[li]),
                          let di = code(5), di < 30, let de = bits(Self.distExtra[di]) else { return nil }
                    let length = Self.lengthBase[li] + le
                    let distance = Self.distBase[di] + de
                    guard distance <= out.count else { return nil }
                    for _ in 0..<length { out.append(out[out.count - distance]) }
                }
            default:
                return nil  // dynamic Huffman is never produced by KindredQR
            }
        }
        return out
    }
}
