import Foundation
import OpenAPIRuntime

/// How the contract's `date-time` values are read and written. Answers are whole seconds in UTC,
/// as every client already reads them. Requests may send anything RFC 3339 allows: fractional
/// seconds, and any offset up to ±23:59 (the generated default refuses both, and Foundation's
/// parser refuses offsets no real zone has, which the contract's format still allows).
struct ContractDates: DateTranscoder {
    /// Written by hand: Foundation's `ISO8601DateFormatter` on Linux built an ICU formatter for
    /// every date, a tenth of the whole cost of `GET /me`. Years outside 0001–9999 (which no
    /// stored date has) still go through it.
    func encode(_ date: Date) throws -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds >= Self.firstEncoded, seconds < Self.pastLastEncoded, let whole = Int(exactly: seconds) else {
            return try ISO8601DateTranscoder.iso8601.encode(date)
        }
        // Floored, so a moment before 1970 lands in its own day.
        let second = (whole % 86_400 + 86_400) % 86_400
        let days = (whole - second) / 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        return String(unsafeUninitializedCapacity: 20) { buffer in
            func put(_ value: Int, _ width: Int, at start: Int) {
                var value = value
                for position in stride(from: start + width - 1, through: start, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, 4, at: 0); buffer[4] = UInt8(ascii: "-"); put(month, 2, at: 5); buffer[7] = UInt8(ascii: "-")
            put(day, 2, at: 8); buffer[10] = UInt8(ascii: "T"); put(second / 3_600, 2, at: 11); buffer[13] = UInt8(ascii: ":")
            put(second / 60 % 60, 2, at: 14); buffer[16] = UInt8(ascii: ":"); put(second % 60, 2, at: 17)
            buffer[19] = UInt8(ascii: "Z")
            return 20
        }
    }

    func decode(_ text: String) throws -> Date {
        guard let date = Self.rfc3339(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Expected an RFC 3339 date-time, such as 2026-11-23T08:00:00Z."))
        }
        return date
    }

    /// 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since 1970.
    private static let firstEncoded = Double(days(fromYear: 1, month: 1, day: 1) * 86_400)
    private static let pastLastEncoded = Double(days(fromYear: 10_000, month: 1, day: 1) * 86_400)

    /// Days since 1970-01-01 of a date in the proleptic Gregorian calendar, and back: the
    /// well-known era arithmetic (400-year eras of 146,097 days, years starting in March so the
    /// leap day comes last), exact for every year and free of any calendar object.
    static func days(fromYear year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, every field in range.
    static func rfc3339(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            let start = index + 1
            index = start
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > start, let digits = Double("0." + String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
            fraction = digits
        }
        var offset = 0
        switch bytes.count - index {
        case 1 where bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z"):
            offset = 0
        case 6 where (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) && bytes[index + 3] == UInt8(ascii: ":"):
            guard let hours = number(index + 1..<index + 3), let minutes = number(index + 4..<index + 6), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        guard day <= daysIn(month: month, of: year) else { return nil }
        let seconds = days(fromYear: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + min(second, 59)
        return Date(timeIntervalSince1970: Double(seconds - offset) + fraction)
    }
}
