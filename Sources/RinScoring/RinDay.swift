import Foundation

/// Whole UTC days since 1970-01-01: how the score counts time (docs/RIN-PART2.md §4), so no time
/// zone or clock can make two machines disagree about which day something happened on.
public enum RinDay {
    public static let seconds: TimeInterval = 86_400

    public static func number(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / seconds).rounded(.down))
    }

    /// The day's first moment, UTC.
    public static func start(of day: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(day) * seconds)
    }

    /// The day as `YYYY-MM-DD` (the proleptic Gregorian calendar, by arithmetic: no locale or
    /// calendar object can change it).
    public static func text(of day: Int) -> String {
        // Howard Hinnant's civil_from_days.
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(dayOfMonth, 2))"
    }
}
