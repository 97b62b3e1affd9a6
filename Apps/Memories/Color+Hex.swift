import MemoriesCore
import SwiftUI
import UIKit

/// The page format's colours (`#rrggbb` or `#rrggbbaa`, sRGB) in and out of SwiftUI and UIKit.
extension Color {
    /// Nil for anything that is not a format colour, so a caller picks its own fallback.
    init?(hex: String) {
        guard let rgba = RGBA(hex: hex) else { return nil }
        self.init(.sRGB, red: rgba.red, green: rgba.green, blue: rgba.blue, opacity: rgba.alpha)
    }

    /// `#rrggbb`, or `#rrggbbaa` when the colour is not opaque.
    var hexString: String {
        UIColor(self).hexString(includingOpaqueAlpha: false)
    }
}

extension UIColor {
    convenience init?(hex: String) {
        guard let rgba = RGBA(hex: hex) else { return nil }
        self.init(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
    }

    /// The colour as the format writes it, read as it shows in light mode (the page is paper,
    /// light in dark mode too). Wide-gamut components are clamped into sRGB.
    func hexString(includingOpaqueAlpha: Bool) -> String {
        var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 1)
        resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        let bytes = [red, green, blue, alpha].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
        let digits = (includingOpaqueAlpha || bytes[3] < 255 ? bytes : Array(bytes.prefix(3)))
            .map { String(format: "%02x", $0) }.joined()
        return "#" + digits
    }
}

/// A format colour's components, 0…1.
private struct RGBA {
    let red: Double
    let green: Double
    let blue: Double
    let alpha: Double

    init?(hex: String) {
        guard CanvasValidator.isColor(hex) else { return nil }
        let digits = Array(hex.dropFirst())
        func byte(_ index: Int) -> Double {
            Double(UInt8(String(digits[index * 2...index * 2 + 1]), radix: 16) ?? 0) / 255
        }
        (red, green, blue) = (byte(0), byte(1), byte(2))
        alpha = digits.count == 8 ? byte(3) : 1
    }
}
