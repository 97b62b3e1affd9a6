import Foundation
import RinAppShell

/// How the app names things on screen, in the web client's words (`Public/js/apps/rin/words.js`),
/// so both clients say them alike: field kinds and labels, birthdays, templates, profile kinds.
/// Only wording lives here; what a value *is* comes from the models and the server.
enum RinWords {
    // MARK: - Fields

    /// "Phone", "E-mail", "Social account"; the kinds of profile fields, grid rows and contact values.
    static func kindName(_ kind: String) -> String {
        switch kind {
        case "name": "Name"
        case "photo": "Photo"
        case "bio": "Bio"
        case "phone": "Phone"
        case "email": "E-mail"
        case "address": "Address"
        case "birthday": "Birthday"
        case "social": "Social account"
        case "url": "Website"
        default: kind
        }
    }

    /// "Mobile", "LinkedIn"; a contact's free-text label ("iPhone") as it is.
    static func labelName(_ label: String) -> String {
        switch label.lowercased() {
        case "mobile": "Mobile"
        case "home": "Home"
        case "work": "Work"
        case "other": "Other"
        case "linkedin": "LinkedIn"
        case "x": "X"
        case "whatsapp": "WhatsApp"
        default: label
        }
    }

    /// "Mobile phone", "Work e-mail", "Home address", "LinkedIn", "Birthday", "iPhone phone".
    static func fieldName(kind: String, label: String?) -> String {
        guard let label, !label.isEmpty else { return kindName(kind) }
        if kind == "social" { return label == "other" ? "Other social account" : labelName(label) }
        return "\(labelName(label)) \(kindName(kind).lowercased())"
    }

    static func name(of field: RinPolicyField) -> String {
        fieldName(kind: field.kind.rawValue, label: field.label?.rawValue)
    }

    static func name(of field: RinProfileField) -> String {
        fieldName(kind: field.kind.rawValue, label: field.label?.rawValue)
    }

    static func name(of field: RinSharedField) -> String {
        fieldName(kind: field.kind.rawValue, label: field.label?.rawValue)
    }

    /// Name, photo and bio carry no label.
    static func name(of field: RinAskableField) -> String {
        fieldName(kind: field.kind.rawValue, label: field.label?.rawValue)
    }

    static func name(of value: RinContactValue) -> String {
        fieldName(kind: value.kind.rawValue, label: value.label)
    }

    /// The SF Symbol drawn beside a field of `kind`.
    static func symbol(forKind kind: String) -> String {
        switch kind {
        case "phone": "phone"
        case "email": "envelope"
        case "address": "mappin.and.ellipse"
        case "birthday": "gift"
        case "social": "at"
        case "url": "globe"
        case "name": "person"
        case "photo": "photo"
        case "bio": "text.alignleft"
        default: "doc.text"
        }
    }

    /// "your home address", "your bio", "your LinkedIn": what an ask wants to see. The same
    /// words as `AsksInboxModel.fieldText`, which is internal to RinProfiles.
    static func askedFieldText(_ field: RinPolicyField) -> String {
        switch field.kind {
        case .name: return "your name"
        case .photo: return "your photo"
        case .bio: return "your bio"
        case .birthday: return "your birthday"
        case .social:
            switch field.label {
            case .linkedin: return "your LinkedIn"
            case .x: return "your X account"
            case .whatsapp: return "your WhatsApp"
            default: return "your social account"
            }
        case .phone, .email, .address: return "your " + name(of: field).lowercased()
        }
    }

    // MARK: - Dates

    /// "10 December 1815", "10 December" (`--12-10`), or the text as the source had it.
    static func birthdayText(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return "" }
        let parts = value.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        if parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
           let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) {
            return date.formatted(Date.FormatStyle(date: .long, time: .omitted, timeZone: .gmt))
        }
        if parts.count == 4, parts[0].isEmpty, parts[1].isEmpty, let month = Int(parts[2]), let day = Int(parts[3]),
           let date = calendar.date(from: DateComponents(year: 2000, month: month, day: day)) {
            return date.formatted(Date.FormatStyle(timeZone: .gmt).day().month(.wide))
        }
        return value
    }

    // MARK: - Circles and profiles

    static func templateName(_ template: RinCircleTemplate) -> String {
        switch template {
        case .nameOnly: "Name only"
        case .permissive: "Permissive"
        case .moderate: "Moderate"
        case .restricted: "Restricted"
        }
    }

    static func templateHelp(_ template: RinCircleTemplate) -> String {
        switch template {
        case .nameOnly: "Only the name is shared."
        case .permissive: "Every field is shared."
        case .moderate: "Name, photo, primary phone and e-mail shared; the rest on Ask."
        case .restricted: "The name, and work phone and e-mail; nothing personal."
        }
    }

    /// The three a new circle may start from, named as the templates they are.
    static func template(of choice: RinCircleDraft.TemplatePayload) -> RinCircleTemplate {
        switch choice {
        case .permissive: .permissive
        case .moderate: .moderate
        case .restricted: .restricted
        }
    }

    /// "Everyone in your book", "Anyone on Rin", "3 members".
    static func membersText(_ circle: RinCircle) -> String {
        switch circle.kind {
        case .contacts: "Everyone in your book"
        case ._public: "Anyone on Rin"
        case .family, .friends, .colleagues, .custom: counted(circle.memberCount ?? 0, "member")
        }
    }

    static func profileKindName(_ kind: RinProfileKind) -> String {
        switch kind {
        case .primary: "Primary"
        case .professional: "Professional"
        case .personal: "Personal"
        case .anonymous: "Anonymous"
        }
    }

    /// What an alternate of each kind starts with (its Contacts circle's template).
    static func alternateKindHelp(_ kind: RinAlternateKind) -> String {
        switch kind {
        case .professional: "Its contacts start with every field shared."
        case .personal: "Its contacts start with the name, photo, primary phone and e-mail; the rest on Ask."
        case .anonymous: "Its contacts start with the name and work phone and e-mail only."
        }
    }

    static func alternateKindName(_ kind: RinAlternateKind) -> String {
        switch kind {
        case .professional: "Professional"
        case .personal: "Personal"
        case .anonymous: "Anonymous"
        }
    }

    // MARK: - Small things

    /// "1 contact", "3 contacts".
    static func counted(_ count: Int, _ one: String, _ many: String? = nil) -> String {
        "\(count.formatted()) \(count == 1 ? one : many ?? one + "s")"
    }

    /// "Ada Lovelace" → "AL", "ada" → "A": a face for someone without a photo.
    static func initials(_ name: String) -> String {
        let words = name.split(whereSeparator: \.isWhitespace)
        let letters = [words.first?.first, words.count > 1 ? words.last?.first : nil].compactMap { $0 }
        return letters.isEmpty ? "?" : String(letters).uppercased()
    }
}
