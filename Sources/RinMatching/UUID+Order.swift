import Foundation

extension UUID {
    /// Byte order, which is PostgreSQL's order for `uuid` and the order of `uuidString`: the
    /// server stores suggestion pairs as (low, high) by it, and the matcher breaks ties with it.
    /// Foundation's `Comparable` conformance for `UUID` is not available on every platform we
    /// build for, hence this.
    package func isOrdered(before other: UUID) -> Bool {
        orderKey < other.orderKey
    }

    /// The 16 bytes as two big-endian numbers: compared as a tuple, they give byte order.
    package var orderKey: (UInt64, UInt64) {
        withUnsafeBytes(of: uuid) { raw in
            (UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
             UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
    }
}
