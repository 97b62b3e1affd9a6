import Foundation
import RinFormats

/// A birthday as Rin keeps it: a date, possibly without a year, or the text the source wrote.
/// docs/RIN.md §2.2 (Dates): full dates, year-less dates (vCard `--MMDD`), text birthdays kept as
/// text; Outlook's `M/D/YYYY` read in US order, its `0/0/00` meaning none.
public enum NormalizedBirthday: Hashable, Sendable {
    case date(PartialDate)
    /// `circa 1800`, `spring`: shown as written, compared only for being the same text.
    case text(String)

    /// Nil for no birthday: empty text, and Outlook's `0/0/00` (or `0/0/0000`).
    public init?(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        if let date = PartialDate(parsing: trimmed) {
            self = .date(date)
            return
        }
        switch Self.outlookDate(trimmed) {
        case .none: self = .text(trimmed)
        case .noBirthday: return nil
        case .date(let date): self = .date(date)
        }
    }

    public init?(_ birthday: ContactCard.Birthday?) {
        guard let birthday else { return nil }
        if let date = birthday.date { self = .date(date) } else { self.init(text: birthday.raw) }
    }

    private enum OutlookReading { case none, noBirthday, date(PartialDate) }

    /// `M/D/YYYY`, month first whatever the locale: Outlook's CSV export writes US order (§2.2).
    /// Two-digit years other than `0/0/00` are read as text (our decision): their century is a
    /// guess, and a wrong year would clash with the right one on another card.
    private static func outlookDate(_ text: String) -> OutlookReading {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2]) else { return .none }
        if month == 0, day == 0, year == 0 { return .noBirthday }
        guard parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 4,
              let date = PartialDate(year: year, month: month, day: day) else { return .none }
        return .date(date)
    }
}
