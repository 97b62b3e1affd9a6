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
    /// A record's keys; `MatchRecord` keeps them, since the index reads them on every insert,
    /// removal and look-up.
    static func keys(emails: [String], phones: [String], name: NameKey, fullName: String) -> [BlockingKey] {
        var keys = emails.map(BlockingKey.email) + phones.map(BlockingKey.phone)
        if !fullName.isEmpty { keys.append(.fullName(fullName)) }
        if !name.family.isEmpty {
            let family = name.familyKey
            keys += emails.map { .emailAndFamily($0, family) } + phones.map { .phoneAndFamily($0, family) }
        }
        return keys
    }
}

/// A blocking key with its hash worked out once, when its record is built: the index looks every
/// key up on each insert, removal and candidate search, and grows its table as a book is
/// imported, and hashing the text again at each would be most of its work.
struct HashedBlockingKey: Hashable, Sendable {
    let key: BlockingKey
    let hash: Int

    init(_ key: BlockingKey) {
        self.key = key
        hash = key.hashValue
    }

    static func == (left: HashedBlockingKey, right: HashedBlockingKey) -> Bool {
        left.hash == right.hash && left.key == right.key
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
