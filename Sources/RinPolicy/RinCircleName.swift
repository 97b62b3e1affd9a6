import Foundation

/// A circle's name as stored (`rin_circles.name`): docs/RIN.md §2.4 says "required, at most 30
/// characters". Our decisions on what that means:
/// - **Trimmed** of surrounding whitespace and line breaks, then **NFC**, so a name typed with a
///   decomposed `é` is stored, compared and counted like the precomposed one.
/// - **Characters are grapheme clusters**, what a person counts and what Swift's `String.count`
///   gives: `Familie 👨‍👩‍👧` is 9 characters, though its family emoji is five scalars. Counting
///   scalars or UTF-16 units would refuse names a person sees as short.
/// - **A second bound of 120 scalars**, because one grapheme cluster can hold any number of
///   combining marks; it only bites on such piles or on long runs of sequence emoji. The column
///   must hold 120 scalars (PostgreSQL `varchar` counts scalars): use `text` or `varchar(120)`.
/// - **One line**: control characters (tab, line feeds) and line or paragraph separators are
///   refused rather than removed, so what is stored is what was typed.
/// - **Duplicates are allowed**, a system circle's name included: only the owner sees circle names
///   and ids tell circles apart.
public struct RinCircleName: Hashable, Sendable, CustomStringConvertible {
    public let value: String
    public var description: String { value }

    public static func parse(_ text: String) -> Result<RinCircleName, RinCircleNameProblem> {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        if name.isEmpty { return .failure(.empty) }
        if name.unicodeScalars.contains(where: Self.breaksTheLine) { return .failure(.containsControlCharacter) }
        if name.count > RinLimits.maxCircleNameLength || name.unicodeScalars.count > RinLimits.maxCircleNameScalars {
            return .failure(.tooLong)
        }
        return .success(RinCircleName(value: name))
    }

    /// The name when `text` is one, else nil; use `parse` to learn why not.
    public init?(_ text: String) {
        guard case .success(let name) = Self.parse(text) else { return nil }
        self = name
    }

    private init(value: String) { self.value = value }

    private static func breaksTheLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
