import Foundation
import OpenAPIRuntime

/// How the contract's `date-time` values are read and written. Answers are whole seconds in UTC,
/// as every client already reads them. Requests may send anything RFC 3339 allows: fractional
/// seconds, and any offset up to ±23:59 (the generated default refuses both, and Foundation's
/// parser refuses offsets no real zone has, which the contract's format still allows).
struct ContractDates: DateTranscoder {
    func encode(_ date: Date) throws -> String {
        try ISO8601DateTranscoder.iso8601.encode(date)
    }

    func decode(_ text: String) throws -> Date {
        guard let date = Self.rfc3339(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Expected an RFC 3339 date-time, such as 2026-11-23T08:00:00Z."))
        }
        return date
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return calendar
    }()

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
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
        guard components.isValidDate(in: utc), let date = utc.date(from: components) else { return nil }
        return date.addingTimeInterval(fraction - Double(offset))
    }
}
