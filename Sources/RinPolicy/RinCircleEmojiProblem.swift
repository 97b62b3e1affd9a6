/// Why a text was refused as a circle's emoji.
public enum RinCircleEmojiProblem: Error, Hashable, Sendable {
    /// More than one character (grapheme cluster) after trimming.
    case moreThanOneCharacter
    /// One character, but not an emoji (a letter, a digit, `❤` without its emoji selector).
    case notAnEmoji
}
