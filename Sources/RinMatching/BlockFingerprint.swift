/// A blocking key reduced to 64 bits, the form the index files it under (`MatchIndex`).
///
/// Why a fingerprint and not the key: the index looks a record's keys up on every insert, and
/// hashing and comparing the key's text there (seeded SipHash, then string equality in a table of
/// some 40,000 keys per 10,000 contacts) was a third of matching. A fingerprint is worked out once
/// per record from the bytes it already holds, with no key values built.
///
/// Why this is safe: a block only proposes candidates; the scorer then compares the two records'
/// own values. Two keys that collided would at worst put two unrelated contacts in one block and
/// cost one more scored pair (or, in a book of some 50 colliding contacts, make a block giant).
/// With 64 well-mixed bits and 40,000 keys a book, the chance of any collision is about 10⁻¹⁰.
/// The hash is unseeded: a book's owner is the only one who writes its keys, so crafting
/// collisions could only cost that owner some candidate pairs.
enum BlockFingerprint {
    /// One kind of key per tag, so an e-mail and a name with the same text stay apart.
    enum Tag: UInt8 {
        case email = 1, phone, fullName, emailAndFamily, phoneAndFamily
    }

    static func of(_ tag: Tag, _ text: String) -> UInt64 {
        of(tag, text: hash(text))
    }

    static func of(_ tag: Tag, _ first: String, _ second: String) -> UInt64 {
        of(tag, first: hash(first), second: hash(second))
    }

    /// A text's own 64 bits (FNV-1a over its bytes), from which its keys' fingerprints are made:
    /// a record's e-mails, phones and family name each appear in two keys, and are read once.
    static func hash(_ text: String) -> UInt64 {
        var state = offsetBasis
        absorb(text, into: &state)
        return state
    }

    /// `hash` of a text's bytes.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var state = offsetBasis
        for byte in bytes { absorb(byte: byte, into: &state) }
        return state
    }

    /// A key of one text, from `hash(text)`.
    static func of(_ tag: Tag, text: UInt64) -> UInt64 {
        finish(text ^ (UInt64(tag.rawValue) &* 0x9e37_79b9_7f4a_7c15))
    }

    /// A key of two texts, in order (the first rotated, so (`a`, `b`) and (`b`, `a`) differ).
    static func of(_ tag: Tag, first: UInt64, second: UInt64) -> UInt64 {
        finish((first << 29 | first >> 35) &* prime ^ second ^ (UInt64(tag.rawValue) &* 0x9e37_79b9_7f4a_7c15))
    }

    // FNV-1a over each text's bytes; the kind and a second text mixed in; then MurmurHash3's
    // 64-bit finaliser, which spreads FNV's weak low bits over the whole word: the table indexes
    // by the low bits.
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    @inline(__always)
    private static func absorb(byte: UInt8, into state: inout UInt64) {
        state = (state ^ UInt64(byte)) &* prime
    }

    private static func absorb(_ text: String, into state: inout UInt64) {
        var text = text
        // Native strings, small ones included, give their bytes in place.
        text.withUTF8 { bytes in
            for byte in bytes { absorb(byte: byte, into: &state) }
        }
    }

    private static func finish(_ state: UInt64) -> UInt64 {
        var value = state
        value ^= value >> 33
        value &*= 0xff51_afd7_ed55_8ccd
        value ^= value >> 33
        value &*= 0xc4ce_b9fe_1a85_ec53
        value ^= value >> 33
        return value
    }
}

extension BlockingKey {
    var fingerprint: UInt64 {
        switch self {
        case .email(let address): BlockFingerprint.of(.email, address)
        case .phone(let number): BlockFingerprint.of(.phone, number)
        case .fullName(let name): BlockFingerprint.of(.fullName, name)
        case .emailAndFamily(let address, let family): BlockFingerprint.of(.emailAndFamily, address, family)
        case .phoneAndFamily(let number, let family): BlockFingerprint.of(.phoneAndFamily, number, family)
        }
    }
}
