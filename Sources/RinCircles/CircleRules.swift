import Foundation
import RinCore

/// What the server accepts as a circle's name, emoji and colour, checked on the device so a form
/// says what is wrong before anything is sent, in the server's own words.
///
/// Copied, because a feature depends on RinCore only and may not import RinPolicy. The sources,
/// to change together with this file:
/// - `Sources/RinPolicy/RinCircleName.swift` (`parse`) and `RinLimits.swift` for the name;
/// - `Sources/RinPolicy/RinCircleEmoji.swift` (`parse`) for the emoji;
/// - `Sources/RinPolicy/RinCircleColor.swift` (`palette`, `next(after:)`) for the colour;
/// - `Sources/KindredServer/Rin/RinCircleService.swift` (`name`, `emoji`, `update`, `delete`,
///   `add`) for the messages.
public enum CircleRules {
    /// `RinLimits.maxCircleNameLength`: characters as a person counts them (grapheme clusters).
    public static let maxNameLength = 30
    /// `RinLimits.maxCircleNameScalars`: one cluster can hold any number of combining marks.
    public static let maxNameScalars = 120
    /// `RinCircleEmoji.maxScalars`.
    static let maxEmojiScalars = 16

    public static let emptyName = "Give the circle a name."
    public static let nameTooLong = "A circle's name is at most \(maxNameLength) characters."
    public static let nameOnOneLine = "A circle's name is one line of text."
    public static let notAnEmoji = "Choose one emoji, or none (removeEmoji)."
    public static let nobodyIsAddedToSystemCircles =
        "Everyone in your book is in Contacts, and everyone on Rin in Public; nobody is added to them."

    public static func systemNameStays(_ name: String) -> String {
        "\(name) is one of Rin's own circles; its name stays."
    }

    public static func systemCircleStays(_ name: String) -> String {
        "\(name) is one of Rin's own circles; it can't be deleted."
    }

    /// The picker's colours in the order they are offered: the contract lists `RinColor` in the
    /// palette's order.
    public static let palette: [RinCircleColor] = RinCircleColor.allCases

    // MARK: - Name

    /// The name as the server stores it: trimmed, then NFC, so a decomposed `é` counts as one.
    public static func normalizedName(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
    }

    /// Why the server would refuse `text` as a name, or nil when it is one.
    public static func nameProblem(_ text: String) -> String? {
        let name = normalizedName(text)
        if name.isEmpty { return emptyName }
        if name.unicodeScalars.contains(where: breaksTheLine) { return nameOnOneLine }
        if name.count > maxNameLength || name.unicodeScalars.count > maxNameScalars { return nameTooLong }
        return nil
    }

    private static func breaksTheLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    // MARK: - Emoji

    /// The emoji as sent: trimmed, and nil for a blank text, which means "none".
    public static func normalizedEmoji(_ text: String?) -> String? {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Why the server would refuse `text` as an emoji, or nil when it is one or blank. One
    /// character whose first scalar shows as emoji (or is an emoji with U+FE0F after it), made only
    /// of emoji and sequence joiners: `❤️` is one, a bare `❤` is text.
    public static func emojiProblem(_ text: String?) -> String? {
        guard let emoji = normalizedEmoji(text) else { return nil }
        let scalars = Array(emoji.unicodeScalars)
        guard emoji.count == 1, scalars.count <= maxEmojiScalars, let first = scalars.first,
              first.properties.isEmojiPresentation || (first.properties.isEmoji && scalars.dropFirst().first == variationSelector16),
              scalars.allSatisfy({ $0.properties.isEmoji || isSequenceJoiner($0) })
        else { return notAnEmoji }
        return nil
    }

    private static let variationSelector16: Unicode.Scalar = "\u{FE0F}"

    private static func isSequenceJoiner(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200D, 0xFE0F, 0x20E3, 0xE0020...0xE007F: true
        default: false
        }
    }

    // MARK: - Colour

    /// The colour the server gives a circle created without one: the palette colour `used` (all
    /// the profile's circles) has least, the earlier on a tie. A new primary profile's is orange.
    public static func nextColor(after used: some Sequence<RinCircleColor>) -> RinCircleColor {
        var uses: [RinCircleColor: Int] = [:]
        for color in used { uses[color, default: 0] += 1 }
        // `min(by:)` keeps the first of equal elements, which is the earlier palette entry.
        return palette.min { uses[$0, default: 0] < uses[$1, default: 0] } ?? ._num_6b7280
    }
}
