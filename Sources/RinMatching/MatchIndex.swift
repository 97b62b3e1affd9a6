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
    /// Contacts by slot; a removed contact's slot is reused (`freeSlots`). Blocks name their
    /// members by slot, so building, searching and freeing an index of a whole book moves small
    /// integers rather than retaining and releasing a record per block per contact.
    private var slots: [MatchRecord?] = []
    private var freeSlots: [Int32] = []
    private var slotOfID = SlotTable<UUID>(placeholder: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    /// Each block's number by its key's `BlockFingerprint`, given when a contact first holds the
    /// key and kept for the index's life (an emptied block is an empty `Block`): a key is looked
    /// up once per insert, never on a removal or a candidate search, which read `keysOfSlot`.
    private var keyNumbers = SlotTable<UInt64>(placeholder: 0)
    private var blocks: [Block] = []
    /// Each slot's block numbers, as a run of `keyPool`: one array for the whole index rather
    /// than one per contact (made and freed with every insert and removal). A removed or replaced
    /// contact's run is left behind until the left-behind runs outweigh the live ones.
    private var keysOfSlot: [(start: Int32, count: Int32)] = []
    private var keyPool: [Int32] = []
    private var liveKeys = 0

    /// One block's members, in the order they came (a removal moves the last into its place).
    /// Most keys (an e-mail address, a phone) belong to one contact: the first member is kept
    /// inline, so such a block allocates nothing.
    private struct Block {
        private(set) var count = 0
        private var first: Int32 = -1
        private var rest: [Int32] = []

        subscript(position: Int) -> Int32 { position == 0 ? first : rest[position - 1] }

        mutating func append(_ slot: Int32) {
            if count == 0 { first = slot } else { rest.append(slot) }
            count += 1
        }

        mutating func remove(_ slot: Int32) {
            guard let position = (0..<count).first(where: { self[$0] == slot }) else { return }
            let last = self[count - 1]
            if position == 0 { first = last } else { rest[position - 1] = last }
            if count > 1 { rest.removeLast() }
            count -= 1
        }
    }

    public init(blockCap: Int = MatchIndex.defaultBlockCap) {
        self.blockCap = blockCap
    }

    /// An index with room for `capacity` contacts: a book's index grows to its size in one
    /// import, and growing its tables step by step (rehashing every block each time) was a
    /// third of the time spent adding to it.
    public init(blockCap: Int = MatchIndex.defaultBlockCap, reservingCapacity capacity: Int) {
        self.init(blockCap: blockCap)
        slots.reserveCapacity(capacity)
        keysOfSlot.reserveCapacity(capacity)
        keyPool.reserveCapacity(capacity * Self.blocksPerContact * 2)
        slotOfID.reserveCapacity(capacity)
        keyNumbers.reserveCapacity(capacity * Self.blocksPerContact)
        blocks.reserveCapacity(capacity * Self.blocksPerContact)
    }

    public init(_ records: some Collection<MatchRecord>, blockCap: Int = MatchIndex.defaultBlockCap, reservingCapacity extra: Int = 0) {
        self.init(blockCap: blockCap, reservingCapacity: records.count + extra)
        for record in records { insert(record) }
    }

    /// About how many blocks a contact adds: its name, and each e-mail and phone alone and with
    /// the family name (most cards carry one or two of each, and many share their blocks).
    static let blocksPerContact = 4

    public var count: Int { slotOfID.count }

    public func record(_ id: UUID) -> MatchRecord? { slotOfID[id].flatMap { slots[Int($0)] } }

    public func contains(_ id: UUID) -> Bool { slotOfID[id] != nil }

    /// Adds `record`, or replaces the record with its id (a survivor after a merge).
    public mutating func insert(_ record: MatchRecord) {
        if slotOfID[record.id] != nil { remove(record.id) }
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            slots[Int(slot)] = record
        } else {
            slot = Int32(slots.count)
            slots.append(record)
            keysOfSlot.append((0, 0))
        }
        slotOfID.set(slot, for: record.id)
        let prints = record.blockFingerprints
        let start = keyPool.count
        for print in prints {
            let next = Int32(blocks.count)
            let number = keyNumbers.value(for: print) { next }
            if number == next { blocks.append(Block()) }
            blocks[Int(number)].append(slot)
            keyPool.append(number)
        }
        keysOfSlot[Int(slot)] = (Int32(start), Int32(prints.count))
        liveKeys += prints.count
    }

    /// The block numbers of a slot's contact.
    private func keys(of slot: Int32) -> ArraySlice<Int32> {
        let run = keysOfSlot[Int(slot)]
        return keyPool[Int(run.start)..<Int(run.start + run.count)]
    }

    /// Rewrites `keyPool` with the live runs only, once the left-behind ones are most of it.
    private mutating func compactKeysIfWasteful() {
        guard keyPool.count > 2 * liveKeys + 4_096 else { return }
        var pool: [Int32] = []
        pool.reserveCapacity(2 * liveKeys)
        for slot in keysOfSlot.indices {
            let run = keysOfSlot[slot]
            let start = pool.count
            pool += keyPool[Int(run.start)..<Int(run.start + run.count)]
            keysOfSlot[slot] = (Int32(start), run.count)
        }
        keyPool = pool
    }

    public mutating func insert(contentsOf records: some Sequence<MatchRecord>) {
        for record in records { insert(record) }
    }

    @discardableResult
    public mutating func remove(_ id: UUID) -> MatchRecord? {
        guard let slot = slotOfID.removeValue(for: id), let record = slots[Int(slot)] else { return nil }
        for number in keys(of: slot) { blocks[Int(number)].remove(slot) }
        slots[Int(slot)] = nil
        liveKeys -= Int(keysOfSlot[Int(slot)].count)
        keysOfSlot[Int(slot)] = (0, 0)
        compactKeysIfWasteful()
        freeSlots.append(slot)
        return record
    }

    /// How many contacts hold `key`, giant blocks included.
    public func blockSize(_ key: BlockingKey) -> Int {
        keyNumbers[key.fingerprint].map { blocks[Int($0)].count } ?? 0
    }

    public func isGiant(_ key: BlockingKey) -> Bool { blockSize(key) > blockCap }

    /// The contacts sharing a block with `record` that is not giant, `record` itself left out,
    /// in survivor order (oldest first), so callers see them in the same order on every run.
    /// A record the index does not hold (a probe) is looked up by its keys.
    public func candidates(for record: MatchRecord) -> [MatchRecord] {
        var found: [MatchRecord] = []
        forEachCandidate(of: record) { found.append($0) }
        return found.sorted { $0.survives(over: $1) }
    }

    /// `candidates(for:)` in no particular order, without gathering them: the planner, which
    /// sorts what it keeps, asks this for every new contact.
    func forEachCandidate(of record: MatchRecord, _ body: (MatchRecord) -> Void) {
        let own = slotOfID[record.id] ?? -1
        // The index's own record has its keys' numbers at hand; a probe's are looked up.
        let held = own >= 0 && slots[Int(own)]?.isStored(as: record) == true
        let numbers = held ? keys(of: own) : ArraySlice(record.blockFingerprints.compactMap { keyNumbers[$0] })
        // A contact shares a few blocks at most: a scan of what was found beats a set.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { small in
            var found: [Int32] = []
            var count = 0
            for number in numbers {
                // Read in place: a copy of the block would retain and release its members' array.
                let size = blocks[Int(number)].count
                guard size <= blockCap else { continue }
                for position in 0..<size {
                    let member = blocks[Int(number)][position]
                    if member == own { continue }
                    if count < small.count {
                        if small[..<count].contains(member) { continue }
                        small[count] = member
                        count += 1
                    } else if !small.contains(member) && !found.contains(member) {
                        found.append(member)
                    }
                }
            }
            for member in small[..<count] { if let candidate = slots[Int(member)] { body(candidate) } }
            for member in found { if let candidate = slots[Int(member)] { body(candidate) } }
        }
    }
}
