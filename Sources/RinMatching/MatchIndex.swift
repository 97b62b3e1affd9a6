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
///
/// **A channel with the family name** (`BlockingKey.emailAndFamily`, `.phoneAndFamily`) is the
/// channel's block split finer, and finds something the channel does not only while the channel
/// is giant. So those blocks are filled only then: when a channel's block grows past `blockCap`,
/// its members are filed under their family pairs, and when it shrinks back they leave them. Most
/// contacts are on no giant channel, and an index filed every pair as well held twice the keys,
/// each a look-up on every insert and a block to read on every candidate search.
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
    /// Each slot's block numbers (its channels', then its name's), as a run of `keyPool`: one
    /// array for the whole index rather than one per contact (made and freed with every insert and
    /// removal). A removed or replaced contact's run is left behind until the left-behind runs
    /// outweigh the live ones.
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

    /// About how many blocks a contact adds: its name, and each e-mail and phone (most cards
    /// carry one or two of each, and many share their blocks).
    static let blocksPerContact = 4

    public var count: Int { slotOfID.count }

    public func record(_ id: UUID) -> MatchRecord? { slotOfID[id].flatMap { slots[Int($0)] } }

    public func contains(_ id: UUID) -> Bool { slotOfID[id] != nil }

    /// Adds `record`, or replaces the record with its id (a survivor after a merge).
    public mutating func insert(_ record: MatchRecord) {
        let fresh = freeSlots.last ?? Int32(slots.count)
        // One probe: the id's slot, or `fresh` filed as it.
        let slot = slotOfID.value(for: record.id) { fresh }
        if slot != fresh {
            // A replacement keeps its slot; only its keys change.
            unfile(slot)
        } else if freeSlots.isEmpty {
            slots.append(nil)
            keysOfSlot.append((0, 0))
        } else {
            freeSlots.removeLast()
        }
        slots[Int(slot)] = record
        file(record, at: slot)
    }

    /// Files a slot's contact under its channels and its name, and under a channel with its
    /// family name where the channel's block is giant.
    private mutating func file(_ record: MatchRecord, at slot: Int32) {
        let direct = record.directKeyCount
        let start = keyPool.count
        for index in 0..<direct {
            let next = Int32(blocks.count)
            let number = keyNumbers.value(for: record.blockFingerprint(index)) { next }
            if number == next { blocks.append(Block()) }
            blocks[Int(number)].append(slot)
            keyPool.append(number)
        }
        keysOfSlot[Int(slot)] = (Int32(start), Int32(direct))
        liveKeys += direct
        fileFamilyPairs(of: slot, channels: record.channelKeyCount, from: start, filing: true)
    }

    /// Takes a slot's contact out of every block it is in, leaving the slot itself.
    private mutating func unfile(_ slot: Int32) {
        guard let record = slots[Int(slot)] else { return }
        let run = keysOfSlot[Int(slot)]
        let start = Int(run.start)
        // The family pairs first, while the channels' blocks still count this contact.
        fileFamilyPairs(of: slot, channels: record.channelKeyCount, from: start, filing: false)
        for position in start..<(start + Int(run.count)) { blocks[Int(keyPool[position])].remove(slot) }
        liveKeys -= Int(run.count)
        keysOfSlot[Int(slot)] = (0, 0)
    }

    /// For each channel of a slot's contact whose block is giant while it counts the contact:
    /// files (or unfiles) the contact under the channel with its family name, or, when the
    /// contact is the one that takes the block past the cap (filing: it just became giant;
    /// unfiling: it is about to stop being so), every member of the block.
    private mutating func fileFamilyPairs(of slot: Int32, channels: Int, from start: Int, filing: Bool) {
        for index in 0..<channels {
            let number = keyPool[start + index]
            let size = blocks[Int(number)].count
            if size == blockCap + 1 {
                for position in 0..<size { fileFamilyPair(of: blocks[Int(number)][position], channel: number, filing: filing) }
            } else if size > blockCap + 1 {
                fileFamilyPair(of: slot, channel: number, filing: filing)
            }
        }
    }

    /// Files (or unfiles) a slot's contact under one of its channels with its family name; a
    /// contact without a family name has no such key.
    private mutating func fileFamilyPair(of slot: Int32, channel number: Int32, filing: Bool) {
        guard let record = slots[Int(slot)], record.hasFamilyKeys else { return }
        let run = keysOfSlot[Int(slot)]
        guard let index = (0..<record.channelKeyCount).first(where: { keyPool[Int(run.start) + $0] == number }) else { return }
        let print = record.blockFingerprint(record.directKeyCount + index)
        if filing {
            let next = Int32(blocks.count)
            let pair = keyNumbers.value(for: print) { next }
            if pair == next { blocks.append(Block()) }
            blocks[Int(pair)].append(slot)
        } else if let pair = keyNumbers[print] {
            blocks[Int(pair)].remove(slot)
        }
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
        unfile(slot)
        slots[Int(slot)] = nil
        compactKeysIfWasteful()
        freeSlots.append(slot)
        return record
    }

    /// How many contacts hold `key`, giant blocks included. A channel with a family name counts
    /// its contacts only while the channel's own block is giant (and is otherwise 0).
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
        let start = held ? Int(keysOfSlot[Int(own)].start) : 0
        let direct = record.directKeyCount, channels = record.channelKeyCount
        // A contact shares a few blocks at most: a scan of what was found beats a set.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { small in
            var found: [Int32] = []
            var count = 0
            for index in 0..<direct {
                guard var number = held ? keyPool[start + index] : keyNumbers[record.blockFingerprint(index)] else { continue }
                if blocks[Int(number)].count > blockCap {
                    // A giant channel is searched by family name instead.
                    guard index < channels, record.hasFamilyKeys, let pair = keyNumbers[record.blockFingerprint(direct + index)],
                          blocks[Int(pair)].count <= blockCap
                    else { continue }
                    number = pair
                }
                // Read in place: a copy of the block would retain and release its members' array.
                for position in 0..<blocks[Int(number)].count {
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
