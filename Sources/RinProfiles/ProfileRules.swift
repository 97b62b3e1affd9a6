import Foundation

/// What the server refuses in a profile, checked before anything is sent so a form can say so at
/// once. RinProfiles depends on RinCore only, so each rule is a copy that names its source; only
/// cheap checks are copied (a phone's E.164 form, say, stays the server's), and the server stays
/// the judge: whatever it answers is shown as it says it.
public enum ProfileRules {
    /// `RinRules.displayNameLimit` (Sources/KindredServer/Rin/RinRules.swift).
    public static let displayNameLimit = 80
    /// `RinRules.bioLimit`.
    public static let bioLimit = 300
    /// `RinRules.fieldValueLimit`.
    public static let fieldValueLimit = 500
    /// `RinLimits.maxFieldsPerProfile` (Sources/RinPolicy/RinLimits.swift): name, photo and bio
    /// are not counted.
    public static let maxFields = 50
    /// `RinProfileService.maxAlternates` (Sources/KindredServer/Rin/RinProfileService.swift).
    public static let maxAlternates = 20
    /// `MediaService.imageLimit` (Sources/KindredServer/Media/MediaService.swift).
    public static let photoByteLimit = 15 << 20

    /// The labels a field of `kind` takes; empty for a birthday. `RinFieldKind.labels`
    /// (Sources/RinPolicy/RinFieldKind.swift).
    public static func labels(for kind: RinFieldKind) -> [RinFieldLabel] {
        switch kind {
        case .phone: [.mobile, .home, .work, .other]
        case .email, .address: [.home, .work, .other]
        case .social: [.linkedin, .x, .whatsapp, .other]
        case .birthday: []
        }
    }

    /// Phones and e-mails carry the primary flag the Friends template reads. `RinFieldKind.hasPrimary`.
    public static func hasPrimary(_ kind: RinFieldKind) -> Bool {
        kind == .phone || kind == .email
    }

    // MARK: - Profile

    /// `RinRules.displayName`: trimmed, not empty, one line.
    static func displayNameProblem(_ trimmed: String) -> String? {
        guard !trimmed.isEmpty else { return "Enter a name." }
        return textProblem(trimmed, limit: displayNameLimit, multiline: false,
                           tooLong: "Names are at most \(displayNameLimit) characters.")
    }

    /// `RinRules.bio`: trimmed, lines allowed.
    static func bioProblem(_ trimmed: String) -> String? {
        textProblem(trimmed, limit: bioLimit, multiline: true, tooLong: "A bio is at most \(bioLimit) characters.")
    }

    // MARK: - Fields

    /// `RinRules.fieldValue`, but for what only the server can do (reading a phone number in
    /// the default region). Keys are the server's field names: `label`, `value`, `isPrimary`.
    static func fieldProblems(kind: RinFieldKind, label: RinFieldLabel?, value trimmed: String, isPrimary: Bool?) -> [String: String] {
        var problems: [String: String] = [:]
        let labels = labels(for: kind)
        if labels.isEmpty {
            if label != nil { problems["label"] = "A \(kind.rawValue) has no label." }
        } else if label.map({ !labels.contains($0) }) ?? true {
            problems["label"] = "Label a \(kind.rawValue) as one of: \(labels.map(\.rawValue).joined(separator: ", "))."
        }
        if isPrimary == true, !hasPrimary(kind) {
            problems["isPrimary"] = "Only a phone or an e-mail is primary."
        }
        if let problem = valueProblem(kind: kind, trimmed) { problems["value"] = problem }
        return problems
    }

    static func valueProblem(kind: RinFieldKind, _ trimmed: String) -> String? {
        guard !trimmed.isEmpty else { return "Enter a value." }
        if let problem = textProblem(trimmed, limit: fieldValueLimit, multiline: kind == .address,
                                     tooLong: "A value is at most \(fieldValueLimit) characters.") {
            return problem
        }
        switch kind {
        case .email: return looksLikeEmail(trimmed) ? nil : "Enter an e-mail address like name@example.com."
        case .birthday: return isBirthday(trimmed) ? nil : "Enter a birthday as YYYY-MM-DD, or --MM-DD without the year."
        case .phone, .address, .social: return nil
        }
    }

    /// The structural part of `EmailAddress.parse` (Sources/RinMatching/EmailAddress.swift): one
    /// `@` with something on both sides and no spaces. A `mailto:` link is left to the server,
    /// which reads it; so are the domain's own rules.
    static func looksLikeEmail(_ text: String) -> Bool {
        if text.lowercased().hasPrefix("mailto:") { return true }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
            && !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control }
    }

    /// `RinBirthday` (Sources/KindredServer/Rin/RinRules.swift): `YYYY-MM-DD` or `--MM-DD`, a
    /// real calendar date (February 29 only in a leap year, or without one).
    static func isBirthday(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        let year: Int?
        let numbers: [String]
        if parts.count == 4, parts[0].isEmpty, parts[1].isEmpty {
            (year, numbers) = (nil, [parts[2], parts[3]])
        } else if parts.count == 3, parts[0].count == 4, parts[0].allSatisfy(\.isASCIIDigit), let value = Int(parts[0]), value >= 1000 {
            (year, numbers) = (value, [parts[1], parts[2]])
        } else {
            return false
        }
        guard numbers.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
              let month = Int(numbers[0]), let day = Int(numbers[1]), (1...12).contains(month), day >= 1 else { return false }
        let leap = year.map { ($0 % 4 == 0 && $0 % 100 != 0) || $0 % 400 == 0 } ?? true
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    // MARK: - Text

    /// `TextRules.check` (Sources/KindredServer/Accounts/AccountRules.swift) and the contract's
    /// `maxLength`. The contract counts code points (ContractMiddleware) and the service counts
    /// characters; code points are never fewer, so they are the bound to check.
    static func textProblem(_ text: String, limit: Int, multiline: Bool, tooLong: String) -> String? {
        guard text.unicodeScalars.count <= limit else { return tooLong }
        for scalar in text.unicodeScalars {
            let control = scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
            if control, !(multiline && (scalar == "\n" || scalar == "\t")) {
                return "Remove the control characters (such as NUL) from this text."
            }
            let bidi = (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            if !multiline, bidi { return "Remove the text-direction control characters from this text." }
        }
        return nil
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
