import Foundation
import RinCore

/// The server's checks of a contact (RinContactService and TextRules), made on the device first
/// so a person hears at once, in the server's words: lengths in characters (and in bytes, as the
/// server also bounds them), no control characters, no text-direction controls on one line, at
/// most 200 values, and not everything empty.
public enum ContactChecks {
    public static let textLimit = 500
    public static let birthdayLimit = 100
    public static let noteLimit = 5000
    public static let labelLimit = 40
    public static let valuesPerContact = 200
    /// The server also bounds text in bytes: this many a character.
    static let bytesPerCharacter = 8

    public struct Problem: Hashable, Sendable {
        /// As the server names it: `givenName`, `values[3].label`, `values`.
        public let field: String
        public let message: String
    }

    public static let nothingToShow = "Give the contact a name, an organisation, a phone or an e-mail."
    public static let nothingLeft = "A contact keeps a name, an organisation, a phone or an e-mail."

    /// Every problem of the form as it would be sent. `values` are the rows that have a value
    /// (the rest are not sent).
    static func problems(texts: [ContactEditorModel.Field: String], values: [ContactEditorModel.ValueRow], isNew: Bool) -> [Problem] {
        var problems: [Problem] = []
        for field in ContactEditorModel.Field.allCases where field != .values {
            let text = (texts[field] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            let (limit, multiline) = switch field {
            case .note: (noteLimit, true)
            case .birthday: (birthdayLimit, false)
            default: (textLimit, false)
            }
            if let message = check(text, limit: limit, multiline: multiline) { problems.append(Problem(field: field.rawValue, message: message)) }
        }
        for (index, row) in values.enumerated() {
            let value = row.value.trimmingCharacters(in: .whitespacesAndNewlines)
            if let message = check(value, limit: textLimit, multiline: row.kind == .address) {
                problems.append(Problem(field: "values[\(index)].value", message: message))
            }
            let label = row.label.trimmingCharacters(in: .whitespacesAndNewlines)
            if !label.isEmpty, let message = check(label, limit: labelLimit, multiline: false) {
                problems.append(Problem(field: "values[\(index)].label", message: message))
            }
        }
        if values.count > valuesPerContact {
            problems.append(Problem(field: "values", message: "A contact holds at most \(valuesPerContact) values."))
        }
        let named: [ContactEditorModel.Field] = [.namePrefix, .givenName, .middleName, .familyName, .nameSuffix, .displayName, .nickname, .organization]
        let hasName = named.contains { !(texts[$0] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        if !hasName, values.isEmpty {
            problems.append(Problem(field: "displayName", message: isNew ? nothingToShow : nothingLeft))
        }
        return problems
    }

    /// What is wrong with one text, in the server's words, or nil.
    public static func check(_ text: String, limit: Int, multiline: Bool) -> String? {
        guard text.count <= limit, text.utf8.count <= limit * bytesPerCharacter else { return "At most \(limit) characters." }
        for scalar in text.unicodeScalars {
            if isControl(scalar), !(multiline && (scalar == "\n" || scalar == "\t")) {
                return "Remove the control characters (such as NUL) from this text."
            }
            if !multiline, isBidiControl(scalar) {
                return "Remove the text-direction control characters from this text."
            }
        }
        return nil
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
