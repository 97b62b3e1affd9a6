import SwiftUI

extension Color {
    /// A colour from `#RRGGBB`, as Rin's palette and design tokens write them
    /// (`design/IOS_DESIGN_TOKENS_V1.md` §2.5). Anything else is Contacts' grey, the palette's
    /// first colour, rather than a crash or black.
    nonisolated init(rinHex hex: String) {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        let value = digits.count == 6 ? UInt32(digits, radix: 16) ?? 0x6B7280 : 0x6B7280
        self.init(.sRGB,
                  red: Double((value >> 16) & 0xFF) / 255,
                  green: Double((value >> 8) & 0xFF) / 255,
                  blue: Double(value & 0xFF) / 255,
                  opacity: 1)
    }
}
