import Foundation
import MemoriesCanvas
import NIOConcurrencyHelpers

/// The memory pages being edited on this instance, decoded and with each element's JSON, so the
/// next operation on a page neither reads its JSON again nor writes all of it anew.
///
/// An entry is for a page *at a `seq`*: every change to a memory page's content moves its `seq`
/// on (an operation, or an account's removal taking its elements off), so an entry found for the
/// `seq` read under the page's lock is that page exactly, whichever instance changed it last.
/// Keys are the pages' random ids, so servers sharing a process (tests) never meet in it.
final class MemoriesCanvasCache: Sendable {
    static let shared = MemoriesCanvasCache(capacity: 8)

    private struct Entry {
        var seq: Int
        var canvas: EncodedCanvas
        var used: UInt64
    }

    private let capacity: Int
    private let state = NIOLockedValueBox((entries: [UUID: Entry](), clock: UInt64(0)))

    init(capacity: Int) {
        self.capacity = capacity
    }

    func canvas(of pageID: UUID, at seq: Int) -> EncodedCanvas? {
        state.withLockedValue { state in
            guard var entry = state.entries[pageID], entry.seq == seq else { return nil }
            state.clock += 1
            entry.used = state.clock
            state.entries[pageID] = entry
            return entry.canvas
        }
    }

    /// Keeps `canvas` as the page at `seq`, dropping the least recently used page past capacity.
    func keep(_ canvas: EncodedCanvas, of pageID: UUID, at seq: Int) {
        state.withLockedValue { state in
            state.clock += 1
            state.entries[pageID] = Entry(seq: seq, canvas: canvas, used: state.clock)
            if state.entries.count > capacity, let oldest = state.entries.min(by: { $0.value.used < $1.value.used })?.key {
                state.entries[oldest] = nil
            }
        }
    }
}
