import Foundation

/// A circle's colour: one of a fixed palette, stored as `#RRGGBB` in upper case
/// (`rin_circles.colour`, docs/RIN.md §2.4).
///
/// The documents give the five default colours and say a custom circle's colour comes "from a
/// palette" without listing one. **Our decision:** the palette is the five defaults followed by
/// seven more of the same family (Tailwind's 500 shades, which the defaults are), twelve in all,
/// and a colour outside it is refused: every client draws the same picker, and no circle can be
/// given a colour that fails the contrast the design asks of circle chips.
public struct RinCircleColor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `#RRGGBB`, upper case.
    public let hex: String
    public var description: String { hex }

    public static let contactsGray = RinCircleColor(hex: "#6B7280")
    public static let publicBlue = RinCircleColor(hex: "#3B82F6")
    public static let familyRed = RinCircleColor(hex: "#EF4444")
    public static let friendsGreen = RinCircleColor(hex: "#22C55E")
    public static let colleaguesViolet = RinCircleColor(hex: "#8B5CF6")

    /// The picker's colours, in the order they are offered and handed out.
    public static let palette: [RinCircleColor] = [
        .contactsGray, .publicBlue, .familyRed, .friendsGreen, .colleaguesViolet,
        RinCircleColor(hex: "#F97316"), // orange
        RinCircleColor(hex: "#14B8A6"), // teal
        RinCircleColor(hex: "#EC4899"), // pink
        RinCircleColor(hex: "#F59E0B"), // amber
        RinCircleColor(hex: "#6366F1"), // indigo
        RinCircleColor(hex: "#06B6D4"), // cyan
        RinCircleColor(hex: "#84CC16"), // lime
    ]

    /// The palette colour `text` names, in either case and with surrounding spaces; nil for
    /// anything else, a valid colour outside the palette included.
    public init?(_ text: String) {
        let hex = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard let color = Self.palette.first(where: { $0.hex == hex }) else { return nil }
        self = color
    }

    /// The colour for a circle created without one: the palette colour used least by `used` (the
    /// profile's other circles), the earlier in the palette on a tie. Deterministic, so the server
    /// and a client preview agree, and it spreads colours before repeating any: a new primary
    /// profile's first custom circle is orange.
    public static func next(after used: some Sequence<RinCircleColor>) -> RinCircleColor {
        var uses: [RinCircleColor: Int] = [:]
        for color in used { uses[color, default: 0] += 1 }
        // `min(by:)` keeps the first of equal elements, which is the earlier palette entry.
        return palette.min { uses[$0, default: 0] < uses[$1, default: 0] } ?? .contactsGray
    }

    private init(hex: String) { self.hex = hex }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = RinCircleColor(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "`\(text)` is not a Rin circle colour")
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
