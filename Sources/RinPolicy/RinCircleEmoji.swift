import Foundation

/// A circle's optional emoji (`rin_circles.emoji`, docs/RIN.md §2.4): one emoji, or none.
///
/// Our decision on "is an emoji", decidable from the standard library's Unicode data alone, so the
/// server on Linux and the apps agree:
/// - exactly one grapheme cluster after trimming, of at most 16 scalars (the longest sequences in
///   use, families and kisses with skin tones and subdivision flags, need 7 to 11; the bound stops
///   one "character" from carrying a pile of selectors);
/// - its first scalar has `Emoji_Presentation` (😀, 🇫🇷, 👩‍💻), or is an emoji followed by the
///   emoji variation selector U+FE0F (❤️, ☺️, 1️⃣), which is how emoji keyboards send
///   text-default emoji. A bare `❤` or `1` is text and is refused;
/// - every scalar is an emoji or one of the joiners emoji sequences use (ZWJ, U+FE0F, the keycap
///   mark, tag characters), so `😀́` with a combining accent is refused.
public struct RinCircleEmoji: Hashable, Sendable, CustomStringConvertible {
    public let value: String
    public var description: String { value }

    static let maxScalars = 16

    /// `.success(nil)` for an empty or blank text: "no emoji" is a valid answer.
    public static func parse(_ text: String) -> Result<RinCircleEmoji?, RinCircleEmojiProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .success(nil) }
        guard trimmed.count == 1 else { return .failure(.moreThanOneCharacter) }
        let scalars = Array(trimmed.unicodeScalars)
        guard scalars.count <= maxScalars, let first = scalars.first,
              first.properties.isEmojiPresentation || (first.properties.isEmoji && scalars.dropFirst().first == variationSelector16),
              scalars.allSatisfy({ $0.properties.isEmoji || isSequenceJoiner($0) }) else {
            return .failure(.notAnEmoji)
        }
        return .success(RinCircleEmoji(value: trimmed))
    }

    /// The emoji when `text` is one, else nil (a blank text included); use `parse` to tell "none"
    /// from "refused".
    public init?(_ text: String) {
        guard case .success(let emoji?) = Self.parse(text) else { return nil }
        self = emoji
    }

    private init(value: String) { self.value = value }

    private static let variationSelector16: Unicode.Scalar = "\u{FE0F}"

    private static func isSequenceJoiner(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200D, 0xFE0F, 0x20E3, 0xE0020...0xE007F: true
        default: false
        }
    }
}
