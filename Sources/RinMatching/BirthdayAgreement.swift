import RinFormats

/// What two birthdays say about two cards being one person. docs/RIN.md §2.3 (Sure, Scores):
/// "a clash of full birthdays turns a sure pair into a suggestion", and an agreeing birthday is
/// evidence for two cards with the same name.
public enum BirthdayAgreement: Hashable, Sendable {
    /// One side has no birthday, or a text one: nothing to weigh.
    case unknown
    /// The same date, or the same text.
    case agree
    /// Every part both sides know is equal, and one knows more: `--0315` and `1985-03-15`
    /// (our decision, from Issue 12: a year-less birthday is the same day with the year left out).
    case compatible
    /// A part both sides know differs: `--0315` and `--0316`, or `1985-03-15` and `1986-03-15`.
    case clash

    public static func compare(_ a: PartialDate?, _ b: PartialDate?) -> BirthdayAgreement {
        guard let a, let b else { return .unknown }
        let parts = [(a.year, b.year), (a.month, b.month), (a.day, b.day)]
        var oneSided = false
        for (left, right) in parts {
            switch (left, right) {
            case let (left?, right?) where left != right: return .clash
            case (.some, nil), (nil, .some): oneSided = true
            default: break
            }
        }
        return oneSided ? .compatible : .agree
    }

    /// Text birthdays agree only when they fold to the same text; any other text says nothing,
    /// since `circa 1800` and `1800` may well be one person.
    public static func compare(_ a: NormalizedBirthday?, _ b: NormalizedBirthday?) -> BirthdayAgreement {
        switch (a, b) {
        case let (.date(left)?, .date(right)?): return compare(left, right)
        case let (.text(left)?, .text(right)?):
            return MatchFolding.fold(left) == MatchFolding.fold(right) ? .agree : .unknown
        default: return .unknown
        }
    }

    public static func compare(_ a: ContactCard.Birthday?, _ b: ContactCard.Birthday?) -> BirthdayAgreement {
        compare(NormalizedBirthday(a), NormalizedBirthday(b))
    }
}
