import SwiftUI

extension Color {
    /// A colour from the catalogue's `#RRGGBB` form (the `#` is optional), or nil for anything
    /// else, so a malformed entry falls back to a default instead of drawing black.
    init?(hex: String) {
        guard let rgb = Self.rgb(hex: hex) else { return nil }
        self.init(red: rgb.red, green: rgb.green, blue: rgb.blue)
    }

    /// The parsing on its own, without SwiftUI types, so it reads (and can be checked) as plain Swift.
    static func rgb(hex: String) -> (red: Double, green: Double, blue: Double)? {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        // `UInt32(_:radix:)` alone would also accept a leading "+" or "-"; only hex digits may pass.
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        return (red: Double((value >> 16) & 0xFF) / 255,
                green: Double((value >> 8) & 0xFF) / 255,
                blue: Double(value & 0xFF) / 255)
    }
}
