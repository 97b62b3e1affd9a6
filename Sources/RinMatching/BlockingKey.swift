/// A value that puts contacts in the same block: only contacts sharing a block are ever scored
/// against each other, which keeps matching near linear in the size of the book.
///
/// The keys are what §2.3's score table can use: a row that shows a pair needs a shared e-mail,
/// a shared phone or the same folded full name, so those find every pair the table would show.
/// (A key for typo'd names without a shared channel, such as family name plus initial or a
/// phonetic code, would only find pairs the table scores 0; it is left out until a row needs it.)
///
/// A channel with the family name (`phoneAndFamily`, `emailAndFamily`) is the same evidence
/// split finer: when a company switchboard is on more contacts than `MatchIndex.blockCap` and its
/// block is no longer searched, `H. Sato` and `Haruto Sato` on that switchboard still meet.
public enum BlockingKey: Hashable, Sendable {
    case email(String)
    case phone(String)
    case fullName(String)
    case emailAndFamily(String, String)
    case phoneAndFamily(String, String)
}

extension BlockingKey {
    /// A record's keys, in the order of `fingerprints`.
    static func keys(emails: [String], phones: [String], name: NameKey, fullName: String) -> [BlockingKey] {
        var keys = emails.map(BlockingKey.email) + phones.map(BlockingKey.phone)
        if !fullName.isEmpty { keys.append(.fullName(fullName)) }
        if !name.family.isEmpty {
            let family = name.familyKey
            keys += emails.map { .emailAndFamily($0, family) } + phones.map { .phoneAndFamily($0, family) }
        }
        return keys
    }

    /// `keys(…).map(\.fingerprint)`, without building the keys: `MatchRecord` keeps these, since
    /// the index files a record under them on every insert.
    static func fingerprints(emails: [String], phones: [String], name: NameKey, fullName: String) -> [UInt64] {
        let count = fingerprintCount(emails: emails, phones: phones, name: name, fullName: fullName)
        return [UInt64](unsafeUninitializedCapacity: count) { prints, initialized in
            writeFingerprints(emails: emails, phones: phones, name: name, fullName: fullName, into: prints)
            initialized = count
        }
    }

    /// How many keys `fingerprints` gives.
    static func fingerprintCount(emails: [String], phones: [String], name: NameKey, fullName: String) -> Int {
        let channels = emails.count + phones.count
        return channels + (fullName.isEmpty ? 0 : 1) + (name.family.isEmpty ? 0 : channels)
    }

    /// `fingerprints` written into `prints`, which holds `fingerprintCount` of them: a record
    /// keeps them in its own allocation.
    static func writeFingerprints(emails: [String], phones: [String], name: NameKey, fullName: String,
                                  into prints: UnsafeMutableBufferPointer<UInt64>) {
        let channels = emails.count + phones.count
        let hasName = !fullName.isEmpty, hasFamily = !name.family.isEmpty
        precondition(prints.count == fingerprintCount(emails: emails, phones: phones, name: name, fullName: fullName))
        let family = hasFamily ? BlockFingerprint.hash(name.familyKey) : 0
        // In `keys`' order: channels, the name, then each channel with the family name.
        let paired = channels + (hasName ? 1 : 0)
        for (offset, text) in emails.enumerated() {
            let hash = BlockFingerprint.hash(text)
            prints[offset] = BlockFingerprint.of(.email, text: hash)
            if hasFamily { prints[paired + offset] = BlockFingerprint.of(.emailAndFamily, first: hash, second: family) }
        }
        for (offset, text) in phones.enumerated() {
            let hash = BlockFingerprint.hash(text)
            prints[emails.count + offset] = BlockFingerprint.of(.phone, text: hash)
            if hasFamily {
                prints[paired + emails.count + offset] = BlockFingerprint.of(.phoneAndFamily, first: hash, second: family)
            }
        }
        if hasName { prints[channels] = BlockFingerprint.of(.fullName, fullName) }
    }
}
