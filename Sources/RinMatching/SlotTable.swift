import Foundation

/// A key `SlotTable` can file: it brings its own well-mixed 64 bits.
protocol SlotTableKey: Equatable, Sendable {
    var tableHash: UInt64 { get }
}

extension UInt64: SlotTableKey {
    /// A `BlockFingerprint` is already mixed.
    var tableHash: UInt64 { self }
}

extension UUID: SlotTableKey {
    /// The two halves folded and mixed (MurmurHash3's finaliser). Unseeded is fine: ids are made
    /// by the server (random) or are a book's own, and a crafted clash costs only probing.
    var tableHash: UInt64 {
        let (high, low) = orderKey
        var value = high ^ (low &* 0x9e37_79b9_7f4a_7c15)
        value ^= value >> 33
        value &*= 0xff51_afd7_ed55_8ccd
        value ^= value >> 33
        return value
    }
}

/// A hash table from a key to a small number (a contact's slot, a block's number), for
/// `MatchIndex`: open addressing with linear probing over one array of entries, and removal by
/// shifting back the entries after it (no tombstones, so a long-lived index never degrades).
///
/// Why not `Dictionary`: it hashes every key with seeded SipHash, and the index looks up several
/// keys for every contact it adds, finds candidates for and removes; with keys that bring their
/// own hash, a look-up is one multiply and, mostly, one cache line.
struct SlotTable<Key: SlotTableKey>: Sendable {
    private struct Entry {
        var key: Key
        /// -1: the entry is empty.
        var value: Int32
    }

    private var entries: [Entry]
    private var mask: Int
    private let placeholder: Key
    private(set) var count = 0

    /// - Parameter placeholder: any key, stored in empty entries (never compared there).
    init(placeholder: Key, capacity: Int = 0) {
        self.placeholder = placeholder
        let size = Self.size(for: capacity)
        entries = Array(repeating: Entry(key: placeholder, value: -1), count: size)
        mask = size - 1
    }

    /// At most half full: linear probing stays short.
    private static func size(for capacity: Int) -> Int {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        return size
    }

    mutating func reserveCapacity(_ capacity: Int) {
        if capacity * 2 > entries.count { rehash(to: Self.size(for: capacity)) }
    }

    subscript(key: Key) -> Int32? {
        var position = Int(truncatingIfNeeded: key.tableHash) & mask
        while true {
            let entry = entries[position]
            if entry.value < 0 { return nil }
            if entry.key == key { return entry.value }
            position = (position + 1) & mask
        }
    }

    /// The key's value; when it has none, `make()` becomes it. One probe either way.
    mutating func value(for key: Key, insertingIfAbsent make: () -> Int32) -> Int32 {
        if (count + 1) * 2 > entries.count { rehash(to: entries.count * 2) }
        var position = Int(truncatingIfNeeded: key.tableHash) & mask
        while entries[position].value >= 0 {
            if entries[position].key == key { return entries[position].value }
            position = (position + 1) & mask
        }
        let value = make()
        precondition(value >= 0, "SlotTable values are never negative")
        entries[position] = Entry(key: key, value: value)
        count += 1
        return value
    }

    /// Sets the key's value, replacing any.
    mutating func set(_ value: Int32, for key: Key) {
        if (count + 1) * 2 > entries.count { rehash(to: entries.count * 2) }
        var position = Int(truncatingIfNeeded: key.tableHash) & mask
        while entries[position].value >= 0 {
            if entries[position].key == key {
                entries[position].value = value
                return
            }
            position = (position + 1) & mask
        }
        precondition(value >= 0, "SlotTable values are never negative")
        entries[position] = Entry(key: key, value: value)
        count += 1
    }

    @discardableResult
    mutating func removeValue(for key: Key) -> Int32? {
        var position = Int(truncatingIfNeeded: key.tableHash) & mask
        while true {
            let entry = entries[position]
            if entry.value < 0 { return nil }
            if entry.key == key { break }
            position = (position + 1) & mask
        }
        let removed = entries[position].value
        // Shift back every later entry of the run that may sit at the freed place: an entry can
        // move to `hole` when its home is not cyclically in (hole, here].
        var hole = position
        var next = (position + 1) & mask
        while entries[next].value >= 0 {
            let home = Int(truncatingIfNeeded: entries[next].key.tableHash) & mask
            let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !stays {
                entries[hole] = entries[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        entries[hole] = Entry(key: placeholder, value: -1)
        count -= 1
        return removed
    }

    private mutating func rehash(to size: Int) {
        let old = entries
        entries = Array(repeating: Entry(key: placeholder, value: -1), count: size)
        mask = size - 1
        for entry in old where entry.value >= 0 {
            var position = Int(truncatingIfNeeded: entry.key.tableHash) & mask
            while entries[position].value >= 0 { position = (position + 1) & mask }
            entries[position] = entry
        }
    }
}
