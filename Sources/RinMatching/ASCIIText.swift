/// Byte-level helpers for the ASCII fast paths of normalisation. Most names, addresses and numbers
/// in an address book are ASCII, where Unicode's rules reduce to a few byte tests; each fast path
/// gives exactly what its Unicode path gives for the same text (their tests compare the two), at
/// a fraction of the cost of `Character`s, Unicode property look-ups and Foundation's bridging.
enum ASCIIText {
    /// Whether every byte is ASCII.
    static func isASCII(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }

    /// Unicode White_Space within ASCII (tab, line feed, vertical tab, form feed, carriage return,
    /// space): what `.whitespacesAndNewlines` and `Character.isWhitespace` mean there.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// C0 controls and DEL (general category Cc).
    static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F
    }

    static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (0x61...0x7A).contains(lower) || (0x30...0x39).contains(byte)
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte | 0x20)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte)
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// `bytes` lowercased, as a string.
    static func lowercasedString(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (offset, byte) in bytes.enumerated() { buffer[offset] = lowercased(byte) }
            return bytes.count
        }
    }
}
