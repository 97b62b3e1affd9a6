/// Data mask patterns and the penalty weights of ISO 18004 §7.8 (the penalty itself is scored
/// line by line in `QRSymbolBuilder`).
enum QRMask {
    static let n1 = 3, n2 = 3, n3 = 40, n4 = 10

    /// Mask condition of Table 10 with i = row (y), j = column (x).
    @inline(__always)
    static func isInverted(_ pattern: Int, x: Int, y: Int) -> Bool {
        switch pattern {
        case 0: return (x + y) % 2 == 0
        case 1: return y % 2 == 0
        case 2: return x % 3 == 0
        case 3: return (x + y) % 3 == 0
        case 4: return (x / 3 + y / 2) % 2 == 0
        case 5: return x * y % 2 + x * y % 3 == 0
        case 6: return (x * y % 2 + x * y % 3) % 2 == 0
        case 7: return ((x + y) % 2 + x * y % 3) % 2 == 0
        default: return false
        }
    }
}
