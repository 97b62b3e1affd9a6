import Foundation
import RinMatching
import RinPolicy

/// What a Rin name, bio, circle or field value must be. Each check returns the value as stored or
/// a field error, so one request reports every bad field at once.
enum RinRules {
    static let displayNameLimit = 80
    static let bioLimit = 300
    static let fieldValueLimit = 500

    static func displayName(_ raw: String) -> Result<String, AppError.FieldError> {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return .failure(.init(field: "displayName", message: "Enter a name.")) }
        return TextRules.check(name, field: "displayName", limit: displayNameLimit, lines: .single,
                               tooLong: "Names are at most \(displayNameLimit) characters.")
    }

    static func bio(_ raw: String) -> Result<String, AppError.FieldError> {
        TextRules.check(raw.trimmingCharacters(in: .whitespacesAndNewlines), field: "bio", limit: bioLimit, lines: .multiple,
                        tooLong: "A bio is at most \(bioLimit) characters.")
    }

    /// The value as stored: phones in E.164 (read in `region` when typed without a country code),
    /// e-mail addresses checked with their domain lowercased, birthdays `YYYY-MM-DD` or `--MM-DD`.
    static func fieldValue(_ raw: String, kind: RinFieldKind, label: RinFieldLabel?, region: String) -> Result<String, AppError> {
        if kind.labels.isEmpty {
            guard label == nil else { return .failure(.validation(field: "label", "A \(kind.rawValue) has no label.")) }
        } else {
            guard let label, kind.labels.contains(label) else {
                let labels = kind.labels.map(\.rawValue).joined(separator: ", ")
                return .failure(.validation(field: "label", "Label a \(kind.rawValue) as one of: \(labels)."))
            }
        }
        let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { return .failure(.validation(field: "value", "Enter a value.")) }
        let lines: TextRules.Lines = kind == .address ? .multiple : .single
        if case .failure(let error) = TextRules.check(value, field: "value", limit: fieldValueLimit, lines: lines,
                                                      tooLong: "A value is at most \(fieldValueLimit) characters.") {
            return .failure(.validation([error]))
        }
        switch kind {
        case .phone:
            switch E164PhoneNormalizer.shared.normalize(value, defaultRegion: region) {
            // A profile's own number must be one that can be dialled, not only parsed.
            case .success(let number) where number.isPossible: return .success(number.e164)
            case .success: return .failure(.validation(field: "value", "That number is too short or too long for its country."))
            case .failure:
                return .failure(.validation(field: "value", "That isn't a phone number Rin can read. Include the country code (+44 …) if it isn't a \(region) number."))
            }
        case .email:
            switch EmailAddress.parse(value) {
            // Shown as typed, with only the domain lowercased: the local part is the owner's to spell.
            case .success: return .success(Self.domainLowercased(value))
            case .failure: return .failure(.validation(field: "value", "Enter an e-mail address like name@example.com."))
            }
        case .birthday:
            guard let birthday = RinBirthday(value) else {
                return .failure(.validation(field: "value", "Enter a birthday as YYYY-MM-DD, or --MM-DD without the year."))
            }
            return .success(birthday.description)
        case .address, .social:
            return .success(value)
        case .name, .photo, .bio:
            // Built into every profile, changed with the profile itself, never added as a field.
            return .failure(.validation(field: "kind", "A profile's name, photo and bio are part of the profile; change them there."))
        }
    }
}

extension RinRules {
    static func domainLowercased(_ address: String) -> String {
        let trimmed = address.hasPrefix("mailto:") ? String(address.dropFirst("mailto:".count)) : address
        guard let at = trimmed.lastIndex(of: "@") else { return trimmed }
        return String(trimmed[..<at]) + "@" + trimmed[trimmed.index(after: at)...].lowercased()
    }
}

/// A birthday as a profile stores it: a real calendar date, with or without its year.
struct RinBirthday: CustomStringConvertible {
    var year: Int?
    var month: Int
    var day: Int

    init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        let numbers: [String]
        if parts.count == 4, parts[0].isEmpty, parts[1].isEmpty {
            numbers = [parts[2], parts[3]]
            year = nil
        } else if parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), (1000...9999).contains(year) {
            numbers = [parts[1], parts[2]]
            self.year = year
        } else {
            return nil
        }
        guard numbers.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
              let month = Int(numbers[0]), let day = Int(numbers[1]), (1...12).contains(month) else { return nil }
        // February 29 is a birthday without a year; with one, the year must have it.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let components = DateComponents(year: year ?? 2000, month: month, day: day)
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
        self.month = month
        self.day = day
    }

    var description: String {
        let monthDay = String(format: "%02d-%02d", month, day)
        return year.map { String(format: "%04d-", $0) + monthDay } ?? "--" + monthDay
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
