import Foundation

/// A calendar date where parts may be unknown, as cards give birthdays: most often without a
/// year (`--0315`), sometimes a year alone. Not a `Date`: a birthday is the same day in every
/// time zone, and "15 March, year unknown" is no instant at all.
public struct PartialDate: Hashable, Sendable {
    public let year: Int?
    public let month: Int?
    public let day: Int?

    /// Nil for what RFC 6350 §4.3.1 cannot write (a year and a day without the month, nothing at
    /// all) and for days that do not exist (30 February; 29 February of a year that is not leap).
    public init?(year: Int? = nil, month: Int? = nil, day: Int? = nil) {
        if year == nil, month == nil, day == nil { return nil }
        if year != nil, month == nil, day != nil { return nil }
        if let year, !(0...9999).contains(year) { return nil }
        if let month, !(1...12).contains(month) { return nil }
        if let day, !(1...Self.days(in: month, of: year)).contains(day) { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads the forms exporters write: `1985-03-15`, `19850315`, `--03-15`, `--0315` (no year),
    /// `1985-03`, `1985`, `--03`, `---15`, and a date-time (`1985-03-15T10:00:00Z`,
    /// `19850315T100000`) whose time is cut off. Nil for anything else (`circa 1800`).
    public init?(parsing text: String) {
        var text = Substring(text.trimmingCharacters(in: .whitespaces))
        if let time = text.firstIndex(of: "T") { text = text[..<time] }
        // Every digit becomes a 9, anything else stays itself, so the text's shape is matched
        // whole (a 9 in the text is a digit anyway).
        let shape = String(text.map { $0.isASCII && $0.isNumber ? "9" : $0 })
        let digits = text.filter { $0.isASCII && $0.isNumber }.compactMap(\.wholeNumberValue)
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
        switch shape {
        case "9999-99-99", "99999999": self.init(year: number(0..<4), month: number(4..<6), day: number(6..<8))
        case "9999-99": self.init(year: number(0..<4), month: number(4..<6))
        case "9999": self.init(year: number(0..<4))
        case "--9999", "--99-99": self.init(month: number(0..<2), day: number(2..<4))
        case "--99": self.init(month: number(0..<2))
        case "---99": self.init(day: number(0..<2))
        default: return nil
        }
    }

    /// The RFC 6350 form: `19850315`, `--0315`, `1985-03`, `1985`, `--03`, `---15`.
    public var vCardText: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = year.map { String(repeating: "0", count: max(0, 4 - String($0).count)) + String($0) }
        switch (year, month, day) {
        case (let year?, let month?, let day?): return year + two(month) + two(day)
        case (let year?, let month?, nil): return year + "-" + two(month)
        case (let year?, nil, _): return year
        case (nil, let month?, let day?): return "--" + two(month) + two(day)
        case (nil, let month?, nil): return "--" + two(month)
        case (nil, nil, let day?): return "---" + two(day)
        case (nil, nil, nil): return ""
        }
    }

    /// The known parts, in the Gregorian calendar, for the app's date formatting.
    public var dateComponents: DateComponents {
        DateComponents(calendar: Calendar(identifier: .gregorian), year: year, month: month, day: day)
    }

    /// With the year unknown, 29 February is a day someone can be born on.
    private static func days(in month: Int?, of year: Int?) -> Int {
        switch month {
        case 2:
            guard let year else { return 29 }
            return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
