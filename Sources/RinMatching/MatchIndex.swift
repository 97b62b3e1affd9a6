import Foundation

/// The blocking index of one profile's book (docs/RIN.md §2.3: matching stays inside one book),
/// built once per import and kept up to date as batches are added and merges remove contacts.
///
/// **Giant blocks.** A block is used to find candidates only while it holds at most `blockCap`
/// contacts. A key that many contacts share (a company switchboard, an `info@` address, a name
/// like "John Smith" in a large book) says little about any one pair, and comparing everyone in it
/// with everyone would make matching quadratic. Contacts in a giant block are still found through
/// their other keys: two John Smiths with the same e-mail are still sure. What is lost is the
/// weakest row of the table, "same full name" without a shared channel, for names held by more than
/// `blockCap` contacts, where suggesting every pair would bury the user anyway. Members of a
/// giant block are still kept, so the block is used again once removals shrink it: the index's
/// state depends only on the records it holds, never on the order they came in.
public struct MatchIndex: Sendable {
    /// 50: far above the few contacts one person, one phone or one name has in a real book, and
    /// at most 50 candidates per key per record keeps a batch of 100 cheap.
    public static let defaultBlockCap = 50

    public let blockCap: Int
    private var records: [UUID: MatchRecord] = [:]
    /// Each block's members, in the order they came (a removal moves the last into its place).
    private var blocks: [HashedBlockingKey: [MatchRecord]] = [:]

    public init(blockCap: Int = MatchIndex.defaultBlockCap) {
        self.blockCap = blockCap
    }

    /// An index with room for `capacity` contacts: a book's index grows to its size in one
    /// import, and growing its tables step by step (rehashing every block each time) was a
    /// third of the time spent adding to it.
    public init(blockCap: Int = MatchIndex.defaultBlockCap, reservingCapacity capacity: Int) {
        self.init(blockCap: blockCap)
        records.reserveCapacity(capacity)
        blocks.reserveCapacity(capacity * Self.blocksPerContact)
    }

    public init(_ records: some Collection<MatchRecord>, blockCap: Int = MatchIndex.defaultBlockCap, reservingCapacity extra: Int = 0) {
        self.init(blockCap: blockCap, reservingCapacity: records.count + extra)
        for record in records { insert(record) }
    }

    /// About how many blocks a contact adds: its name, and each e-mail and phone alone and with
    /// the family name (most cards carry one or two of each, and many share their blocks).
    static let blocksPerContact = 4

    public var count: Int { records.count }

    public func record(_ id: UUID) -> MatchRecord? { records[id] }

    public func contains(_ id: UUID) -> Bool { records[id] != nil }

    /// Adds `record`, or replaces the record with its id (a survivor after a merge).
    public mutating func insert(_ record: MatchRecord) {
        if records[record.id] != nil { remove(record.id) }
        records[record.id] = record
        for key in record.hashedBlockingKeys { blocks[key, default: []].append(record) }
    }

    public mutating func insert(contentsOf records: some Sequence<MatchRecord>) {
        for record in records { insert(record) }
    }

    @discardableResult
    public mutating func remove(_ id: UUID) -> MatchRecord? {
        guard let record = records.removeValue(forKey: id) else { return nil }
        for key in record.hashedBlockingKeys {
            guard let index = blocks.index(forKey: key) else { continue }
            var emptied = false
            // Edited in place through the dictionary's storage, not copied out and back.
            if let position = blocks.values[index].firstIndex(where: { $0.id == id }) {
                blocks.values[index].swapAt(position, blocks.values[index].count - 1)
                blocks.values[index].removeLast()
                emptied = blocks.values[index].isEmpty
            }
            if emptied { blocks.remove(at: index) }
        }
        return record
    }

    /// How many contacts hold `key`, giant blocks included.
    public func blockSize(_ key: BlockingKey) -> Int { blocks[HashedBlockingKey(key)]?.count ?? 0 }

    public func isGiant(_ key: BlockingKey) -> Bool { blockSize(key) > blockCap }

    /// The contacts sharing a block with `record` that is not giant, `record` itself left out,
    /// in survivor order (oldest first), so callers see them in the same order on every run.
    public func candidates(for record: MatchRecord) -> [MatchRecord] {
        var found: [MatchRecord] = []
        for key in record.hashedBlockingKeys {
            guard let members = blocks[key], members.count <= blockCap else { continue }
            for member in members where member.id != record.id {
                // A contact shares a few blocks at most: a scan of what was found beats a set.
                if !found.contains(where: { $0.id == member.id }) { found.append(member) }
            }
        }
        return found.sorted { $0.survives(over: $1) }
    }
}
